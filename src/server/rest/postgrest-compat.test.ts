// The data calls the shop makes (docs/product.md, Calls to the server), driven with the official
// @supabase/postgrest-js against the real app, on every database target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  rowCount,
  seedOrders,
  type Shopper,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/index.ts';

// The reference's own awkward name: commas, parentheses, plus, quotes, non-ASCII, & and =.
const AWKWARD = 'Foo Bar, (x) +1 "q" é&=';

describe.each(databaseTargets())('postgrest-js against /rest/v1 on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  let alice: Shopper;
  let bob: Shopper;

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db });
    alice = await server.signUp('alice');
    bob = await server.signUp('bob');
    await seedOrders(db, alice.id, [
      {
        product_name: 'Mechanical Keyboard Pro',
        price: '129.99',
        created_at: '2026-01-01T10:00:00Z',
      },
      {
        product_name: AWKWARD,
        product_key: 'accessories:301',
        selected_color: 'Red',
        quantity: 2,
        price: '5.5',
        created_at: '2026-02-01T10:00:00Z',
      },
      { product_name: 'Blue Switch', price: '0.35', created_at: '2026-03-01T10:00:00Z' },
    ]);
    await seedOrders(db, bob.id, [{ product_name: 'Mechanical Keyboard Pro' }]);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it('review permission: select product_name where user_id and product_name are equal', async () => {
    const rest = server.restClient(alice.accessToken);
    const found = await rest
      .from('orders')
      .select('product_name')
      .eq('user_id', alice.id)
      .eq('product_name', AWKWARD);
    expect(found.error).toBeNull();
    expect(found.status).toBe(200);
    expect(found.data).toEqual([{ product_name: AWKWARD }]);

    const none = await rest
      .from('orders')
      .select('product_name')
      .eq('user_id', alice.id)
      .eq('product_name', 'Never Bought');
    expect(none.data).toEqual([]);
  });

  it('order history: select * where user_id, newest first, with prices as numbers', async () => {
    const { data, error, status } = await server
      .restClient(alice.accessToken)
      .from('orders')
      .select('*')
      .eq('user_id', alice.id)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data?.map((o) => o.product_name)).toEqual([
      'Blue Switch',
      AWKWARD,
      'Mechanical Keyboard Pro',
    ]);
    const awkward = data?.[1];
    expect(awkward).toMatchObject({
      user_id: alice.id,
      selected_color: 'Red',
      quantity: 2,
      price: 5.5,
    });
    expect(typeof awkward?.price).toBe('number');
    expect(new Date(awkward?.created_at as string).toISOString()).toBe('2026-02-01T10:00:00.000Z');
  });

  it('counts, ranges and single() work as postgrest-js expects', async () => {
    const rest = server.restClient(alice.accessToken);
    const page = await rest
      .from('orders')
      .select('product_name', { count: 'exact' })
      .order('created_at', { ascending: true })
      .range(1, 1);
    expect(page.error).toBeNull();
    expect(page.count).toBe(3);
    expect(page.data).toEqual([{ product_name: AWKWARD }]);

    const one = await rest.from('orders').select('quantity').eq('product_name', AWKWARD).single();
    expect(one.data).toEqual({ quantity: 2 });
    const many = await rest.from('orders').select('quantity').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
  });

  it('clients cannot insert orders: the database refuses with 42501 (403 signed in, 401 anon)', async () => {
    const before = await rowCount(db, 'orders');
    const row = {
      user_id: alice.id,
      product_name: 'Free Keyboard',
      selected_color: 'Black',
      quantity: 1,
      price: 0.01,
      checkout_session_id: 'cs_forged',
      line_number: 0,
      product_key: 'keyboards:1',
    };
    const signedIn = await server.restClient(alice.accessToken).from('orders').insert(row);
    expect(signedIn.status).toBe(403);
    expect(signedIn.error?.code).toBe('42501');
    const anon = await server
      .restClient()
      .from('orders')
      .insert([row, { ...row, line_number: 1 }])
      .select();
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    expect(await rowCount(db, 'orders')).toBe(before);
  });

  it('inserts where the database grants them: one object or an array, minimal or representation', async () => {
    // Reviews are the one table clients may write (verified buyers only, enforced by RLS).
    const rest = server.restClient(alice.accessToken);
    const minimal = await rest
      .from('reviews')
      .insert({ product_key: 'keyboards:1', product_name: 'Mechanical Keyboard Pro', rating: 4.5 });
    expect(minimal).toMatchObject({ error: null, data: null, status: 201 });

    const represented = await rest
      .from('reviews')
      .insert([{ product_key: 'accessories:301', product_name: AWKWARD, rating: 3 }])
      .select('product_name, rating');
    expect(represented.error).toBeNull();
    expect(represented.status).toBe(201);
    expect(represented.data).toEqual([{ product_name: AWKWARD, rating: 3 }]);

    const again = await rest
      .from('reviews')
      .insert({ product_key: 'keyboards:1', product_name: 'Mechanical Keyboard Pro', rating: 1 });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');

    const notBought = await server
      .restClient(bob.accessToken)
      .from('reviews')
      .insert({ product_key: 'switches:201', product_name: 'Blue Switch', rating: 5 });
    expect(notBought.status).toBe(403);
    expect(notBought.error?.code).toBe('42501');
  });

  it('rpc with named arguments returns the function result; anon may read the public view', async () => {
    const rated = await server.restClient(bob.accessToken).rpc('rate_product', {
      product_key: 'keyboards:1',
      product_name: 'Mechanical Keyboard Pro',
      rating: 2,
    });
    expect(rated.error).toBeNull();
    expect(rated.data).toMatchObject({ product_key: 'keyboards:1', rating_count: 2 });

    const view = await server
      .restClient()
      .from('product_ratings')
      .select('product_key, rating_count')
      .eq('product_key', 'keyboards:1');
    expect(view.data).toEqual([{ product_key: 'keyboards:1', rating_count: 2 }]);
  });

  it('rpc delete_user deletes the caller, keeps their orders unlinked, and their token stops working', async () => {
    const carol = await server.signUp('carol');
    await seedOrders(db, carol.id, [
      { product_name: 'Blue Switch' },
      { product_name: 'Red Switch' },
    ]);
    const before = await rowCount(db, 'orders');

    const anon = await server.restClient().rpc('delete_user');
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');

    const deleted = await server.restClient(carol.accessToken).rpc('delete_user');
    expect(deleted).toMatchObject({ error: null, data: null, status: 204 });
    // Orders outlive accounts (docs/operations.md, Order retention): kept, the link cleared.
    expect(await rowCount(db, 'orders')).toBe(before);
    const { rows } = await db.query('SELECT 1 FROM auth.users WHERE id = $1', [carol.id]);
    expect(rows).toHaveLength(0);
    const kept = await db.query('SELECT 1 FROM public.orders WHERE user_id = $1', [carol.id]);
    expect(kept.rows).toHaveLength(0);

    const after = await server.restClient(carol.accessToken).from('orders').select('*');
    expect(after.status).toBe(401);
    expect(after.error?.code).toBe('PGRST301');
    // Everyone else's orders are untouched.
    const alices = await server.restClient(alice.accessToken).from('orders').select('id');
    expect(alices.data).toHaveLength(3);
  });
});
