// PostgreSQL going away under traffic (a restart, a failover): on a private cluster of its own,
// the shop keeps running, answers 503 with Retry-After in each API's shape while the database is
// down, recovers by itself, and loses no paid order through fast and immediate restarts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import type { SqlDatabase } from './sql.ts';
import {
  startPrivateCluster,
  startTestServer,
  type PayingTestServer,
  type PrivateCluster,
  type Shopper,
  waitFor,
} from '../test-support/index.ts';

const CART = [
  { key: 'keyboards:2', color: 'Green', quantity: 1 },
  { key: 'switches:16', color: 'Dull', quantity: 35 },
];

let cluster: PrivateCluster;
let db: SqlDatabase;
let shop: PayingTestServer;

beforeAll(async () => {
  cluster = await startPrivateCluster();
  const admin = await openPostgres(cluster.url(), 1);
  await admin.query('CREATE DATABASE shop');
  await admin.close();
  db = await openPostgres(cluster.url('shop'));
  await runMigrations(db);
  shop = await startTestServer({ db, payments: true });
  // Every shopper buys the same cart over and over: stock is not what this test is about.
  await db.query('UPDATE public.stock SET on_hand = 1000000');
}, 60_000);

afterAll(async () => {
  await shop?.close();
  await db?.close();
  await cluster?.stop();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

const signIn = (shopper: Shopper) =>
  shop
    .call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: shopper.email, password: shopper.password }),
    })
    .then(answer);
const history = (shopper: Shopper) =>
  shop.call('/rest/v1/orders?select=*', { token: shopper.accessToken }).then(answer);
const checkout = (shopper: Shopper) =>
  shop
    .call('/functions/v1/checkout', {
      method: 'POST',
      token: shopper.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: CART }),
    })
    .then(answer);
const confirm = (shopper: Shopper, sessionId: string) =>
  shop
    .call('/functions/v1/confirm-checkout', {
      method: 'POST',
      token: shopper.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId }),
    })
    .then(answer);

describe('PostgreSQL restarting or failing over under traffic', () => {
  it('answers 503 with Retry-After in each API’s shape while the database is down, then recovers', async () => {
    const shopper = await shop.signUp('away');
    await cluster.halt('fast');
    try {
      const auth = await signIn(shopper);
      expect(auth.status).toBe(503);
      expect(auth.retryAfter).toBe('5');
      expect(auth.body).toMatchObject({
        error_code: 'database_unavailable',
        msg: expect.stringMatching(/database is temporarily unavailable/),
      });
      const rest = await history(shopper);
      expect(rest.status).toBe(503);
      expect(rest.retryAfter).toBe('5');
      expect(rest.body).toEqual({
        code: 'PGRST000',
        details: null,
        hint: null,
        message: expect.stringMatching(/database is temporarily unavailable/),
      });
      // A page on another origin can read when to try again.
      const cross = await shop.call('/rest/v1/orders?select=*', {
        token: shopper.accessToken,
        headers: { Origin: 'https://shop.example' },
      });
      expect(cross.status).toBe(503);
      expect(cross.headers.get('access-control-expose-headers')).toMatch(/Retry-After/i);
      const health = await shop.app.request('/healthz');
      expect(health.status).toBe(503);
      // The payments sandbox keeps its state in this database too, so it may be named as well.
      expect(await health.json()).toMatchObject({
        status: 'unavailable',
        failing: expect.arrayContaining(['database']),
        checks: { database: 'no round trip (ECONNREFUSED)' },
      });
      const functions = await checkout(shopper);
      expect(functions.status).toBe(503);
      expect(functions.retryAfter).toBe('5');
      expect(functions.body).toEqual({
        error: 'database_unavailable',
        message: expect.stringMatching(/database is temporarily unavailable/),
      });
    } finally {
      await cluster.start();
    }
    // The pool opens new connections by itself.
    // /healthz re-checks a failed payment provider (the sandbox, on this database) within 1 s.
    await expect
      .poll(async () => (await shop.app.request('/healthz')).status, { timeout: 5_000 })
      .toBe(200);
    expect((await signIn(shopper)).status).toBe(200);
    expect((await history(shopper)).status).toBe(200);
    expect((await checkout(shopper)).status).toBe(200);
  }, 60_000);

  it('keeps running through fast and immediate restarts; every paid checkout is recorded once', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4].map((i) => shop.signUp(`restart-${i}`)));
    const answers: Answer[] = [];
    const paid: string[] = [];
    let confirmed = 0;
    let restarting = true;

    /** Retries a step (every 50 ms) while it answers 503; any other answer ends the wait. */
    const untilServed = (step: () => Promise<Answer>): Promise<Answer> =>
      waitFor(async () => {
        const a = await step();
        answers.push(a);
        return a.status === 503 ? undefined : a;
      }, 60_000);

    const traffic = shoppers.map(async (shopper) => {
      let after = 0; // checkouts completed once the restarts are over
      while (restarting || after < 2) {
        const created = await untilServed(() => checkout(shopper));
        expect(created.status).toBe(200);
        const session = created.body as { id: string; url: string };
        // The sandbox's hosted page keeps its state in the same database: 503 while it is away.
        const payment = await waitFor(async () => {
          const res = await shop.pay(session);
          return res.status === 503 ? undefined : res;
        }, 60_000);
        expect(payment.status).toBe(303);
        paid.push(session.id);
        await untilServed(() => history(shopper));
        const answer = await untilServed(() => confirm(shopper, session.id));
        expect(answer.body).toMatchObject({ status: 'saved' });
        confirmed += 1;
        if (!restarting) after += 1;
      }
    });
    /** Waits until `n` more checkouts have been confirmed: the shop serves again. */
    const served = async (n: number) => {
      const from = confirmed;
      await waitFor(async () => (confirmed >= from + n ? true : undefined), 60_000);
    };
    // Each restart comes while the shoppers are mid-checkout, and the next only once the shop has
    // recovered from the one before.
    const restarts = (async () => {
      try {
        await served(2);
        await cluster.restart('fast');
        await served(2);
        await cluster.restart('immediate');
        await served(2);
      } finally {
        restarting = false;
      }
    })();
    await Promise.all([restarts, ...traffic]);

    // Nothing but answers and 503s with Retry-After in the API's shape: no 500, no crash.
    for (const a of answers) {
      expect([200, 503]).toContain(a.status);
      if (a.status === 503) {
        expect(a.retryAfter).toBe('5');
        expect(JSON.stringify(a.body)).toMatch(/database is temporarily unavailable/);
      }
    }
    // Every paid session's lines exactly once.
    for (const id of paid) expect(await shop.ordersOf(id)).toHaveLength(CART.length);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM public.orders WHERE checkout_session_id = ANY($1)',
      [paid],
    );
    expect(rows[0]?.n).toBe(paid.length * CART.length);
    expect(paid.length).toBeGreaterThanOrEqual(shoppers.length * 2);
  }, 120_000);
});
