// A hold's life on each database: taken once when paid (however often fulfilment runs), taken even
// when paid after it was released, released by the sweep once past its expiry, returned once by a
// cancel; and the seed that never overwrites what staff set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../test-support/index.ts';
import { DEFAULT_ON_HAND, releaseStockForOrder, seedStock, sweepExpiredHolds } from './stock.ts';

describe.each(databaseTargets())('stock holds on $name', (target) => {
  let server: PayingTestServer;
  let buyer: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ payments: true, target });
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  async function setOnHand(key: string, color: string, onHand: number) {
    await server.db.query(
      `UPDATE public.stock SET on_hand = $3 WHERE product_key = $1 AND color = $2`,
      [key, color, onHand],
    );
  }
  async function stockOf(key: string, color: string) {
    const { rows } = await server.db.query<{ on_hand: number; available: number }>(
      `SELECT s.on_hand, a.available FROM public.stock s JOIN public.stock_availability a
       USING (product_key, color) WHERE product_key = $1 AND color = $2`,
      [key, color],
    );
    return { onHand: Number(rows[0]?.on_hand), available: Number(rows[0]?.available) };
  }
  type Answer =
    | { status: 200; data: { id: string; url: string } }
    | { status: number; body: Record<string, unknown>; data?: undefined };
  async function checkout(items: unknown[], as: Shopper = buyer): Promise<Answer> {
    const { data, error } = await as.functions.invoke<{ id: string; url: string }>('checkout', {
      body: { items },
    });
    if (!error && data) return { status: 200, data };
    const context = (error as { context: Response }).context;
    return { status: context.status, body: (await context.json()) as Record<string, unknown> };
  }
  async function confirm(sessionId: string) {
    const { data } = await buyer.functions.invoke<{ status: string }>('confirm-checkout', {
      body: { session_id: sessionId },
    });
    return data?.status;
  }

  it('refuses a short line before any payment, saying how many are left, and holds nothing', async () => {
    await setOnHand('switches:205', 'Blue', 3);
    const answer = await checkout([
      { key: 'keyboards:1', color: 'Black', quantity: 1 },
      { key: 'switches:205', color: 'Blue', quantity: 2 },
      { key: 'switches:205', color: 'Blue', quantity: 2 },
    ]);
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid_cart', message: 'Only 3 left of Blue Switch (Blue).' },
    });
    expect(await stockOf('keyboards:1', 'Black')).toEqual({ onHand: 50, available: 50 });
    expect(await stockOf('switches:205', 'Blue')).toEqual({ onHand: 3, available: 3 });
  });

  it('takes the units once when paid, however often fulfilment runs', async () => {
    await setOnHand('keyboards:2', 'Green', 5);
    const answer = await checkout([{ key: 'keyboards:2', color: 'Green', quantity: 2 }]);
    if (!answer.data) throw new Error(JSON.stringify(answer));
    expect(await stockOf('keyboards:2', 'Green')).toEqual({ onHand: 5, available: 3 });
    await server.pay(answer.data);
    expect(await Promise.all([confirm(answer.data.id), confirm(answer.data.id)])).toEqual([
      'saved',
      'saved',
    ]);
    expect(await confirm(answer.data.id)).toBe('saved');
    expect(await stockOf('keyboards:2', 'Green')).toEqual({ onHand: 3, available: 3 });
    const { rows } = await server.db.query<{ state: string; order_id: string | null }>(
      `SELECT state, order_id FROM public.stock_holds WHERE checkout_session_id = $1`,
      [answer.data.id],
    );
    expect(rows).toEqual([{ state: 'taken', order_id: expect.anything() }]);

    // A cancel returns them, once.
    const orderId = rows[0]!.order_id!;
    expect(await server.db.transaction((tx) => releaseStockForOrder(tx, orderId))).toBe(2);
    expect(await server.db.transaction((tx) => releaseStockForOrder(tx, orderId))).toBe(0);
    expect(await stockOf('keyboards:2', 'Green')).toEqual({ onHand: 5, available: 5 });
  });

  it('takes the units of a session paid after its hold was released, never below 0', async () => {
    await setOnHand('keyboards:107', 'Blue', 2);
    const answer = await checkout([{ key: 'keyboards:107', color: 'Blue', quantity: 2 }]);
    if (!answer.data) throw new Error(JSON.stringify(answer));
    // Released (as if expired) and one unit sold elsewhere meanwhile.
    await server.db.query(
      `UPDATE public.stock_holds SET state = 'released' WHERE checkout_session_id = $1`,
      [answer.data.id],
    );
    await setOnHand('keyboards:107', 'Blue', 1);
    await server.pay(answer.data);
    expect(await confirm(answer.data.id)).toBe('saved');
    expect(await stockOf('keyboards:107', 'Blue')).toEqual({ onHand: 0, available: 0 });
    expect(server.logs).toContainEqual(
      expect.objectContaining({ msg: 'stock: took the units of holds released before payment' }),
    );
    expect(server.logs).toContainEqual(
      expect.objectContaining({ msg: 'stock: a paid order took more units than were on hand' }),
    );
  });

  it('sweeps holds past their expiry back on sale, and only those', async () => {
    await setOnHand('accessories:201', 'Black', 4);
    const first = await checkout([{ key: 'accessories:201', color: 'Black', quantity: 1 }]);
    // Another shopper's: a shopper's own new checkout would end their first (open-checkouts.ts).
    const second = await checkout(
      [{ key: 'accessories:201', color: 'Black', quantity: 2 }],
      await server.signUp('second'),
    );
    if (!first.data || !second.data) throw new Error('no sessions');
    await server.db.query(
      `UPDATE public.stock_holds SET expires_at = now() - interval '2 minutes'
       WHERE checkout_session_id = $1`,
      [first.data.id],
    );
    expect(await stockOf('accessories:201', 'Black')).toEqual({ onHand: 4, available: 1 });
    expect(await sweepExpiredHolds(server.db)).toBe(1);
    expect(await stockOf('accessories:201', 'Black')).toEqual({ onHand: 4, available: 2 });
  });

  it('seeds every product and colour once, keeping what staff set', async () => {
    await setOnHand('switches:10', 'Yellow', 7);
    expect(await seedStock(server.db)).toBe(0);
    expect(await stockOf('switches:10', 'Yellow')).toEqual({ onHand: 7, available: 7 });
    await server.db.query(
      `DELETE FROM public.stock WHERE product_key = 'switches:11' AND NOT EXISTS
         (SELECT 1 FROM public.stock_holds h WHERE h.product_key = 'switches:11')`,
    );
    expect(await seedStock(server.db)).toBeGreaterThan(0);
    const { rows } = await server.db.query<{ on_hand: number }>(
      `SELECT on_hand FROM public.stock WHERE product_key = 'switches:11'`,
    );
    expect(rows.map((r) => Number(r.on_hand))).toEqual(rows.map(() => DEFAULT_ON_HAND));
    // A colour staff add starts at 0 units, counted by staff: the next start assumes nothing.
    await server.db.query(
      `INSERT INTO public.product_variants (product_key, color, sku) VALUES ('switches:12', 'Lime', 'SW-12-LIME')`,
    );
    expect(await seedStock(server.db)).toBe(0);
    expect(await stockOf('switches:12', 'Lime')).toEqual({ onHand: 0, available: 0 });
  });

  it('shows anyone how many are available, and nothing else', async () => {
    const view = await server.call('/rest/v1/stock_availability?product_key=eq.switches:10');
    expect(await view.json()).toEqual([
      { product_key: 'switches:10', color: 'Yellow', available: 7 },
    ]);
    for (const table of ['stock', 'stock_holds']) {
      const anon = await server.call(`/rest/v1/${table}`);
      expect(anon.status).toBeGreaterThanOrEqual(400);
      const shopper = await server.call(`/rest/v1/${table}`, { token: buyer.accessToken });
      expect(await shopper.json()).toEqual([]);
    }
  });
});
