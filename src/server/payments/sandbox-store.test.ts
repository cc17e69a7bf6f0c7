// The payments sandbox over the shop's database (databaseSandboxStore), as every instance runs it:
// two sandboxes on one database deliver each webhook once, and old records are pruned.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, generateSandboxKeys } from '../../payments-sandbox/index.ts';
import {
  objectStoreContract,
  payForm,
  sessionParams,
  shippingFields,
  shippingParams,
  startReceiver,
  stripeClient,
  waitFor,
} from '../../payments-sandbox/test-support.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Database } from '../db/types.ts';
import {
  databaseTargets,
  type TestDatabase,
  watchStatements,
  webhooksDelivered,
} from '../test-support/index.ts';
import { loadSandboxKeys } from './sandbox-keys.ts';
import { databaseSandboxStore } from './sandbox-store.ts';
import { startPayments } from './start.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A dispatcher's claim of the next due delivery: one each turn of its loop. */
const isDeliveryClaim = (sql: string) =>
  sql.includes('UPDATE keebshop.sandbox_events SET leased_until');
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A webhook endpoint that takes `delayMs` to answer 200, and records each event id it got. */
async function slowReceiver(delayMs: number) {
  const ids: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      ids.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id);
      setTimeout(() => res.end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, ids };
}

describe.each(databaseTargets())('the payments sandbox in the database on $name', (target) => {
  const keys = generateSandboxKeys();

  async function database(): Promise<TestDatabase> {
    const db = await target.open();
    cleanup.push(() => db.close());
    return db;
  }

  /** A sandbox as one instance runs it: on PostgreSQL with a pool of its own. */
  async function sandboxOn(
    shared: TestDatabase,
    options: { webhookUrl?: string; clock?: () => number; retentionDays?: number } = {},
  ) {
    const db: Database = shared.url ? await openPostgres(shared.url, 3) : shared;
    if (db !== shared) cleanup.push(() => db.close());
    const claims = watchStatements(db, isDeliveryClaim);
    const running = await createSandbox({
      storage: { store: databaseSandboxStore(claims.db) },
      ...keys,
      ...options,
      webhookRetry: { initialDelayMs: 20, maxDelayMs: 50 },
    }).start(0);
    cleanup.push(running.close);
    return { ...running, claims, stripe: stripeClient(keys.secretKey, running.port) };
  }

  it('keeps sessions across sandboxes: one pays, another serves it paid', async () => {
    const db = await database();
    const first = await sandboxOn(db);
    const session = await first.stripe.checkout.sessions.create(sessionParams());
    expect((await payForm(session.url!, {})).status).toBe(303);
    await first.close();
    const second = await sandboxOn(db);
    const seen = await second.stripe.checkout.sessions.retrieve(session.id);
    expect(seen).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = await second.stripe.paymentIntents.retrieve(seen.payment_intent as string);
    expect(intent.status).toBe('succeeded');
    const events = await second.stripe.events.list({ type: 'checkout.session.completed' });
    expect(events.data.map((e) => (e.data.object as { id: string }).id)).toEqual([session.id]);
  });

  it('delivers each event once when two sandboxes share the webhook queue', async () => {
    const db = await database();
    // Each delivery takes a while, so both sandboxes find events due while the other one sends.
    const receiver = await slowReceiver(150);
    const first = await sandboxOn(db, { webhookUrl: receiver.url });
    const second = await sandboxOn(db, { webhookUrl: receiver.url });
    const sessions = await Promise.all(
      Array.from({ length: 12 }, () => first.stripe.checkout.sessions.create(sessionParams())),
    );
    await Promise.all(sessions.map((s) => payForm(s.url!, {})));
    // Three events a payment, as Stripe sends them: charge.succeeded, payment_intent.succeeded,
    // checkout.session.completed.
    const events = 12 * 3;
    await waitFor(() => receiver.ids.length >= events);
    // Every event is recorded delivered; then each dispatcher claims once more, which it does only
    // once its last delivery is over: no second delivery of either is still on its way.
    await webhooksDelivered(db);
    await Promise.all([first.claims.next(), second.claims.next()]);
    const ids = receiver.ids;
    expect(ids).toHaveLength(events);
    expect(new Set(ids).size).toBe(events);
  });

  it('lists the sessions newest first, a page at a time, from any instance', async () => {
    const db = await database();
    const first = await sandboxOn(db);
    const second = await sandboxOn(db);
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await first.stripe.checkout.sessions.create(sessionParams()));
    }
    // Newest first; sessions of the same second in one fixed order, by id.
    const newestFirst = made
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1))
      .map((s) => s.id);
    const page = await second.stripe.checkout.sessions.list({ limit: 2 });
    expect(page.data.map((s) => s.id)).toEqual(newestFirst.slice(0, 2));
    expect(page.has_more).toBe(true);
    const next = await second.stripe.checkout.sessions.list({
      limit: 10,
      starting_after: page.data[1]!.id,
    });
    expect(next.data.map((s) => s.id)).toEqual(newestFirst.slice(2));
    expect(next.has_more).toBe(false);
    const back = await second.stripe.checkout.sessions.list({
      limit: 2,
      ending_before: newestFirst[3]!,
    });
    expect(back.data.map((s) => s.id)).toEqual(newestFirst.slice(1, 3));
    const all = [];
    for await (const s of second.stripe.checkout.sessions.list({ limit: 2 })) all.push(s.id);
    expect(all).toEqual(newestFirst);
  });

  it('prunes finished sessions older than the retention, keeping open and undelivered ones', async () => {
    const db = await database();
    const monthAgo = Date.now() - 31 * DAY_MS;
    const down = await startReceiver(() => 503);
    cleanup.push(down.close);
    const old = await sandboxOn(db, { clock: () => monthAgo, webhookUrl: down.url });
    const paid = await old.stripe.checkout.sessions.create(sessionParams());
    const stuck = await old.stripe.checkout.sessions.create(sessionParams());
    await payForm(paid.url!, {});
    await payForm(stuck.url!, {});
    await old.close();
    // The paid session's webhook went out long ago; the stuck one's still fails.
    await db.query(
      `UPDATE keebshop.sandbox_events SET delivered_at = $1
       WHERE session_id = $2`,
      [monthAgo, paid.id],
    );
    const recent = await (await sandboxOn(db)).stripe.checkout.sessions.create(sessionParams());

    const now = await sandboxOn(db, { retentionDays: 30 }); // prunes as it starts
    await expect(now.stripe.checkout.sessions.retrieve(paid.id)).rejects.toThrow(/No such/);
    expect((await now.stripe.checkout.sessions.retrieve(stuck.id)).status).toBe('complete');
    expect((await now.stripe.checkout.sessions.retrieve(recent.id)).status).toBe('open');
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM keebshop.sandbox_events WHERE session_id = $1',
      [paid.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('keeps shipping, charges and refunds, and two sandboxes refunding at once never exceed the charge', async () => {
    const db = await database();
    const first = await sandboxOn(db);
    const second = await sandboxOn(db);
    const session = await first.stripe.checkout.sessions.create(sessionParams(shippingParams()));
    const express = session.shipping_options[1]!.shipping_rate as string;
    expect((await payForm(session.url!, { ...shippingFields, shippingRate: express })).status).toBe(
      303,
    );
    const paid = await second.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['shipping_cost.shipping_rate'],
    });
    expect(paid.collected_information?.shipping_details?.address?.postal_code).toBe('62701');
    expect(paid.amount_total).toBe(2 * 14999 + 2450 + 1500);
    expect((await second.stripe.shippingRates.retrieve(express)).display_name).toBe('Express');
    const piId = paid.payment_intent as string;
    const chargeId = (await second.stripe.paymentIntents.retrieve(piId)).latest_charge as string;

    // 12 refunds of $50 from two sandboxes at once, against $339.48: exactly 6 can succeed.
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? first : second).stripe.refunds.create({ payment_intent: piId, amount: 5000 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    const charge = await first.stripe.charges.retrieve(chargeId);
    expect(charge).toMatchObject({ amount_refunded: 30000, refunded: false });
    const refunds = await second.stripe.refunds.list({ charge: chargeId, limit: 100 });
    expect(refunds.data).toHaveLength(6);
    expect((await first.stripe.refunds.retrieve(refunds.data[0]!.id)).amount).toBe(5000);
    const events = await first.stripe.events.list({ type: 'charge.refunded', limit: 100 });
    expect(events.data).toHaveLength(6);
  });

  describe('coupons, promotion codes and tax rates', () => {
    // Two stores as two instances have them: on PostgreSQL each with a pool of its own.
    objectStoreContract(async () => {
      const db = await database();
      const other: Database = db.url ? await openPostgres(db.url, 3) : db;
      if (other !== db) cleanup.push(() => other.close());
      return [databaseSandboxStore(db), databaseSandboxStore(other)];
    });

    it('serves the codes one instance made from another, one active code per text', async () => {
      const db = await database();
      const [first, second] = [await sandboxOn(db), await sandboxOn(db)];
      await first.stripe.coupons.create({ id: 'LAUNCH', percent_off: 15 });
      const promotion = { type: 'coupon' as const, coupon: 'LAUNCH' };
      const made = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? first : second).stripe.promotionCodes.create({ promotion, code: 'LAUNCH-15' }),
        ),
      );
      expect(made.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const listed = await second.stripe.promotionCodes.list({ code: 'launch-15' });
      expect(listed.data.map((p) => p.promotion.coupon)).toEqual(['LAUNCH']);
      const rate = await second.stripe.taxRates.create({
        display_name: 'Sales Tax',
        percentage: 8.875,
        inclusive: false,
        country: 'US',
        state: 'NY',
      });
      expect(await first.stripe.taxRates.retrieve(rate.id)).toEqual(rate);
    });
  });

  it('moves the sessions an older version kept under DATA_DIR/payments-sandbox into the database', async () => {
    const db = await database();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-upgrade-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // What the previous version left: the sandbox's JSON files, with this database's keys.
    const dbKeys = await loadSandboxKeys(db);
    const legacy = await createSandbox({
      storage: { dataDir: path.join(dataDir, 'payments-sandbox') },
      ...dbKeys,
    }).start(0);
    const legacyStripe = stripeClient(dbKeys.secretKey, legacy.port);
    const paid = await legacyStripe.checkout.sessions.create(sessionParams());
    await payForm(paid.url!, {});
    await legacy.close();

    const payments = await startPayments({
      settings: { provider: 'sandbox', port: 0 },
      db,
      dataDir,
      webhookUrl: 'http://127.0.0.1:9/functions/v1/stripe-webhook',
    });
    cleanup.push(() => payments.close());
    const seen = await payments.stripe.checkout.sessions.retrieve(paid.id);
    expect(seen).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const events = await payments.stripe.events.list({ type: 'checkout.session.completed' });
    expect(events.data).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'payments-sandbox'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'payments-sandbox.imported'))).toBe(true);
  });
});
