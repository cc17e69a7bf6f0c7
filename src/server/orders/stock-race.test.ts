// Never oversell (docs/decisions/0025-stock-holds.md): 50 shoppers check out the last unit at once
// through the real app (on PostgreSQL spread over two instances with pools of their own): one gets
// a payment session, 49 are told it is sold out before any payment page. When the one session
// expires, the unit is on sale again.
import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../test-support/index.ts';

const SHOPPERS = 50;
const LINE = { key: 'switches:10', color: 'Yellow', quantity: 1 };

describe.each(databaseTargets())('the last unit on $name', (target) => {
  let server: PayingTestServer;
  afterAll(() => server?.close());

  async function available(): Promise<number> {
    const res = await server.call(
      `/rest/v1/stock_availability?product_key=eq.${LINE.key}&color=eq.${LINE.color}`,
    );
    const rows = (await res.json()) as { available: number }[];
    return rows[0]?.available ?? -1;
  }

  async function checkout(shopper: Shopper, app = server.app) {
    const client = server.functionsClient(shopper.accessToken, app);
    const { data, error } = await client.invoke<{ id: string }>('checkout', {
      body: { items: [LINE] },
    });
    if (!error) return { status: 200, body: data as unknown as Record<string, unknown> };
    const context = (error as { context: Response }).context;
    return { status: context.status, body: (await context.json()) as Record<string, unknown> };
  }

  it(`sells it to exactly one of ${SHOPPERS} shoppers, and again once that session expires`, async () => {
    const instances = target.name === 'postgres' ? 2 : 1;
    server = await startTestServer({ payments: true, target, instances });
    await server.db.query(
      `UPDATE public.stock SET on_hand = 1 WHERE product_key = $1 AND color = $2`,
      [LINE.key, LINE.color],
    );
    const shoppers: Shopper[] = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await server.signUp(`racer${i}`));
    expect(await available()).toBe(1);

    const answers = await Promise.all(
      shoppers.map((s, i) => checkout(s, server.apps[i % server.apps.length])),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(SHOPPERS - 1);
    for (const answer of lost) {
      expect(answer).toEqual({
        status: 400,
        body: { error: 'invalid_cart', message: 'Sold out: Yellow Switch (Yellow).' },
      });
    }
    expect(await available()).toBe(0);

    // The session lives exactly as long as the hold.
    const sessionId = won[0]?.body.id as string;
    const session = await server.stripe.checkout.sessions.retrieve(sessionId);
    const { rows } = await server.db.query<{ expires_at: Date; state: string }>(
      `SELECT expires_at, state FROM public.stock_holds WHERE checkout_session_id = $1`,
      [sessionId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state).toBe('held');
    expect(new Date(rows[0]!.expires_at).getTime()).toBe(session.expires_at * 1000);

    // The winner walks away: the provider expires the session and says so.
    await server.stripe.checkout.sessions.expire(sessionId);
    const events = await server.stripe.events.list({
      type: 'checkout.session.expired',
      limit: 100,
    });
    const expired = events.data.find(
      (e) => (e.data.object as { id: string }).id === sessionId,
    ) as Stripe.Event;
    expect(expired).toBeDefined();
    const res = await server.webhook(expired);
    expect(res.status).toBe(200);
    expect(await available()).toBe(1);
    // A delivery again changes nothing.
    expect((await server.webhook(expired)).status).toBe(200);
    expect(await available()).toBe(1);

    const second = await checkout(shoppers[1]!);
    expect(second.status).toBe(200);
    expect(await available()).toBe(0);
  }, 240_000);
});
