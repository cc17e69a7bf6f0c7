// The webhook endpoint: deliveries signed with the sandbox's secret (as Stripe signs), and the
// sandbox's own deliveries to a served app, on each database target.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  orderMailsOf,
  type PayingTestServer,
  startTestServer,
  waitFor,
} from '../test-support/index.ts';

const ITEMS = [
  { key: 'keyboards:119', color: 'Pink', quantity: 1 },
  { key: 'accessories:215', color: 'Standard', quantity: 3 },
];

describe.each(databaseTargets())('stripe-webhook on $name', (target) => {
  let server: PayingTestServer;

  beforeAll(async () => {
    server = await startTestServer({ payments: true, target, deliverWebhooks: true });
  });
  afterAll(() => server?.close());

  async function paidSession(): Promise<{ id: string; userId: string; email: string }> {
    const shopper = await server.signUp('buyer');
    const { data, error } = await shopper.functions.invoke<{ id: string; url: string }>(
      'checkout',
      {
        body: { items: ITEMS },
      },
    );
    if (error || !data) throw error ?? new Error('no session');
    expect((await server.pay(data)).status).toBe(303);
    return { id: data.id, userId: shopper.id, email: shopper.email };
  }

  async function completedEvent(sessionId: string): Promise<Stripe.Event> {
    const events = await server.stripe.events.list({
      type: 'checkout.session.completed',
      limit: 100,
    });
    const event = events.data.find((e) => (e.data.object as { id: string }).id === sessionId);
    if (!event) throw new Error(`no completed event for ${sessionId}`);
    return event;
  }

  /** The confirmation mails queued for the order of `sessionId`. */
  async function confirmationsOf(sessionId: string) {
    const { rows } = await server.db.query<{ order_number: string }>(
      'SELECT order_number FROM public.shop_orders WHERE checkout_session_id = $1',
      [sessionId],
    );
    const mails = await orderMailsOf(server.db, rows[0]?.order_number ?? '?');
    return mails.filter((m) => m.kind === 'order_confirmation');
  }

  it('records the order when the sandbox delivers checkout.session.completed', async () => {
    const { id, userId, email } = await paidSession();
    // Nobody calls confirm: the webhook alone must record it.
    const rows = await waitFor(async () => {
      const found = await server.ordersOf(id);
      return found.length > 0 ? found : undefined;
    });
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: userId,
        product_name: 'Wireless Compact Keyboard',
        selected_color: 'Pink',
        quantity: 1,
        price: '80.00',
      }),
      expect.objectContaining({ product_name: 'Monitor Stand', quantity: 3, price: '25.00' }),
    ]);
    // Its confirmation is queued with it, and the same event delivered again adds none.
    expect((await confirmationsOf(id)).map((m) => m.recipient)).toEqual([email]);
    const again = await server.webhook(await completedEvent(id));
    expect(await again.json()).toEqual({ received: true, status: 'saved' });
    expect(await confirmationsOf(id)).toHaveLength(1);
  });

  it('refuses a delivery whose signature does not verify with 400', async () => {
    const { id } = await paidSession();
    const event = await completedEvent(id);
    const payload = JSON.stringify(event);
    const unsigned = await server.app.request('/functions/v1/stripe-webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ error: 'invalid_signature' });

    const wrongSecret = await server.webhook(event, server.app, 'whsec_notthesandboxsecret');
    expect(wrongSecret.status).toBe(400);

    // Signed over a different body than the one sent: tampering is caught.
    const header = (await import('stripe')).default.webhooks.generateTestHeaderString({
      payload,
      secret: server.sandboxKeys.webhookSecret,
    });
    const tampered = await server.app.request('/functions/v1/stripe-webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload.replace('"livemode":false', '"livemode":true'),
    });
    expect(tampered.status).toBe(400);
  });

  it('answers 2xx to events it does not handle', async () => {
    const { id } = await paidSession();
    const completed = await completedEvent(id);
    for (const type of ['payment_intent.succeeded', 'customer.created']) {
      const res = await server.webhook({ ...completed, id: `evt_other_${type}`, type });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, ignored: type });
    }
  });

  it('fulfils async_payment_succeeded the same way, once, and leaves an unpaid session alone', async () => {
    const { id } = await paidSession();
    const completed = await completedEvent(id);
    const asyncEvent = {
      ...completed,
      id: 'evt_async_1',
      type: 'checkout.session.async_payment_succeeded',
    };
    const res = await server.webhook(asyncEvent);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, status: 'saved' });
    expect(await server.ordersOf(id)).toHaveLength(2);
    expect(await server.webhook(completed).then((r) => r.json())).toMatchObject({
      status: 'saved',
    });
    expect(await confirmationsOf(id)).toHaveLength(1);

    // A completed event for a session that is not paid (a delayed payment method) records nothing.
    const shopper = await server.signUp('buyer');
    const { data } = await shopper.functions.invoke<{ id: string }>('checkout', {
      body: { items: ITEMS },
    });
    const unpaidId = data?.id ?? '';
    const unpaid = {
      ...completed,
      id: 'evt_unpaid',
      data: { object: { ...completed.data.object, id: unpaidId, payment_status: 'unpaid' } },
    };
    const answer = await server.webhook(unpaid);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, status: 'not_paid' });
    expect(await server.ordersOf(unpaidId)).toEqual([]);
    expect(await confirmationsOf(unpaidId)).toEqual([]);
  });
});
