// Checkout against the catalogue in the database (docs/decisions/0045-catalogue-in-the-database.md):
// what staff change through the data API on one instance is what the very next checkout on another
// charges or refuses, the browser's prices count for nothing, and an order line keeps the product
// key its session carried, whatever the product is called by the time the order is recorded.
import type { FunctionsClient } from '@supabase/functions-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseStockForOrder } from '../orders/index.ts';
import {
  databaseTargets,
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';

async function invoke(functions: FunctionsClient, name: string, body: unknown) {
  const { data, error } = await functions.invoke<Record<string, unknown>>(name, {
    body: body as Record<string, unknown>,
  });
  if (!error) return { status: 200, body: data ?? {} };
  const context = (error as { context: Response }).context;
  return { status: context.status, body: (await context.json()) as Record<string, unknown> };
}

describe.each(databaseTargets())(
  'checkout from the catalogue in the database on $name',
  (target) => {
    let server: PayingTestServer;
    let buyer: Shopper;
    let staff: PostgrestClient;
    // Staff work on the first instance, the shopper checks out on the second (one database).
    let other: Hono;

    beforeAll(async () => {
      server = await startTestServer({ payments: true, target, instances: 2 });
      buyer = await server.signUp('buyer');
      staff = server.restClient((await signUpStaff(server)).token);
      other = server.apps[1]!;
    });
    afterAll(() => server?.close());

    const checkout = (items: unknown[]) =>
      invoke(server.functionsClient(buyer.accessToken, other), 'checkout', { items });

    async function setProduct(key: string, change: Record<string, unknown>) {
      const res = await staff.from('products').update(change).eq('key', key).select('key');
      expect(res.data).toEqual([{ key }]);
    }

    it('charges the price staff set a moment ago, whatever price the browser sends', async () => {
      await setProduct('switches:10', { price_cents: 275 });
      const answer = await checkout([
        // The old price, as a cart kept from before would send it.
        { key: 'switches:10', color: 'Yellow', quantity: 4, price: 2.5 },
      ]);
      expect(answer.status).toBe(200);
      const session = await server.stripe.checkout.sessions.retrieve(answer.body.id as string, {
        expand: ['line_items'],
      });
      expect(session.amount_subtotal).toBe(4 * 275);
      expect(session.line_items?.data.map((l) => l.price?.unit_amount)).toEqual([275]);
      expect(server.logs).toContainEqual(
        expect.objectContaining({
          msg: 'checkout: ignored a price sent by the browser',
          key: 'switches:10',
          sentPrice: 2.5,
          cataloguePrice: 2.75,
        }),
      );
    });

    it('refuses an archived product by name, and a draft as unknown (its name is not out yet)', async () => {
      await setProduct('keyboards:4', { status: 'archived' });
      expect(await checkout([{ key: 'keyboards:4', color: 'White', quantity: 1 }])).toEqual({
        status: 400,
        body: { error: 'invalid_cart', message: 'No longer sold: Wireless Keyboard.' },
      });
      await setProduct('keyboards:3', { status: 'draft' });
      expect(await checkout([{ key: 'keyboards:3', color: 'Gray', quantity: 1 }])).toEqual({
        status: 400,
        body: { error: 'invalid_cart', message: 'Unknown product: keyboards:3.' },
      });
      // Published again, it sells again at once.
      await setProduct('keyboards:4', { status: 'published' });
      expect((await checkout([{ key: 'keyboards:4', color: 'White', quantity: 1 }])).status).toBe(
        200,
      );
    });

    it('records the key the session carried, though the product was renamed before payment', async () => {
      const answer = await checkout([{ key: 'switches:205', color: 'Blue', quantity: 2 }]);
      expect(answer.status).toBe(200);
      const id = answer.body.id as string;
      const session = await server.stripe.checkout.sessions.retrieve(id, {
        expand: ['line_items.data.price.product'],
      });
      const product = session.line_items?.data[0]?.price?.product;
      expect(product).toMatchObject({
        name: 'Blue Switch (Blue)',
        metadata: { product_key: 'switches:205' },
      });

      await setProduct('switches:205', { name: 'Azure Switch' });
      await server.pay({ url: answer.body.url as string });
      expect(
        (await invoke(server.functionsClient(), 'confirm-checkout', { session_id: id })).status,
      ).toBe(200);
      expect(await server.ordersOf(id)).toEqual([
        expect.objectContaining({ product_name: 'Blue Switch', product_key: 'switches:205' }),
      ]);
    });

    it('finds the product by name for a session made before sessions carried the key', async () => {
      const stock = async () =>
        (
          await server.db.query<{ on_hand: number }>(
            `SELECT on_hand FROM public.stock WHERE product_key = 'accessories:208' AND color = 'Standard'`,
          )
        ).rows[0]?.on_hand;
      const before = Number(await stock());
      // As the checkout made them until now: the name and colour only, and no stock held.
      const session = await server.stripe.checkout.sessions.create({
        mode: 'payment',
        allowed_payment_method_types: ['card'],
        line_items: [
          {
            price_data: {
              currency: 'usd',
              unit_amount: 600,
              product_data: { name: 'Cable (Default)' },
            },
            quantity: 3,
          },
        ],
        metadata: { userId: buyer.id },
        success_url: 'http://shop.test/keebshop/#/orderSuccess?session_id={CHECKOUT_SESSION_ID}',
      });
      await server.pay(session);
      expect(
        (await invoke(server.functionsClient(), 'confirm-checkout', { session_id: session.id }))
          .status,
      ).toBe(200);
      expect(await server.ordersOf(session.id)).toEqual([
        expect.objectContaining({ product_name: 'Cable', product_key: 'accessories:208' }),
      ]);
      // No holds: the order's own lines took the units, in the product's default colour, and a
      // cancel returns them the same way.
      expect(Number(await stock())).toBe(before - 3);
      const { rows } = await server.db.query<{ id: string }>(
        'SELECT id::text AS id FROM public.shop_orders WHERE checkout_session_id = $1',
        [session.id],
      );
      const orderId = rows[0]!.id;
      expect(await server.db.transaction((tx) => releaseStockForOrder(tx, orderId))).toBe(3);
      expect(Number(await stock())).toBe(before);
    });
  },
);
