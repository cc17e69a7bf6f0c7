// Reviews in the database (ADR 0007): who may rate, what a rating may be, what anybody may read.
// Driven through the real /rest/v1 with the official postgrest-js, plus direct SQL for the checks.
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../../catalogue/__fixtures__/catalogue.ts';
import type { Product } from '../../../catalogue/index.ts';
import {
  databaseTargets,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../test-support/index.ts';

// Untyped on purpose: the policies are checked as any client of the data API would meet them.
// The storefront's own review calls are tested against the real server in src/web/app.
type ShopRest = PostgrestClient;

interface Shopper {
  userId: string;
  /** postgrest-js as the storefront builds it: apikey plus the shopper's bearer. */
  rest: ShopRest;
}

function product(name: string): Product {
  const found = fixtureCatalogue.byName(name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

const PRO = product('Mechanical Keyboard Pro');
const BLUE = product('Blue Switch');

describe.each(databaseTargets())('reviews on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  let anon: ShopRest;
  let buyer: Shopper;
  let other: Shopper;

  const restAs = (accessToken?: string): ShopRest =>
    new PostgrestClient(`${server.url}/rest/v1`, {
      headers: {
        apikey: server.anonKey,
        Authorization: `Bearer ${accessToken ?? server.anonKey}`,
      },
      fetch: server.fetch,
    });

  /** Signs a new shopper up and in with the official auth client. */
  async function shopper(): Promise<Shopper> {
    const signedIn = await server.signUp('reviewer');
    return { userId: signedIn.id, rest: restAs(signedIn.accessToken) };
  }

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db });
    anon = restAs();
    buyer = await shopper();
    other = await shopper();
    // As the server's fulfilment writes it: clients cannot insert orders.
    await db.query(
      `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
         checkout_session_id, line_number, product_key)
       VALUES ($1, $2, 'Black', 1, 120.00, 'cs_test_reviews', 0, $3)`,
      [buyer.userId, PRO.name, PRO.key],
    );
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  async function reviewRows() {
    const { rows } = await db.query<{
      user_id: string;
      product_key: string;
      rating: string;
    }>('SELECT user_id, product_key, rating::text AS rating FROM public.reviews ORDER BY id');
    return rows;
  }

  /** The permission query: the shopper's orders of a product by name. */
  async function hasOrder(rest: ShopRest, userId: string, productName: string) {
    const { data, error } = await rest
      .from('orders')
      .select('product_name')
      .eq('user_id', userId)
      .eq('product_name', productName);
    expect(error).toBeNull();
    return (data ?? []).length > 0;
  }

  /** The rating a shopper's own review row holds for a product, or null. */
  async function ownRating(rest: ShopRest, p: Product) {
    const { data, error } = await rest.from('reviews').select('rating').eq('product_key', p.key);
    expect(error).toBeNull();
    const row = (data ?? [])[0] as { rating: number | string } | undefined;
    return row ? Number(row.rating) : null;
  }

  /** Everybody's totals for one category's products, as product_key to count and sum. */
  async function categoryRatings(rest: ShopRest, category: string) {
    const { data, error } = await rest
      .from('product_ratings')
      .select('product_key,rating_count,rating_sum')
      .like('product_key', `${category}:*`);
    expect(error).toBeNull();
    const rows = (data ?? []) as {
      product_key: string;
      rating_count: number;
      rating_sum: string;
    }[];
    return Object.fromEntries(
      rows.map((r) => [
        r.product_key,
        { count: Number(r.rating_count), sum: Number(r.rating_sum) },
      ]),
    );
  }

  const rate = (rest: ShopRest, p: Product, rating: number | string) =>
    rest.rpc('rate_product', {
      product_key: p.key,
      product_name: p.name,
      rating: rating as number,
    });

  it('refuses a shopper without an order for the product: the policy says 42501 (403)', async () => {
    const viaRpc = await rate(other.rest, PRO, 4);
    expect(viaRpc.status).toBe(403);
    expect(viaRpc.error?.code).toBe('42501');
    expect(viaRpc.error?.message).toMatch(/row-level security policy for table "reviews"/);

    const direct = await other.rest
      .from('reviews')
      .insert({ product_key: PRO.key, product_name: PRO.name, rating: 4 });
    expect(direct.status).toBe(403);
    expect(direct.error?.code).toBe('42501');
    expect(await reviewRows()).toEqual([]);
  });

  it('lets the buyer rate, and rating again replaces the review (one row)', async () => {
    const first = await rate(buyer.rest, PRO, 4.5);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ product_key: PRO.key, rating_count: 1 });
    expect(Number(first.data?.rating_sum)).toBe(4.5);

    const again = await rate(buyer.rest, PRO, 3.2);
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ product_key: PRO.key, rating_count: 1 });
    expect(Number(again.data?.rating_sum)).toBe(3.2);
    expect(await reviewRows()).toEqual([
      { user_id: buyer.userId, product_key: PRO.key, rating: '3.2' },
    ]);
    expect(await ownRating(buyer.rest, PRO)).toBe(3.2);
  });

  it('answers the permission query (docs/product.md, Reviews): the buyer sees only their orders', async () => {
    expect(await hasOrder(buyer.rest, buyer.userId, PRO.name)).toBe(true);
    expect(await hasOrder(buyer.rest, buyer.userId, BLUE.name)).toBe(false);
    expect(await hasOrder(other.rest, other.userId, PRO.name)).toBe(false);
    // Another shopper's orders are invisible even when asked for by their id.
    expect(await hasOrder(other.rest, buyer.userId, PRO.name)).toBe(false);
  });

  it('refuses the buyer for a product not ordered, or a bought name under another key', async () => {
    expect((await rate(buyer.rest, BLUE, 4)).error?.code).toBe('42501');
    const mismatched = await buyer.rest.rpc('rate_product', {
      product_key: 'switches:205',
      product_name: PRO.name,
      rating: 4,
    });
    expect(mismatched.error?.code).toBe('42501');
    expect(await reviewRows()).toHaveLength(1);
  });

  it('grants a review only from an order that stands: not cancelled, not refunded in full', async () => {
    const lapsed = await shopper();
    const [red, gold, yellow, black] = [
      'Red Switch',
      'Gold Switch',
      'Yellow Switch',
      'Black Switch',
    ].map(product);
    const orderOf = async (p: Product, session: string, status: string, refundedShare: number) => {
      await db.query(
        `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
           checkout_session_id, line_number, product_key)
         VALUES ($1, $2, 'Black', 1, 10.00, $3, 0, $4)`,
        [lapsed.userId, p.name, session, p.key],
      );
      await db.query(
        `UPDATE public.shop_orders SET status = $2, refunded_cents = round(total_cents * $3::numeric)
         WHERE checkout_session_id = $1`,
        [session, status, refundedShare],
      );
    };
    await orderOf(red!, 'cs_test_cancelled', 'cancelled', 1);
    await orderOf(gold!, 'cs_test_refunded', 'refunded', 1);
    await orderOf(yellow!, 'cs_test_part_refunded', 'delivered', 0.5);
    await orderOf(black!, 'cs_test_shipped', 'shipped', 0);

    const mayReview = async (p: Product) =>
      (await lapsed.rest.rpc('may_review', { product_key: p.key, product_name: p.name })).data;
    expect([await mayReview(red!), await mayReview(gold!)]).toEqual([false, false]);
    expect([await mayReview(yellow!), await mayReview(black!)]).toEqual([true, true]);
    expect((await rate(lapsed.rest, red!, 1)).error?.code).toBe('42501');
    expect((await rate(lapsed.rest, gold!, 1)).error?.code).toBe('42501');
    expect((await rate(lapsed.rest, yellow!, 4)).error).toBeNull();
    expect((await rate(lapsed.rest, black!, 5)).error).toBeNull();

    // A review whose order is cancelled afterwards stays, but can no longer be changed.
    await db.query(
      "UPDATE public.shop_orders SET status = 'cancelled' WHERE checkout_session_id = 'cs_test_shipped'",
    );
    expect((await rate(lapsed.rest, black!, 1)).error?.code).toBe('42501');
    expect(await ownRating(lapsed.rest, black!)).toBe(5);
    // Nobody else may ask on the shopper's behalf: anon has no grant.
    const asAnon = await anon.rpc('may_review', { product_key: red!.key, product_name: red!.name });
    expect(asAnon.status).toBe(401);
    // The tests below count the reviews of the buyers they made.
    await db.query('DELETE FROM public.reviews WHERE user_id = $1', [lapsed.userId]);
  });

  it('refuses ratings 0, 5.1, NaN and off-step values by the check constraint (direct SQL)', async () => {
    for (const rating of ['0', '5.1', 'NaN', '4.55', 'Infinity', '0.99']) {
      const insert = db.query(
        `INSERT INTO public.reviews (user_id, product_key, product_name, rating)
         VALUES ($1, $2, $3, $4::numeric)`,
        [other.userId, PRO.key, PRO.name, rating],
      );
      await expect(insert, rating).rejects.toMatchObject({
        code: '23514',
        constraint: 'reviews_rating_check',
      });
    }
    for (const rating of ['1', '5', '1.0', '4.9']) {
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO public.reviews (user_id, product_key, product_name, rating)
           VALUES ($1, $2, $3, $4::numeric)`,
          [other.userId, BLUE.key, BLUE.name, rating],
        );
        await tx.query('DELETE FROM public.reviews WHERE user_id = $1', [other.userId]);
      });
    }
  });

  it('refuses the same ratings from the buyer through /rest/v1 with 400 and 23514', async () => {
    for (const rating of [0, 5.1, 'NaN', 4.55]) {
      const { status, error } = await rate(buyer.rest, PRO, rating);
      expect({ rating, status, code: error?.code }).toEqual({ rating, status: 400, code: '23514' });
    }
    expect(await ownRating(buyer.rest, PRO)).toBe(3.2);
  });

  it('lets anyone read the ratings per product, but nobody read who wrote them', async () => {
    const { data, error } = await anon
      .from('product_ratings')
      .select('*')
      .eq('product_key', PRO.key);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(Object.keys(data?.[0] ?? {}).sort()).toEqual([
      'average_rating',
      'product_key',
      'rating_count',
      'rating_sum',
    ]);
    expect(await categoryRatings(anon, 'keyboards')).toEqual({ [PRO.key]: { count: 1, sum: 3.2 } });
    expect(await categoryRatings(anon, 'switches')).toEqual({});

    const anonTable = await anon.from('reviews').select('*');
    expect(anonTable.status).toBe(401);
    expect(anonTable.error?.code).toBe('42501');
    const otherTable = await other.rest.from('reviews').select('*');
    expect(otherTable.data).toEqual([]);
    expect((await rate(anon, PRO, 4)).status).toBe(401);

    // Nothing anon or another shopper can read carries the buyer's id.
    const bodies = await Promise.all(
      [anon, other.rest].flatMap((rest) => [
        rest.from('product_ratings').select('*'),
        rest.from('reviews').select('*'),
        rest.from('orders').select('*'),
      ]),
    );
    for (const { data: body, error: err } of bodies) {
      expect(JSON.stringify({ body, err })).not.toContain(buyer.userId);
    }
  });

  it('grants anon no column named user_id anywhere in the public schema', async () => {
    const { rows } = await db.query<{ relation: string }>(
      `SELECT c.relname AS relation
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'user_id' AND NOT a.attisdropped
       WHERE n.nspname = 'public' AND has_column_privilege('anon', c.oid, a.attnum, 'SELECT')`,
    );
    expect(rows).toEqual([]);
  });

  it('drops the review with the account, and the totals with it', async () => {
    const { error } = await buyer.rest.rpc('delete_user');
    expect(error).toBeNull();
    expect(await reviewRows()).toEqual([]);
    expect(await categoryRatings(anon, 'keyboards')).toEqual({});
  });
});
