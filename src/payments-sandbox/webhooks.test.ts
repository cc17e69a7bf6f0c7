import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  payForm,
  sessionParams,
  startReceiver,
  startSandbox,
  tempDir,
  waitFor,
  type Received,
} from './test-support.ts';
import { backoffDelay, DEFAULT_RETRY } from './webhooks.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const fastRetry = { initialDelayMs: 40, maxDelayMs: 200 };

/** Verifies a delivery exactly as the shop's webhook function will: with the official SDK. */
function verify(delivery: Received, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(
    delivery.body,
    String(delivery.headers['stripe-signature']),
    secret,
  );
}

async function setup(status?: (n: number) => number) {
  const dir = tempDir();
  const receiver = await startReceiver(status);
  const sb = await startSandbox(dir.dir, { webhookUrl: receiver.url, webhookRetry: fastRetry });
  cleanups.push(dir.remove, receiver.close, sb.close);
  return { dir, receiver, sb };
}

describe('webhooks', () => {
  it('sends checkout.session.completed, signed so that stripe.webhooks.constructEvent accepts it', async () => {
    const { receiver, sb } = await setup();
    const session = await sb.stripe.checkout.sessions.create(sessionParams());
    await payForm(session.url!, {});
    const delivery = await waitFor(() =>
      receiver.received.find((d) => d.body.includes('"type":"checkout.session.completed"')),
    );
    expect(delivery.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(delivery.headers['stripe-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = verify(delivery, sb.webhookSecret);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      api_version: '2026-10-28.endive',
      livemode: false,
    });
    expect(event.id).toMatch(/^evt_/);
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { userId: '6f1c2a9e-0000-4000-8000-00000000abcd' },
    });
    expect((await sb.stripe.events.retrieve(event.id)).type).toBe('checkout.session.completed');
    // Signed with another secret, the SDK refuses it.
    expect(() => verify(delivery, 'whsec_someOtherSecret123')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('announces a payment as Stripe does: charge.succeeded, payment_intent.succeeded, then checkout.session.completed', async () => {
    const { receiver, sb } = await setup();
    const session = await sb.stripe.checkout.sessions.create(sessionParams());
    await payForm(session.url!, {});
    await waitFor(() => receiver.received.length >= 3);
    const events = receiver.received.map((d) => verify(d, sb.webhookSecret));
    expect(events.map((e) => e.type)).toEqual([
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    const paid = await sb.stripe.checkout.sessions.retrieve(session.id);
    const pi = await sb.stripe.paymentIntents.retrieve(paid.payment_intent as string);
    const [charge, intent] = events.map((e) => e.data.object) as [
      Stripe.Charge,
      Stripe.PaymentIntent,
    ];
    expect(charge).toMatchObject({
      object: 'charge',
      id: pi.latest_charge,
      status: 'succeeded',
      paid: true,
      captured: true,
      amount: 32448,
      amount_captured: 32448,
      amount_refunded: 0,
      payment_intent: pi.id,
    });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      id: pi.id,
      status: 'succeeded',
      amount: 32448,
      amount_received: 32448,
      latest_charge: pi.latest_charge,
    });
    for (const event of events) {
      expect((await sb.stripe.events.retrieve(event.id)).type).toBe(event.type);
    }
    const listed = await sb.stripe.events.list({ type: 'payment_intent.succeeded' });
    expect(listed.data.map((e) => e.id)).toEqual([events[1]!.id]);
  });

  it('sends events in the order they happened', async () => {
    const { receiver, sb } = await setup();
    const first = await sb.stripe.checkout.sessions.create(sessionParams());
    const second = await sb.stripe.checkout.sessions.create(sessionParams());
    await sb.stripe.checkout.sessions.expire(first.id);
    await payForm(second.url!, {});
    await waitFor(() => receiver.received.length >= 4);
    const events = receiver.received.map((d) => verify(d, sb.webhookSecret));
    const pi = await sb.stripe.paymentIntents.retrieve(
      (await sb.stripe.checkout.sessions.retrieve(second.id)).payment_intent as string,
    );
    expect(events.map((e) => [e.type, (e.data.object as { id: string }).id])).toEqual([
      ['checkout.session.expired', first.id],
      ['charge.succeeded', pi.latest_charge],
      ['payment_intent.succeeded', pi.id],
      ['checkout.session.completed', second.id],
    ]);
  });

  it('retries with backoff until the endpoint answers 2xx, each attempt validly signed', async () => {
    const { receiver, sb } = await setup((n) => (n <= 2 ? 500 : 200));
    const session = await sb.stripe.checkout.sessions.create(sessionParams());
    await payForm(session.url!, {});
    // The payment's three events: the first two attempts fail, then each is delivered once.
    // Once the sandbox records them all delivered, nothing is pending, and its one delivery loop
    // has no request under way: nothing more is sent afterwards.
    const pending = async () =>
      ((await (await fetch(`${sb.url}/healthz`)).json()) as { pendingWebhooks: number })
        .pendingWebhooks;
    await expect.poll(pending, { timeout: 10_000 }).toBe(0);
    const events = receiver.received.map((d) => verify(d, sb.webhookSecret));
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    expect(receiver.received).toHaveLength(5);
  });

  it('keeps sessions and pending deliveries across a restart, and resumes delivering', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const down = await startReceiver(() => 503);
    cleanups.push(down.close);
    const first = await startSandbox(dir.dir, { webhookUrl: down.url, webhookRetry: fastRetry });
    const session = await first.stripe.checkout.sessions.create(sessionParams());
    const open = await first.stripe.checkout.sessions.create(sessionParams());
    await payForm(session.url!, {});
    await waitFor(() => down.received.length >= 1);
    await first.close();

    const up = await startReceiver(() => 200);
    cleanups.push(up.close);
    const second = await startSandbox(dir.dir, { webhookUrl: up.url, webhookRetry: fastRetry });
    cleanups.push(second.close);
    // The payment's three events, each refused before the restart, all go out after it.
    const delivered = await waitFor(() => {
      const events = up.received.map((d) => verify(d, second.webhookSecret));
      return new Set(events.map((e) => e.id)).size >= 3 && events;
    });
    const refused = down.received.map((d) => verify(d, first.webhookSecret).id);
    expect(delivered.map((e) => e.id)).toEqual(expect.arrayContaining(refused));
    const completed = delivered.find((e) => e.type === 'checkout.session.completed');
    expect((completed?.data.object as { id: string }).id).toBe(session.id);

    const kept = await second.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items'],
    });
    expect(kept).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 32448 });
    expect(kept.line_items!.data).toHaveLength(2);
    const stillOpen = await second.stripe.checkout.sessions.retrieve(open.id);
    expect(stillOpen.status).toBe('open');
    expect(stillOpen.url).toBe(`${second.url}/c/pay/${open.id}`);
  });

  it('recreates an event lost between the session write and the event write, on restart', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const first = await startSandbox(dir.dir);
    const session = await first.stripe.checkout.sessions.create(sessionParams());
    await payForm(session.url!, {});
    await first.close();
    // What a crash right after the session's file was renamed into place leaves behind.
    for (const file of readdirSync(path.join(dir.dir, 'events'))) {
      rmSync(path.join(dir.dir, 'events', file));
    }
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const second = await startSandbox(dir.dir, { webhookUrl: receiver.url });
    cleanups.push(second.close);
    await waitFor(() => receiver.received.length >= 3);
    const events = receiver.received.map((d) => verify(d, second.webhookSecret));
    expect(events.map((e) => e.type)).toEqual([
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    expect((events[1]!.data.object as Stripe.PaymentIntent).latest_charge).toBe(
      (events[0]!.data.object as Stripe.Charge).id,
    );
    expect((events[2]!.data.object as { id: string }).id).toBe(session.id);
  });

  it('backs off by doubling from 1 s, capped, with jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, DEFAULT_RETRY, mid))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(backoffDelay(20, DEFAULT_RETRY, mid)).toBe(DEFAULT_RETRY.maxDelayMs);
    expect(backoffDelay(1, DEFAULT_RETRY, () => 0)).toBe(750);
    expect(backoffDelay(1, DEFAULT_RETRY, () => 0.999)).toBeLessThanOrEqual(1250);
  });
});
