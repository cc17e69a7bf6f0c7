// Property-based robustness: thousands of generated requests (methods, paths across /auth/v1 and
// /rest/v1, headers, query strings, bodies including junk) never get a 5xx, and afterwards the
// server still answers /healthz and a real query, with the orders table intact.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  requestArbitrary,
  rowCount,
  seedOrders,
  type Shopper,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/index.ts';

describe.each(databaseTargets())('generated requests on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  let alice: Shopper;
  let fuzzer: Shopper;

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db });
    alice = await server.signUp('alice');
    // The fuzzer gets its own account: it may well log itself out or delete itself.
    fuzzer = await server.signUp('fuzzer');
    await seedOrders(db, fuzzer.id, [{ product_name: 'Red Switch', product_key: 'switches:202' }]);
    await seedOrders(db, alice.id, [
      { product_name: 'Mechanical Keyboard Pro' },
      { product_name: 'Blue Switch' },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it(
    'never answer 5xx, and the server still answers afterwards',
    { timeout: 600_000 },
    async () => {
      const tokens = { anonKey: server.anonKey, user: fuzzer.accessToken };
      const request = requestArbitrary(tokens);
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const init: RequestInit = { method: r.method, headers: r.headers };
          if (r.body !== undefined) init.body = r.body;
          const res = await server.fetch(`${server.url}${r.url}`, init);
          const text = await res.text();
          sent++;
          if (res.status >= 500) {
            throw new Error(`${r.method} ${r.url} -> ${res.status} ${text.slice(0, 300)}`);
          }
        }),
        { numRuns: target.name === 'pglite' ? 1500 : 1000 },
      );
      expect(sent).toBeGreaterThanOrEqual(target.name === 'pglite' ? 1500 : 1000);

      const health = await server.fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      const orders = await server
        .restClient(alice.accessToken)
        .from('orders')
        .select('product_name')
        .eq('user_id', alice.id)
        .order('product_name');
      expect(orders.data).toEqual([
        { product_name: 'Blue Switch' },
        { product_name: 'Mechanical Keyboard Pro' },
      ]);
      // Alice's two and at most the fuzzer's one (it may have deleted its own account).
      expect(await rowCount(db, 'orders')).toBeGreaterThanOrEqual(2);
      expect(await rowCount(db, 'orders')).toBeLessThanOrEqual(3);
    },
  );
});
