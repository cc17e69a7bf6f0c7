// The staff actions through the functions API, on each database, with the real payments sandbox
// delivering its webhooks (so refunds reach the shop twice: the action's answer and the event).
// Each ship queues one shipped mail and each refund one refunded mail, however often it arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  orderMailsOf,
  payOrder,
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
  waitFor,
  webhooksDelivered,
} from '../test-support/index.ts';
import { CANCEL_REFUND_METADATA } from '../orders/index.ts';

/** A function's JSON answer: `{order}` or `{error, message}`. */
interface Answer {
  order: Record<string, unknown> & { status: string; shipped_at?: unknown; cancelled_at?: unknown };
  error: string;
  message: string;
}

describe.each(databaseTargets())('staff order actions on $name', (target) => {
  let server: PayingTestServer;
  let staff: Shopper & { token: string };
  let buyer: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ payments: true, target, deliverWebhooks: true });
    staff = await signUpStaff(server);
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  const act = async (name: string, body: unknown) => {
    const res = await server.call(`/functions/v1/${name}`, {
      method: 'POST',
      body: JSON.stringify(body),
      token: staff.token,
    });
    return { status: res.status, json: (await res.json()) as Answer };
  };
  const auditOf = async (orderId: number) =>
    (
      await server.db.query<Record<string, unknown>>(
        'SELECT staff_id, staff_email, action, before, after FROM public.staff_audit_log WHERE order_id = $1 ORDER BY id',
        [orderId],
      )
    ).rows;
  /** [kind, subject] of the mails queued about the order, oldest first. */
  const mailsOf = async (orderNumber: string) =>
    (await orderMailsOf(server.db, orderNumber))
      .filter((m) => m.kind !== 'order_confirmation')
      .map((m) => [m.kind, m.subject]);
  const refundsOf = async (orderId: number) =>
    (
      await server.db.query<{ provider_refund_id: string; amount_cents: number }>(
        'SELECT provider_refund_id, amount_cents FROM public.shop_order_refunds WHERE order_id = $1 ORDER BY id',
        [orderId],
      )
    ).rows;

  it('ships a paid order, then delivers it, logging who did what', async () => {
    const order = await payOrder(server, buyer);
    const shipped = await act('admin-ship', {
      orderNumber: order.orderNumber,
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.json.order).toMatchObject({
      id: order.id,
      order_number: order.orderNumber,
      status: 'shipped',
      carrier: 'UPS',
      tracking_number: '1Z999',
    });
    expect(shipped.json.order.shipped_at).toEqual(expect.any(String));
    const delivered = await act('admin-deliver', { orderNumber: order.orderNumber });
    expect(delivered.status).toBe(200);
    expect(delivered.json.order.status).toBe('delivered');

    const log = await auditOf(order.id);
    expect(log.map((l) => l.action)).toEqual(['ship', 'deliver']);
    expect(log[0]).toMatchObject({
      staff_id: staff.id,
      staff_email: staff.email,
      before: { status: 'paid', carrier: null, tracking_number: null, shipped_at: null },
      after: { status: 'shipped', carrier: 'UPS', tracking_number: '1Z999' },
    });
    const mails = await orderMailsOf(server.db, order.orderNumber);
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['order_confirmation', buyer.email],
      ['order_shipped', buyer.email],
    ]);
    for (const fact of [
      'UPS',
      '1Z999',
      '12 Analytical Way',
      `${server.config.siteUrl}/keebshop/#/`,
    ])
      expect(mails[1]?.text_body).toContain(fact);
  });

  it('refuses the wrong transition (409), an unknown order (404) and a bad body (400)', async () => {
    const order = await payOrder(server, buyer);
    const early = await act('admin-deliver', { orderNumber: order.orderNumber });
    expect(early).toEqual({
      status: 409,
      json: {
        error: 'invalid_transition',
        status: 'paid',
        message: `Order ${order.orderNumber} is paid: it cannot be delivered.`,
      },
    });
    expect(
      (await act('admin-ship', { orderNumber: 'KS-1', carrier: 'x', trackingNumber: 'y' })).json,
    ).toEqual({ error: 'order_not_found', message: 'No order KS-1.' });
    const bad = await act('admin-ship', { orderNumber: order.orderNumber, carrier: '' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('invalid_request');
    expect(bad.json.message).toMatch(/carrier/);
    expect(bad.json.message).toMatch(/trackingNumber/);
    expect(
      (await act('admin-refund', { orderNumber: order.orderNumber, amountCents: 0 })).status,
    ).toBe(400);
    expect(await auditOf(order.id)).toEqual([]);
    expect(await mailsOf(order.orderNumber)).toEqual([]);
  });

  it('of two staff shipping one order at once, one succeeds and the other gets 409', async () => {
    const order = await payOrder(server, buyer);
    const body = (n: number) => ({
      orderNumber: order.orderNumber,
      carrier: 'DHL',
      trackingNumber: `T${n}`,
    });
    const results = await Promise.all([act('admin-ship', body(1)), act('admin-ship', body(2))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await auditOf(order.id)).length).toBe(1);
    expect((await mailsOf(order.orderNumber)).map(([kind]) => kind)).toEqual(['order_shipped']);
  });

  it('refunds part then the rest; each refund is recorded once though the event comes too', async () => {
    const order = await payOrder(server, buyer);
    const part = await act('admin-refund', { orderNumber: order.orderNumber, amountCents: 1000 });
    expect(part.status).toBe(200);
    expect(part.json.order).toMatchObject({ status: 'paid', refunded_cents: 1000 });
    const tooMuch = await act('admin-refund', {
      orderNumber: order.orderNumber,
      amountCents: order.totalCents,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.message).toContain(`${order.totalCents - 1000} cents left`);
    const rest = await act('admin-refund', {
      orderNumber: order.orderNumber,
      amountCents: order.totalCents - 1000,
    });
    expect(rest.json.order).toMatchObject({ status: 'refunded', refunded_cents: order.totalCents });
    // The sandbox's charge.refunded events arrive meanwhile: still two refunds, one row each.
    await waitFor(async () => {
      const events = await server.stripe.events.list({ type: 'charge.refunded', limit: 100 });
      return events.data.length > 0 ? true : undefined;
    });
    // Both refunds' events have been delivered and handled by the shop.
    await webhooksDelivered(server.db);
    const refunds = await refundsOf(order.id);
    expect(refunds.map((r) => r.amount_cents)).toEqual([1000, order.totalCents - 1000]);
    const again = await act('admin-refund', { orderNumber: order.orderNumber, amountCents: 1 });
    expect(again.status).toBe(409);
    // Both staff actions are logged. The provider's event runs while the action waits for the
    // provider's answer; when it records a refund first it logs that too (no staff member).
    const actions = (await auditOf(order.id)).map((l) => l.action);
    expect(actions.filter((a) => a === 'refund')).toEqual(['refund', 'refund']);
    expect(actions.filter((a) => a !== 'refund' && a !== 'provider_refund')).toEqual([]);
    expect(await mailsOf(order.orderNumber)).toEqual([
      ['order_refunded', `A partial refund for your Keebshop order ${order.orderNumber}`],
      ['order_refunded', `Your Keebshop order ${order.orderNumber} is refunded in full`],
    ]);
  });

  it('records a refund made in the provider dashboard, from its charge.refunded event', async () => {
    const order = await payOrder(server, buyer);
    await server.stripe.refunds.create({ payment_intent: order.paymentIntent, amount: 500 });
    const recorded = await waitFor(async () => {
      const rows = await refundsOf(order.id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(recorded).toEqual([
      { provider_refund_id: expect.stringMatching(/^re_/), amount_cents: 500 },
    ]);
    const log = await auditOf(order.id);
    expect(log).toEqual([
      {
        staff_id: null,
        staff_email: null,
        action: 'provider_refund',
        before: { status: 'paid', refunded_cents: 0 },
        after: { status: 'paid', refunded_cents: 500 },
      },
    ]);
    const mails = (await orderMailsOf(server.db, order.orderNumber)).filter(
      (m) => m.kind === 'order_refunded',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('$5.00');
    expect(mails[0]?.text_body).toContain(recorded[0]?.provider_refund_id);
  });

  it('cancels a paid order, refunding what is left; two cancels at once refund once', async () => {
    const order = await payOrder(server, buyer);
    await act('admin-refund', { orderNumber: order.orderNumber, amountCents: 300 });
    const results = await Promise.all([
      act('admin-cancel', { orderNumber: order.orderNumber }),
      act('admin-cancel', { orderNumber: order.orderNumber }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const done = results.find((r) => r.status === 200)!;
    expect(done.json.order).toMatchObject({
      status: 'cancelled',
      refunded_cents: order.totalCents,
    });
    expect(done.json.order.cancelled_at).toEqual(expect.any(String));
    expect((await refundsOf(order.id)).map((r) => r.amount_cents)).toEqual([
      300,
      order.totalCents - 300,
    ]);
    expect(await mailsOf(order.orderNumber)).toEqual([
      ['order_refunded', `A partial refund for your Keebshop order ${order.orderNumber}`],
      ['order_refunded', `Your Keebshop order ${order.orderNumber} is cancelled and refunded`],
    ]);
    const charge = await server.stripe.paymentIntents.retrieve(order.paymentIntent);
    const refundedAtProvider = await server.stripe.refunds.list({
      payment_intent: charge.id,
    });
    expect(refundedAtProvider.data.reduce((s, r) => s + r.amount, 0)).toBe(order.totalCents);
    const shipped = await payOrder(server, buyer);
    await act('admin-ship', {
      orderNumber: shipped.orderNumber,
      carrier: 'UPS',
      trackingNumber: '1',
    });
    expect((await act('admin-cancel', { orderNumber: shipped.orderNumber })).json).toMatchObject({
      error: 'invalid_transition',
      status: 'shipped',
    });
  });

  it('completes a cancel cut off after its refund, from the refund event alone', async () => {
    // A crash between the provider's answer and the cancel's own transaction leaves only the
    // charge.refunded event, for the refund exactly as admin-cancel asked for it.
    const order = await payOrder(server, buyer, [
      { key: 'switches:17', color: 'Gold', quantity: 3 },
    ]);
    const stock = async () =>
      (
        await server.db.query<{ on_hand: number }>(
          `SELECT on_hand FROM public.stock WHERE product_key = 'switches:17' AND color = 'Gold'`,
        )
      ).rows[0]?.on_hand;
    const paidStock = await stock();
    await server.stripe.refunds.create({
      payment_intent: order.paymentIntent,
      amount: order.totalCents,
      metadata: CANCEL_REFUND_METADATA,
    });
    const status = async () =>
      (
        await server.db.query<{ status: string; refunded_cents: number }>(
          'SELECT status, refunded_cents FROM public.shop_orders WHERE id = $1',
          [order.id],
        )
      ).rows[0];
    await waitFor(async () => ((await status())?.refunded_cents ? true : undefined));
    expect(await status()).toEqual({ status: 'cancelled', refunded_cents: order.totalCents });
    expect(await stock()).toBe(Number(paidStock) + 3);
    // The staff's retry finds it done; nothing is refunded or returned twice.
    const retry = await act('admin-cancel', { orderNumber: order.orderNumber });
    expect(retry.json).toMatchObject({ error: 'invalid_transition', status: 'cancelled' });
    expect((await refundsOf(order.id)).length).toBe(1);
    expect(await stock()).toBe(Number(paidStock) + 3);
    expect(await mailsOf(order.orderNumber)).toEqual([
      ['order_refunded', `Your Keebshop order ${order.orderNumber} is cancelled and refunded`],
    ]);
  });

  it('returns the items of a cancelled order to stock, once', async () => {
    const onHand = async () =>
      Number(
        (
          await server.db.query<{ on_hand: number }>(
            `SELECT on_hand FROM public.stock WHERE product_key = 'switches:17' AND color = 'Gold'`,
          )
        ).rows[0]?.on_hand,
      );
    const before = await onHand();
    const order = await payOrder(server, buyer, [
      { key: 'switches:17', color: 'Gold', quantity: 4 },
    ]);
    expect(await onHand()).toBe(before - 4);
    expect((await act('admin-cancel', { orderNumber: order.orderNumber })).status).toBe(200);
    expect(await onHand()).toBe(before);
    expect((await act('admin-cancel', { orderNumber: order.orderNumber })).status).toBe(409);
    expect(await onHand()).toBe(before);
  });
});
