// Row-level security through the data API: the database decides, per request role and claims.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allOrders,
  databaseTargets,
  rowCount,
  seedOrders,
  type Shopper,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../test-support/index.ts';

describe.each(databaseTargets())('row-level security via /rest/v1 on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  let alice: Shopper;
  let bob: Shopper;

  const call = (path: string, init: RequestInit & { token?: string } = {}) =>
    server.fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        apikey: server.anonKey,
        Authorization: `Bearer ${init.token ?? server.anonKey}`,
        'Content-Type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
    });

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db });
    alice = await server.signUp('alice');
    bob = await server.signUp('bob');
    await seedOrders(db, alice.id, [
      { product_name: 'Alice Board' },
      { product_name: 'Alice Switch' },
    ]);
    await seedOrders(db, bob.id, [{ product_name: 'Bob Board', price: '999.99' }]);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it("a shopper never sees another shopper's orders, however the query is phrased", async () => {
    const rest = server.restClient(alice.accessToken);
    const all = await rest.from('orders').select('user_id, product_name');
    expect(all.data?.map((o) => o.product_name).sort()).toEqual(['Alice Board', 'Alice Switch']);
    expect(new Set(all.data?.map((o) => o.user_id))).toEqual(new Set([alice.id]));

    const bobs = await rest.from('orders').select('*').eq('user_id', bob.id);
    expect(bobs).toMatchObject({ status: 200, data: [] });
    const notMine = await rest.from('orders').select('*').neq('user_id', alice.id);
    expect(notMine.data).toEqual([]);
    const expensive = await rest.from('orders').select('*').gt('price', 500);
    expect(expensive.data).toEqual([]);

    const counted = await rest.from('orders').select('id', { count: 'exact', head: true });
    expect(counted.count).toBe(2);
  });

  it('anon reads no orders at all', async () => {
    const anon = await server.restClient().from('orders').select('*');
    expect(anon.status).toBe(401);
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });

  it('the public ratings view shows totals, never who wrote a review', async () => {
    const who = await server.restClient().from('product_ratings').select('user_id');
    expect(who.status).toBe(400);
    expect(who.error?.code).toBe('42703');
    const reviews = await server.restClient().from('reviews').select('*');
    expect(reviews.status).toBe(401);
  });

  it('neither shoppers nor anon can insert, update or delete orders', async () => {
    const before = await allOrders(db);
    const forged = {
      user_id: alice.id,
      product_name: 'Forged',
      selected_color: 'Black',
      quantity: 1,
      price: 1,
      checkout_session_id: 'cs_forged',
      line_number: 0,
      product_key: 'keyboards:1',
    };
    for (const [token, status] of [
      [alice.accessToken, 403],
      [undefined, 401],
    ] as const) {
      const rest = server.restClient(token);
      const inserted = await rest.from('orders').insert(forged);
      const updated = await rest.from('orders').update({ price: 0 }).eq('user_id', alice.id);
      const updatedOthers = await rest
        .from('orders')
        .update({ quantity: 99 })
        .eq('user_id', bob.id);
      const deleted = await rest.from('orders').delete().eq('user_id', alice.id);
      const deletedAll = await rest.from('orders').delete().gte('id', 0).select();
      for (const res of [inserted, updated, updatedOthers, deleted, deletedAll]) {
        expect(res.status).toBe(status);
        expect(res.error?.code).toBe('42501');
      }
    }
    expect(await allOrders(db)).toEqual(before);
  });

  it('only the public schema is reachable: other schemas and catalog functions are not', async () => {
    const users = await call('/rest/v1/users?select=*', { token: alice.accessToken });
    expect(users.status).toBe(404);
    expect(await users.json()).toMatchObject({ code: 'PGRST205' });

    const profile = await call('/rest/v1/users?select=*', {
      token: alice.accessToken,
      headers: { 'Accept-Profile': 'auth' },
    });
    expect(profile.status).toBe(406);
    expect(await profile.json()).toMatchObject({ code: 'PGRST106' });

    for (const fn of ['set_config', 'pg_sleep', 'uid', 'auth.uid', 'current_setting']) {
      const res = await call(`/rest/v1/rpc/${encodeURIComponent(fn)}`, {
        method: 'POST',
        token: alice.accessToken,
        body: JSON.stringify({ setting_name: 'role', new_value: 'postgres', is_local: false }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'PGRST202' });
    }
    expect(await rowCount(db, 'orders')).toBe(3);
  });

  it('a token stops working the moment its session ends, even right after a successful use', async () => {
    const dave = await server.signUp('dave');
    const rest = server.restClient(dave.accessToken);
    expect((await rest.from('orders').select('id')).status).toBe(200);
    expect((await rest.from('orders').select('id')).status).toBe(200);
    await db.query('DELETE FROM auth.sessions WHERE user_id = $1', [dave.id]);
    const after = await rest.from('orders').select('id');
    expect(after.status).toBe(401);
    expect(after.error?.code).toBe('PGRST301');
    expect(after.error?.message).toMatch(/[Ss]ession/);
  });

  it("a request's role and claims do not leak into the next request on the same connection", async () => {
    // Alice first (authenticated, her sub), then anon: anon must still be refused outright.
    await server.restClient(alice.accessToken).from('orders').select('*');
    const anon = await server.restClient().from('orders').select('*');
    expect(anon.status).toBe(401);
    const bobs = await server.restClient(bob.accessToken).from('orders').select('product_name');
    expect(bobs.data).toEqual([{ product_name: 'Bob Board' }]);
  });
});
