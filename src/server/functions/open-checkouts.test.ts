// One open checkout per shopper (docs/decisions/0044-one-open-checkout.md): cancelling on the
// payment page, or starting another checkout, ends the earlier one at the provider and frees its
// units at once; a paid one keeps them; and what one account can hold unpaid is bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue, Product } from '../../catalogue/index.ts';
import { readCatalogue } from '../catalogue/index.ts';
import { DEFAULT_CHECKOUT_LIMITS } from '../orders/index.ts';
import { DEFAULT_ON_HAND } from '../orders/index.ts';
import {
  databaseTargets,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../test-support/index.ts';

type Item = { key: string; color: string; quantity: number };

describe.each(databaseTargets())('open checkouts on $name', (target) => {
  let server: PayingTestServer;
  let catalogue: Catalogue;
  let gold: Product;

  beforeAll(async () => {
    server = await startTestServer({ payments: true, target });
    // This suite is about stock: the demo pre-order and group buy, which sell from their caps and
    // would make a cart of everything a mixed one, are in stock here.
    await server.db.query('DELETE FROM public.product_availability');
    // What the shop sells: every product of the database, as checkout reads them.
    catalogue = await readCatalogue(server.db, 'all');
    gold = catalogue.byName('Gold Switch')!;
  });
  afterAll(() => server?.close());

  async function call(shopper: Shopper, name: string, body: unknown = {}) {
    const { data, error } = await shopper.functions.invoke<Record<string, unknown>>(name, {
      body: body as Record<string, unknown>,
    });
    if (!error) return { status: 200, body: data ?? {} };
    const context = (error as { context: Response }).context;
    return { status: context.status, body: (await context.json()) as Record<string, unknown> };
  }
  const checkout = (shopper: Shopper, items: Item[]) => call(shopper, 'checkout', { items });
  async function available(key: string, color: string): Promise<number> {
    const { rows } = await server.db.query<{ available: number }>(
      'SELECT available FROM public.stock_availability WHERE product_key = $1 AND color = $2',
      [key, color],
    );
    return Number(rows[0]?.available);
  }
  async function setOnHand(key: string, color: string, onHand: number) {
    await server.db.query(
      'UPDATE public.stock SET on_hand = $3 WHERE product_key = $1 AND color = $2',
      [key, color, onHand],
    );
  }
  const statusOf = async (id: unknown) =>
    (await server.stripe.checkout.sessions.retrieve(String(id))).status;

  it('cancelling on the payment page ends the checkout and frees its units at once', async () => {
    const shopper = await server.signUp('canceller');
    await setOnHand(gold.key, 'Gold', 5);
    const first = await checkout(shopper, [{ key: gold.key, color: 'Gold', quantity: 5 }]);
    expect(first.status).toBe(200);
    expect(await available(gold.key, 'Gold')).toBe(0);
    // The payment page's "Cancel" returns to the cart, which says so.
    const session = await server.stripe.checkout.sessions.retrieve(String(first.body.id));
    expect(session.cancel_url).toMatch(/#\/cart\?checkout=cancelled$/);

    expect(await call(shopper, 'cancel-checkout')).toEqual({ status: 200, body: { released: 5 } });
    expect(await available(gold.key, 'Gold')).toBe(5);
    expect(await statusOf(first.body.id)).toBe('expired');
    // Nothing left to cancel; and the shopper (or anyone) can check the five out again.
    expect(await call(shopper, 'cancel-checkout')).toEqual({ status: 200, body: { released: 0 } });
    expect((await checkout(shopper, [{ key: gold.key, color: 'Gold', quantity: 5 }])).status).toBe(
      200,
    );
    await call(shopper, 'cancel-checkout');
  });

  it('a new checkout replaces the shopper’s open one instead of stacking holds', async () => {
    const shopper = await server.signUp('again');
    await setOnHand(gold.key, 'Gold', 5);
    const items = [{ key: gold.key, color: 'Gold', quantity: 5 }];
    const first = await checkout(shopper, items);
    const second = await checkout(shopper, items);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await statusOf(first.body.id)).toBe('expired');
    expect(await statusOf(second.body.id)).toBe('open');
    expect(await available(gold.key, 'Gold')).toBe(0);
    // Another shopper's checkout is not theirs to end.
    const other = await server.signUp('other');
    expect(await call(other, 'cancel-checkout')).toEqual({ status: 200, body: { released: 0 } });
    expect(await statusOf(second.body.id)).toBe('open');
    await call(shopper, 'cancel-checkout');
    expect(await available(gold.key, 'Gold')).toBe(5);
  });

  it('keeps the units of an earlier checkout the shopper paid meanwhile', async () => {
    const shopper = await server.signUp('payer');
    await setOnHand(gold.key, 'Gold', 5);
    const first = await checkout(shopper, [{ key: gold.key, color: 'Gold', quantity: 2 }]);
    const session = await server.stripe.checkout.sessions.retrieve(String(first.body.id));
    await server.pay(session);
    // Paid, not yet recorded (no confirm, no webhook yet): its units stay held for its order.
    const second = await checkout(shopper, [{ key: gold.key, color: 'Gold', quantity: 3 }]);
    expect(second.status).toBe(200);
    expect(await statusOf(first.body.id)).toBe('complete');
    expect(await available(gold.key, 'Gold')).toBe(0);
    await call(shopper, 'cancel-checkout');
    expect(await available(gold.key, 'Gold')).toBe(5 - 2);
  });

  it('one account’s unpaid checkout of everything leaves the shop buyable for the next', async () => {
    const hoarder = await server.signUp('hoarder');
    const variants = catalogue.products.flatMap((p) =>
      p.availableColors.map((color) => ({ product: p, color })),
    );
    for (const { product, color } of variants) await setOnHand(product.key, color, DEFAULT_ON_HAND);
    // Everything at its available quantity, as the attack did: refused, nothing held.
    const everything = variants.map(({ product, color }) => ({
      key: product.key,
      color,
      quantity: DEFAULT_ON_HAND,
    }));
    const refused = await checkout(hoarder, everything);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^At most \d+ of .+ in one order\.$/);
    // The most one account may hold, switches (the largest packs) first: bounded by the limits.
    const { perProduct, perSwitch, perOrder } = DEFAULT_CHECKOUT_LIMITS;
    const taken = new Map<string, number>();
    let units = 0;
    const most: Item[] = [];
    const bySwitchesFirst = [...variants].sort(
      (a, b) =>
        Number(b.product.category === 'switches') - Number(a.product.category === 'switches'),
    );
    for (const { product, color } of bySwitchesFirst) {
      const cap = product.category === 'switches' ? perSwitch : perProduct;
      const quantity = Math.min(
        DEFAULT_ON_HAND,
        cap - (taken.get(product.key) ?? 0),
        perOrder - units,
      );
      if (quantity <= 0) continue;
      taken.set(product.key, (taken.get(product.key) ?? 0) + quantity);
      units += quantity;
      most.push({ key: product.key, color, quantity });
    }
    expect((await checkout(hoarder, most)).status).toBe(200);
    // The next shopper still finds almost everything, and buys one of each that is left.
    const left = [];
    for (const { product, color } of variants) {
      if ((await available(product.key, color)) > 0)
        left.push({ key: product.key, color, quantity: 1 });
    }
    expect(variants.length - left.length).toBeLessThanOrEqual(
      Math.ceil(perOrder / DEFAULT_ON_HAND),
    );
    const next = await server.signUp('next');
    expect((await checkout(next, left)).status).toBe(200);
    await call(hoarder, 'cancel-checkout');
    await call(next, 'cancel-checkout');
  });
});
