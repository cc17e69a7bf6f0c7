// Security of the data API (/rest/v1): a shopper sees only their own orders, no client can write
// orders, and SQL sent through filters, ordering, select lists and rpc names is never run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allOrders,
  databaseTargets,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../../src/server/test-support/index.ts';
import { seedOrder } from './support.ts';

const INJECTIONS = [
  "'; DROP TABLE public.orders; --",
  "x' OR '1'='1",
  '1); DELETE FROM public.orders; --',
  '" OR 1=1 --',
];
const HOSTILE_NAMES = [
  'product_name"; DROP TABLE public.orders; --',
  'user_id) OR (1=1',
  '(SELECT user_id FROM public.orders)',
  'pg_sleep(5)',
];

describe.each(databaseTargets())('data API on $name', (target) => {
  let shop: PayingTestServer;
  let alice: Shopper;
  let bob: Shopper;
  let tablesBefore: string[];
  const tables = async () =>
    (
      await shop.db.query<{ name: string }>(
        "SELECT schemaname || '.' || tablename AS name FROM pg_tables WHERE schemaname IN ('public', 'auth', 'keebshop') ORDER BY 1",
      )
    ).rows.map((r) => r.name);
  beforeAll(async () => {
    shop = await startTestServer({ target, payments: true, listen: true });
    tablesBefore = await tables();
    alice = await shop.signUp('alice');
    bob = await shop.signUp('bob');
    await seedOrder(shop.db, alice.id, 'Alice Keyboard');
    await seedOrder(shop.db, bob.id, 'Bob Keyboard');
  });
  afterAll(() => shop?.close());

  it("shows a shopper their own orders and never another shopper's, however asked", async () => {
    const rest = shop.restClient(alice.accessToken);
    const own = await rest.from('orders').select('product_name');
    expect(own.data).toEqual([{ product_name: 'Alice Keyboard' }]);
    for (const query of [
      rest.from('orders').select('*').eq('user_id', bob.id),
      rest.from('orders').select('*').neq('user_id', alice.id),
      rest.from('orders').select('*').in('user_id', [bob.id, alice.id]),
      rest.from('orders').select('*').eq('product_name', 'Bob Keyboard'),
    ]) {
      const { data, error } = await query;
      expect(error).toBeNull();
      expect((data ?? []).map((row) => row.product_name)).not.toContain('Bob Keyboard');
    }
    // Signed out: nothing at all.
    const anon = await shop.restClient().from('orders').select('*');
    expect(anon.status).toBe(401);
    expect(anon.data).toBeNull();
  });

  it('refuses inserts, updates and deletes of orders from any client, changing nothing', async () => {
    const before = await allOrders(shop.db);
    for (const token of [alice.accessToken, undefined]) {
      const rest = shop.restClient(token);
      const attempts = [
        rest.from('orders').insert({
          user_id: alice.id,
          product_name: 'Free Keyboard',
          selected_color: 'Black',
          quantity: 1,
          price: 0,
          checkout_session_id: 'cs_test_forged',
          line_number: 0,
          product_key: 'keyboards:1',
        }),
        rest.from('orders').update({ price: 0 }).eq('user_id', alice.id),
        rest.from('orders').update({ user_id: alice.id }).eq('user_id', bob.id),
        rest.from('orders').delete().eq('user_id', alice.id),
        rest.from('orders').delete().gte('id', 0),
      ];
      for (const { status, error } of await Promise.all(attempts)) {
        expect(status).toBe(token ? 403 : 401);
        expect(error?.code).toBe('42501');
      }
    }
    expect(await allOrders(shop.db)).toEqual(before);
  });

  it('treats SQL in filter values as data', async () => {
    for (const value of INJECTIONS) {
      const v = encodeURIComponent(value);
      for (const path of [
        `/rest/v1/orders?product_name=eq.${v}`,
        `/rest/v1/orders?product_name=like.${v}`,
        `/rest/v1/orders?product_name=in.(${encodeURIComponent(`"${value}"`)})`,
      ]) {
        const res = await shop.call(path, { token: alice.accessToken });
        // Matched as text (nothing is called that), or refused when the quoting is broken.
        if (res.status === 200) expect(await res.json(), path).toEqual([]);
        else expect(res.status, path).toBe(400);
      }
      const matched = await shop.call(`/rest/v1/orders?product_name=eq.${v}`, {
        token: alice.accessToken,
      });
      expect(matched.status).toBe(200);
    }
  });

  it('answers SQL in column names, ordering, select lists, table and rpc names with a 4xx', async () => {
    const before = await allOrders(shop.db);
    for (const name of HOSTILE_NAMES) {
      const n = encodeURIComponent(name);
      const token = alice.accessToken;
      for (const path of [
        `/rest/v1/orders?select=${n}`,
        `/rest/v1/orders?${n}=eq.1`,
        `/rest/v1/orders?order=${n}`,
        `/rest/v1/orders?order=product_name.${n}`,
      ]) {
        expect((await shop.call(path, { token })).status, path).toBe(400);
      }
      expect((await shop.call(`/rest/v1/${n}`, { token })).status).toBe(404);
      const rpc = await shop.call(`/rest/v1/rpc/${n}`, { token, method: 'POST', body: '{}' });
      expect(rpc.status).toBe(404);
    }
    // Server-private functions and other schemas are not callable either.
    for (const fn of ['pg_sleep', 'pg_read_file', 'current_setting', 'auth.uid']) {
      const rpc = await shop.call(`/rest/v1/rpc/${encodeURIComponent(fn)}`, {
        token: alice.accessToken,
        method: 'POST',
        body: '{}',
      });
      expect(rpc.status, fn).toBe(404);
    }
    expect(await allOrders(shop.db)).toEqual(before);
    expect(await tables()).toEqual(tablesBefore);
  });
});
