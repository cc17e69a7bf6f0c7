import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore } from './file-store.ts';
import type { SandboxStore } from './storage.ts';
import { payForm, sessionParams, startSandbox, tempDir, type Started } from './test-support.ts';

let dir: ReturnType<typeof tempDir>;
let sb: Started;
let now: number;

beforeEach(async () => {
  dir = tempDir();
  now = Date.now();
  sb = await startSandbox(dir.dir, { clock: () => now });
});

afterEach(async () => {
  await sb.close();
  dir.remove();
});

/** Sessions a second apart; oldest first. */
async function createSessions(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push((await sb.stripe.checkout.sessions.create(sessionParams())).id);
    now += 1000;
  }
  return ids;
}

async function listError(params: Stripe.Checkout.SessionListParams) {
  return sb.stripe.checkout.sessions.list(params).then(
    () => {
      throw new Error('expected the list to fail');
    },
    (err: Stripe.errors.StripeError) => err,
  );
}

describe('checkout.sessions.list', () => {
  it('lists sessions newest first, in Stripe’s list object, paged both ways', async () => {
    const [a, b, c, d] = await createSessions(4);
    const first = await sb.stripe.checkout.sessions.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/checkout/sessions' });
    expect(first.data.map((s) => s.id)).toEqual([d, c]);
    expect(first.data[0]).toMatchObject({ object: 'checkout.session', status: 'open' });
    const next = await sb.stripe.checkout.sessions.list({ limit: 2, starting_after: c });
    expect(next.data.map((s) => s.id)).toEqual([b, a]);
    expect(next.has_more).toBe(false);
    const back = await sb.stripe.checkout.sessions.list({ limit: 2, ending_before: a });
    expect(back.data.map((s) => s.id)).toEqual([c, b]);
    expect(back.has_more).toBe(true);
    const all = await sb.stripe.checkout.sessions.list({ limit: 1 }).autoPagingToArray({
      limit: 10,
    });
    expect(all.map((s) => s.id)).toEqual([d, c, b, a]);
    expect((await sb.stripe.checkout.sessions.list()).data).toHaveLength(4);
  });

  it('finds the session of a payment intent, and filters by status', async () => {
    const [open, paid, expired] = await createSessions(3);
    const session = await sb.stripe.checkout.sessions.retrieve(paid!);
    expect((await payForm(session.url!, {})).status).toBe(303);
    await sb.stripe.checkout.sessions.expire(expired!);
    const piId = (await sb.stripe.checkout.sessions.retrieve(paid!)).payment_intent as string;

    const byIntent = await sb.stripe.checkout.sessions.list({ payment_intent: piId });
    expect(byIntent).toMatchObject({ object: 'list', has_more: false });
    expect(byIntent.data.map((s) => [s.id, s.payment_intent])).toEqual([[paid, piId]]);
    const none = await sb.stripe.checkout.sessions.list({ payment_intent: 'pi_unknown' });
    expect(none.data).toEqual([]);
    const complete = await sb.stripe.checkout.sessions.list({ status: 'complete' });
    expect(complete.data.map((s) => s.id)).toEqual([paid]);
    const stillOpen = await sb.stripe.checkout.sessions.list({ status: 'open' });
    expect(stillOpen.data.map((s) => s.id)).toEqual([open]);
  });

  it('shows a session past its expiry as expired', async () => {
    const [id] = await createSessions(1);
    now += 25 * 60 * 60 * 1000;
    const listed = await sb.stripe.checkout.sessions.list();
    expect(listed.data.map((s) => [s.id, s.status])).toEqual([[id, 'expired']]);
  });

  it('refuses bad parameters with Stripe’s errors', async () => {
    expect(await listError({ limit: 0 })).toMatchObject({ statusCode: 400, param: 'limit' });
    expect(await listError({ starting_after: 'cs_test_unknown' })).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'starting_after',
    });
    expect(await listError({ status: 'paid' as 'open' })).toMatchObject({ param: 'status' });
  });

  it('lists by payment intent over a store that cannot list everything', async () => {
    await sb.close();
    const files = new FileStore(dir.dir, () => {
      throw new Error('nothing to rebuild');
    });
    const partial: SandboxStore = Object.assign(Object.create(files) as SandboxStore, {
      listSessions: undefined,
    });
    sb = await startSandbox(dir.dir, { storage: { store: partial } });
    const session = await sb.stripe.checkout.sessions.create(sessionParams());
    await payForm(session.url!, {});
    const piId = (await sb.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const byIntent = await sb.stripe.checkout.sessions.list({ payment_intent: piId });
    expect(byIntent.data.map((s) => s.id)).toEqual([session.id]);
    expect(await listError({})).toMatchObject({ statusCode: 400, param: 'payment_intent' });
  });
});
