// Bad input never reaches a 500: every malformed, oversized, unknown or hostile request gets a
// 4xx with a clear message in the API's own error shape, and nothing in the database changes.
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

const HOSTILE = [
  "'; DROP TABLE public.orders; --",
  '1); DELETE FROM public.orders; --',
  '" OR 1=1 --',
  '$1',
  '\\x00',
  '\u0000',
  'null',
];

describe.each(databaseTargets())('bad input on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  let alice: Shopper;

  const send = (path: string, init: RequestInit = {}, token?: string) =>
    server.fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        apikey: server.anonKey,
        Authorization: `Bearer ${token ?? server.anonKey}`,
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(init.headers as Record<string, string>),
      },
    });

  /** Asserts a 4xx in PostgREST's shape with a message, and returns the body. */
  async function expectRestError(res: Response, status: number, code?: string) {
    expect(res.status).toBe(status);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof body.message).toBe('string');
    expect((body.message as string).length).toBeGreaterThan(5);
    if (code) expect(body.code).toBe(code);
    return body;
  }

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db });
    alice = await server.signUp('alice');
    await seedOrders(db, alice.id, [
      { product_name: 'Mechanical Keyboard Pro' },
      { product_name: 'Blue Switch' },
    ]);
  });
  afterAll(async () => {
    // Whatever the tests above sent, the table is intact.
    expect(await rowCount(db, 'orders')).toBe(2);
    await server?.close();
    await db?.close();
  });

  it('malformed JSON is a 400 on every API, never a 500', async () => {
    for (const body of ['{"rating":', '{bad json}', '', 'null', '42', '"text"', '[1,2]', '[[]]']) {
      const res = await send('/rest/v1/reviews', { method: 'POST', body }, alice.accessToken);
      await expectRestError(res, 400, 'PGRST102');
    }
    const rpc = await send('/rest/v1/rpc/rate_product', { method: 'POST', body: '{"x":' });
    await expectRestError(rpc, 400, 'PGRST102');
    // (Not /logout: it ignores its body, as GoTrue does, and would end Alice's session.)
    for (const path of ['/auth/v1/signup', '/auth/v1/token?grant_type=password', '/auth/v1/user']) {
      const method = path === '/auth/v1/user' ? 'PUT' : 'POST';
      const res = await send(path, { method, body: '{"email":' }, alice.accessToken);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toHaveProperty('msg');
    }
  });

  it('values of the wrong type are a 400 from Postgres itself (22P02), with nothing written', async () => {
    const reviews = await rowCount(db, 'reviews');
    await expectRestError(
      await send('/rest/v1/orders?quantity=eq.lots', {}, alice.accessToken),
      400,
      '22P02',
    );
    await expectRestError(
      await send('/rest/v1/orders?user_id=eq.not-a-uuid', {}, alice.accessToken),
      400,
      '22P02',
    );
    await expectRestError(
      await send('/rest/v1/orders?created_at=gt.yesterday-ish', {}, alice.accessToken),
      400,
    );
    await expectRestError(
      await send(
        '/rest/v1/reviews',
        {
          method: 'POST',
          body: JSON.stringify({
            product_key: 'keyboards:1',
            product_name: 'Mechanical Keyboard Pro',
            rating: 'five',
          }),
        },
        alice.accessToken,
      ),
      400,
      '22P02',
    );
    await expectRestError(
      await send(
        '/rest/v1/rpc/rate_product',
        {
          method: 'POST',
          body: JSON.stringify({ product_key: 'keyboards:1', product_name: 'x', rating: [1] }),
        },
        alice.accessToken,
      ),
      400,
    );
    await expectRestError(
      await send('/rest/v1/orders?limit=ten', {}, alice.accessToken),
      400,
      'PGRST100',
    );
    await expectRestError(
      await send('/rest/v1/orders?limit=1&offset=-5', {}, alice.accessToken),
      400,
      'PGRST100',
    );
    await expectRestError(
      await send('/rest/v1/orders?product_name=eq.%00', {}, alice.accessToken),
      400,
    );
    await expectRestError(
      await send(
        '/rest/v1/reviews',
        { method: 'POST', body: 'not json', headers: { 'Content-Type': 'text/plain' } },
        alice.accessToken,
      ),
      415,
      'PGRST107',
    );
    expect(await rowCount(db, 'reviews')).toBe(reviews);
  });

  it('huge bodies are refused with 413 in the API shape, with or without Content-Length', async () => {
    const huge = JSON.stringify({ product_name: 'x'.repeat(2 * 1024 * 1024) });
    await expectRestError(
      await send('/rest/v1/reviews', { method: 'POST', body: huge }, alice.accessToken),
      413,
      'PGRST413',
    );
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
        for (let i = 0; i < 40; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await send(
      '/rest/v1/reviews',
      { method: 'POST', body: streamed, duplex: 'half' } as RequestInit,
      alice.accessToken,
    );
    await expectRestError(res, 413, 'PGRST413');
    const auth = await send('/auth/v1/signup', { method: 'POST', body: huge });
    expect(auth.status).toBe(413);
    expect(await auth.json()).toMatchObject({ error_code: 'request_too_large' });
    const manyRows = JSON.stringify(
      Array.from({ length: 30_000 }, () => ({ rating: 5, product_key: 'keyboards:1' })),
    );
    await expectRestError(
      await send('/rest/v1/reviews', { method: 'POST', body: manyRows }, alice.accessToken),
      413,
    );
  });

  it('unknown tables, columns, operators and functions are named in a 4xx', async () => {
    const table = await expectRestError(
      await send('/rest/v1/ordres?select=*', {}, alice.accessToken),
      404,
      'PGRST205',
    );
    expect(table.message).toContain("'public.ordres'");
    for (const qs of ['select=nope', 'nope=eq.1', 'order=nope.desc', 'select=product_name,nope']) {
      const body = await expectRestError(
        await send(`/rest/v1/orders?${qs}`, {}, alice.accessToken),
        400,
        '42703',
      );
      expect(body.message).toContain('orders.nope');
    }
    const insert = await expectRestError(
      await send(
        '/rest/v1/reviews',
        { method: 'POST', body: JSON.stringify({ rating: 5, nope: 1 }) },
        alice.accessToken,
      ),
      400,
      'PGRST204',
    );
    expect(insert.message).toContain("'nope' column of 'reviews'");
    for (const filter of ['eq', 'foo.1', 'eqq.1', 'cs.{1}', 'not.like', 'in.1,2', 'is.maybe']) {
      const body = await expectRestError(
        await send(`/rest/v1/orders?id=${filter}`, {}, alice.accessToken),
        400,
        'PGRST100',
      );
      expect(body.message).toMatch(/failed to parse/);
    }
    for (const select of ['users(*)', 'price::text', 'data->>x', '*,orders(id)']) {
      await expectRestError(
        await send(`/rest/v1/orders?select=${encodeURIComponent(select)}`, {}, alice.accessToken),
        400,
        'PGRST100',
      );
    }
    const fn = await expectRestError(
      await send('/rest/v1/rpc/does_not_exist', { method: 'POST', body: '{}' }, alice.accessToken),
      404,
      'PGRST202',
    );
    expect(fn.message).toContain('public.does_not_exist');
    const args = await expectRestError(
      await send(
        '/rest/v1/rpc/delete_user',
        { method: 'POST', body: '{"everyone":true}' },
        alice.accessToken,
      ),
      404,
      'PGRST202',
    );
    expect(args.message).toContain('public.delete_user(everyone)');
  });

  it('PUT, PATCH and DELETE on a function are 405 PGRST101, as on PostgREST', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const body = await expectRestError(
        await send('/rest/v1/rpc/rate_product', { method, body: '{}' }, alice.accessToken),
        405,
        'PGRST101',
      );
      expect(body.message).toBe(`Cannot use the ${method} method on RPC`);
    }
  });

  it('an array insert whose rows have different keys and no columns= is 400 PGRST102', async () => {
    const reviews = await rowCount(db, 'reviews');
    const rows = [
      { product_key: 'keyboards:1', product_name: 'Mechanical Keyboard Pro', rating: 5 },
      { product_key: 'keyboards:1', product_name: 'Mechanical Keyboard Pro' },
    ];
    const body = await expectRestError(
      await send(
        '/rest/v1/reviews',
        { method: 'POST', body: JSON.stringify(rows) },
        alice.accessToken,
      ),
      400,
      'PGRST102',
    );
    expect(body.message).toBe('All object keys must match');
    expect(await rowCount(db, 'reviews')).toBe(reviews);
  });

  it('writes to a relation that cannot take them (a GROUP BY view) are 405, not a crash', async () => {
    for (const [method, path] of [
      ['POST', '/rest/v1/product_ratings'],
      ['PATCH', '/rest/v1/product_ratings?product_key=eq.keyboards:1'],
      ['DELETE', '/rest/v1/product_ratings?product_key=eq.keyboards:1'],
    ] as const) {
      const body = method === 'DELETE' ? undefined : JSON.stringify({ rating_count: 1000 });
      const res = await send(path, { method, ...(body ? { body } : {}) }, alice.accessToken);
      const error = await expectRestError(res, 405);
      expect(error.message).toContain('"product_ratings"');
    }
  });

  it('SQL in filter values, names, order, select and rpc names is data or a 4xx, never SQL', async () => {
    for (const value of HOSTILE) {
      const res = await send(
        `/rest/v1/orders?product_name=eq.${encodeURIComponent(value)}`,
        {},
        alice.accessToken,
      );
      expect(res.status, value).toBe(value === '\u0000' ? 400 : 200);
      if (res.status === 200) expect(await res.json()).toEqual([]);
      const inList = await send(
        `/rest/v1/orders?product_name=in.(${encodeURIComponent(`"${value}",x`)})`,
        {},
        alice.accessToken,
      );
      expect(inList.status).toBeLessThan(500);
      const like = await send(
        `/rest/v1/orders?product_name=like.${encodeURIComponent(value)}`,
        {},
        alice.accessToken,
      );
      expect(like.status).toBeLessThan(500);
    }
    const hostileNames = [
      'product_name"; DROP TABLE public.orders; --',
      'id) OR (1=1',
      '(SELECT 1)',
      'pg_sleep(5)',
    ];
    for (const name of hostileNames) {
      const n = encodeURIComponent(name);
      for (const path of [
        `/rest/v1/orders?select=${n}`,
        `/rest/v1/orders?${n}=eq.1`,
        `/rest/v1/orders?order=${n}`,
      ]) {
        const res = await send(path, {}, alice.accessToken);
        expect(res.status).toBe(400);
      }
      const table = await send(`/rest/v1/${n}`, {}, alice.accessToken);
      expect(table.status).toBe(404);
      const rpc = await send(
        `/rest/v1/rpc/${n}`,
        { method: 'POST', body: '{}' },
        alice.accessToken,
      );
      expect(rpc.status).toBe(404);
    }
    const rpcArg = await send(
      '/rest/v1/rpc/rate_product',
      {
        method: 'POST',
        body: JSON.stringify({
          product_key: "keyboards:1'); DELETE FROM public.orders; --",
          product_name: 'x',
          rating: 5,
        }),
      },
      alice.accessToken,
    );
    expect(rpcArg.status).toBeGreaterThanOrEqual(400);
    expect(rpcArg.status).toBeLessThan(500);
    expect(await rowCount(db, 'orders')).toBe(2);
    const { rows } = await db.query("SELECT to_regclass('public.orders') IS NOT NULL AS exists");
    expect(rows[0]).toEqual({ exists: true });
  });

  it('malformed auth headers and keys are a 401 with WWW-Authenticate, not a crash', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer a.b.c',
      `Bearer ${'x'.repeat(5000)}`,
      'Bearer eyJhbGciOiJub25lIn0.e30.',
    ]) {
      const res = await server.fetch(`${server.url}/rest/v1/orders`, {
        headers: { apikey: server.anonKey, Authorization: authorization },
      });
      expect(res.status, authorization.slice(0, 30)).toBeLessThan(500);
      expect([200, 401]).toContain(res.status);
    }
    const noKey = await server.fetch(`${server.url}/rest/v1/orders`);
    await expectRestError(noKey, 401);
    const wrongKey = await server.fetch(`${server.url}/rest/v1/orders`, {
      headers: { apikey: 'sb_publishable_wrong' },
    });
    expect(wrongKey.headers.get('www-authenticate')).toMatch(/^Bearer /);
    await expectRestError(wrongKey, 401);
  });
});
