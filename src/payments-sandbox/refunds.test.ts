import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from './file-store.ts';
import type { SandboxStore } from './storage.ts';
import {
  payForm,
  sessionParams,
  startReceiver,
  startSandbox,
  tempDir,
  waitFor,
  type Started,
} from './test-support.ts';

let dir: ReturnType<typeof tempDir>;
let sb: Started;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  dir = tempDir();
  receiver = await startReceiver();
  sb = await startSandbox(dir.dir, { webhookUrl: receiver.url });
});

afterEach(async () => {
  await sb.close();
  await receiver.close();
  dir.remove();
});

const TOTAL = 2 * 14999 + 2450;

/** A session paid on the hosted page; its payment intent id. */
async function paidIntent(): Promise<string> {
  const session = await sb.stripe.checkout.sessions.create(sessionParams());
  expect((await payForm(session.url!, {})).status).toBe(303);
  return (await sb.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
}

async function refundError(params: Stripe.RefundCreateParams): Promise<Stripe.errors.StripeError> {
  try {
    await sb.stripe.refunds.create(params);
  } catch (err) {
    return err as Stripe.errors.StripeError;
  }
  throw new Error('expected the refund to fail');
}

describe('charges and refunds', () => {
  it('gives a paid payment intent its charge, retrievable with amounts', async () => {
    const piId = await paidIntent();
    const pi = await sb.stripe.paymentIntents.retrieve(piId);
    expect(pi.latest_charge).toMatch(/^ch_[A-Za-z0-9]{24}$/);
    const charge = await sb.stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge).toMatchObject({
      object: 'charge',
      amount: TOTAL,
      amount_captured: TOTAL,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: 'succeeded',
      currency: 'usd',
      payment_intent: piId,
      created: pi.created,
    });
    expect(charge.payment_method_details).toMatchObject({
      type: 'card',
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        funding: 'credit',
        country: 'US',
        network: 'visa',
        checks: { cvc_check: 'pass' },
        amount_authorized: TOTAL,
        regulated_status: 'unregulated',
        three_d_secure: null,
        wallet: null,
      },
    });
    expect(charge.payment_method_details?.card?.fingerprint).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it('refunds part, then the rest by default, then refuses more with Stripe’s errors', async () => {
    const piId = await paidIntent();
    const first = await sb.stripe.refunds.create({
      payment_intent: piId,
      amount: 1000,
      reason: 'requested_by_customer',
      metadata: { orderNumber: 'KS-10001' },
    });
    expect(first).toMatchObject({
      object: 'refund',
      amount: 1000,
      status: 'succeeded',
      payment_intent: piId,
      currency: 'usd',
      reason: 'requested_by_customer',
      metadata: { orderNumber: 'KS-10001' },
    });
    expect(first.id).toMatch(/^re_[A-Za-z0-9]{24}$/);
    const chargeId = first.charge as string;
    expect(await sb.stripe.charges.retrieve(chargeId)).toMatchObject({
      amount_refunded: 1000,
      refunded: false,
    });

    const tooMuch = await refundError({ charge: chargeId, amount: TOTAL });
    expect(tooMuch).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      rawType: 'invalid_request_error',
      code: 'amount_too_large',
      doc_url: 'https://stripe.com/docs/error-codes/amount-too-large',
      param: 'amount',
      message: 'Refund amount ($324.48) is greater than unrefunded amount on charge ($314.48)',
    });

    const rest = await sb.stripe.refunds.create({ charge: chargeId });
    expect(rest.amount).toBe(TOTAL - 1000);
    expect(await sb.stripe.charges.retrieve(chargeId)).toMatchObject({
      amount_refunded: TOTAL,
      refunded: true,
    });
    const again = await refundError({ payment_intent: piId, amount: 1 });
    expect(again).toMatchObject({
      code: 'charge_already_refunded',
      rawType: 'invalid_request_error',
      message: `Charge ${chargeId} has already been refunded.`,
    });

    expect(await sb.stripe.refunds.retrieve(first.id)).toMatchObject({
      id: first.id,
      amount: 1000,
    });
    const list = await sb.stripe.refunds.list({ payment_intent: piId });
    expect(list.data.map((r) => r.id)).toEqual([rest.id, first.id]);
  });

  it('refuses bad requests clearly and changes nothing', async () => {
    const piId = await paidIntent();
    expect(await refundError({ payment_intent: 'pi_unknown' })).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent',
    });
    expect(await refundError({ charge: 'ch_unknown' })).toMatchObject({
      statusCode: 404,
      param: 'charge',
    });
    expect(await refundError({ payment_intent: piId, amount: 0 })).toMatchObject({
      param: 'amount',
    });
    expect(await refundError({})).toMatchObject({ statusCode: 400 });
    const pi = await sb.stripe.paymentIntents.retrieve(piId);
    expect((await sb.stripe.charges.retrieve(pi.latest_charge as string)).amount_refunded).toBe(0);
  });

  it('replays a refund sent twice with one Idempotency-Key, refunding once', async () => {
    const piId = await paidIntent();
    const key = 'refund-KS-10001-1';
    const a = await sb.stripe.refunds.create(
      { payment_intent: piId, amount: 700 },
      { idempotencyKey: key },
    );
    const b = await sb.stripe.refunds.create(
      { payment_intent: piId, amount: 700 },
      { idempotencyKey: key },
    );
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await sb.stripe.refunds.list({ payment_intent: piId })).data).toHaveLength(1);
  });

  it('never refunds more than the charge when refunds race, even on slow storage', async () => {
    // The refunds of a race all read the session, and none goes on until every one of them has:
    // they all see the same amount left, and only the store's compare-and-set can keep them from
    // spending it twice. Reads after those (the losers' re-reads) pass at once.
    await sb.close();
    const files = new FileStore(dir.dir, () => {
      throw new Error('nothing to rebuild');
    });
    let race: { readers: number; arrived: number; allRead: Promise<void>; open: () => void };
    const racing = (readers: number) => {
      let open!: () => void;
      const allRead = new Promise<void>((resolve) => (open = resolve));
      race = { readers, arrived: 0, allRead, open };
    };
    racing(0);
    const slow: SandboxStore = Object.assign(Object.create(files) as SandboxStore, {
      async sessionByPaymentIntent(id: string) {
        const session = await files.sessionByPaymentIntent(id);
        const current = race;
        current.arrived += 1;
        if (current.arrived === current.readers) current.open();
        if (current.arrived <= current.readers) await current.allRead;
        return session;
      },
    });
    sb = await startSandbox(dir.dir, { storage: { store: slow } });
    const piId = await paidIntent();
    racing(8);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        sb.stripe.refunds.create({ payment_intent: piId, amount: 10000 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3); // 3 × $100 of $324.48
    const pi = await sb.stripe.paymentIntents.retrieve(piId);
    const charge = await sb.stripe.charges.retrieve(pi.latest_charge as string);
    expect(charge.amount_refunded).toBe(30000);
    racing(4);
    const rest = await Promise.allSettled(
      Array.from({ length: 4 }, () => sb.stripe.refunds.create({ payment_intent: piId })),
    );
    expect(rest.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await sb.stripe.charges.retrieve(charge.id)).amount_refunded).toBe(TOTAL);
    expect((await sb.stripe.refunds.list({ payment_intent: piId, limit: 100 })).data).toHaveLength(
      4,
    );
  });

  it('announces each refund with charge.refunded (the charge after it) and refund.created', async () => {
    const piId = await paidIntent();
    const refund = await sb.stripe.refunds.create({ payment_intent: piId, amount: 2500 });
    const events = await waitFor(() => {
      const sent = receiver.received.map((r) => JSON.parse(r.body) as Stripe.Event);
      return (
        sent.filter((e) => e.data.object.object === 'refund' || e.type === 'charge.refunded')
          .length >= 2 && sent
      );
    });
    const refunded = events.find((e) => e.type === 'charge.refunded') as Stripe.ChargeRefundedEvent;
    expect(refunded.data.object).toMatchObject({
      object: 'charge',
      id: refund.charge,
      amount_refunded: 2500,
      refunded: false,
      payment_intent: piId,
    });
    const created = events.find((e) => e.type === 'refund.created') as Stripe.RefundCreatedEvent;
    expect(created.data.object).toMatchObject({ id: refund.id, amount: 2500 });
    const listed = await sb.stripe.events.list({ type: 'charge.refunded' });
    expect(listed.data.map((e) => e.id)).toEqual([refunded.id]);
  });

  it('prunes a refunded session with its refund events once it is past the retention', async () => {
    await sb.close();
    const monthAgo = Date.now() - 31 * 24 * 60 * 60 * 1000;
    sb = await startSandbox(dir.dir, { clock: () => monthAgo });
    const piId = await paidIntent();
    const refund = await sb.stripe.refunds.create({ payment_intent: piId, amount: 100 });
    expect((await sb.stripe.events.list({ type: 'charge.refunded' })).data).toHaveLength(1);
    await sb.close();
    sb = await startSandbox(dir.dir, { retentionDays: 30 }); // prunes as it starts
    await expect(sb.stripe.refunds.retrieve(refund.id)).rejects.toThrow(/No such refund/);
    for (const type of ['charge.refunded', 'refund.created', 'checkout.session.completed']) {
      expect((await sb.stripe.events.list({ type })).data).toEqual([]);
    }
  });
});
