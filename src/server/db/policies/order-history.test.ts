// The order history in pages of whole orders (public.order_history, supabase/migrations): a
// shopper with a long history gets it a bounded page at a time, each order with all its lines,
// newest first, through the official postgrest-js as the storefront calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  seedOrders,
  type Shopper,
  startTestServer,
  type TestServer,
} from '../../test-support/index.ts';

interface Row {
  user_id: string;
  checkout_session_id: string;
  line_number: number;
  created_at: string;
}

const ORDERS = 399;
const LINES = 3;

describe.each(databaseTargets())('order history pages on $name', (target) => {
  let server: TestServer;
  let shopper: Shopper;
  let other: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ target });
    shopper = await server.signUp('history');
    other = await server.signUp('other');
    // 399 orders of 3 lines (1,197 rows), one a minute; every 7th pair shares its minute, so the
    // pages must break ties by checkout session.
    await server.db.query(
      `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
         checkout_session_id, line_number, product_key, created_at)
       SELECT $1, 'Mechanical Keyboard Pro', 'Black', 1, 120.00, format('cs_%s', lpad(n::text, 4, '0')),
         line, 'keyboards:1',
         timestamptz '2026-01-01 00:00:00.123456+00' + make_interval(mins => n - (n % 14 = 1)::int)
       FROM generate_series(1, $2::int) AS n, generate_series(0, $3::int - 1) AS line`,
      [shopper.id, ORDERS, LINES],
    );
    await seedOrders(server.db, other.id, [
      { product_name: 'Blue Switch', created_at: '2027-01-01T00:00:00Z' },
    ]);
  });
  afterAll(() => server?.close());

  const page = async (token: string, args: Record<string, unknown> = {}) => {
    const res = await server.call('/rest/v1/rpc/order_history', {
      method: 'POST',
      token,
      body: JSON.stringify(args),
    });
    const text = await res.text();
    return { status: res.status, bytes: text.length, body: JSON.parse(text) as unknown };
  };

  it('walks the whole history a few kilobytes at a time, whole orders, newest first', async () => {
    const direct = await server.call(
      `/rest/v1/orders?select=*&user_id=eq.${shopper.id}&order=created_at.desc`,
      { token: shopper.accessToken },
    );
    const directBytes = (await direct.text()).length;

    const seen: string[] = [];
    let cursor: Record<string, unknown> = {};
    let previous: Row | undefined;
    for (let call = 0; call < 100; call++) {
      const { status, bytes, body } = await page(shopper.accessToken, cursor);
      expect(status).toBe(200);
      const rows = body as Row[];
      if (rows.length === 0) break;
      expect(bytes).toBeLessThan(directBytes / 30);
      const sessions = [...new Set(rows.map((r) => r.checkout_session_id))];
      expect(sessions.length).toBeLessThanOrEqual(10);
      for (const session of sessions) {
        const lines = rows.filter((r) => r.checkout_session_id === session);
        expect(lines.map((r) => r.line_number)).toEqual([0, 1, 2]);
      }
      for (const row of rows) {
        expect(row.user_id).toBe(shopper.id);
        if (previous && previous.checkout_session_id !== row.checkout_session_id) {
          // Older, or placed at the same moment with a lower session id.
          const [at, before] = [Date.parse(row.created_at), Date.parse(previous.created_at)];
          expect(at).toBeLessThanOrEqual(before);
          if (at === before)
            expect(row.checkout_session_id < previous.checkout_session_id).toBe(true);
        }
        previous = row;
      }
      seen.push(...sessions);
      cursor = {
        before_created_at: previous!.created_at,
        before_session: previous!.checkout_session_id,
      };
    }
    expect(seen).toHaveLength(ORDERS);
    expect(new Set(seen).size).toBe(ORDERS);
    expect(seen[0]).toBe('cs_0399');
    expect(directBytes).toBeGreaterThan(300_000);
  });

  it('answers at most 20 orders whatever page_size asks', async () => {
    const { status, body } = await page(shopper.accessToken, { page_size: 100_000 });
    expect(status).toBe(200);
    expect(new Set((body as Row[]).map((r) => r.checkout_session_id)).size).toBe(20);
    const small = await page(shopper.accessToken, { page_size: 2 });
    expect((small.body as Row[]).map((r) => r.checkout_session_id)).toEqual([
      ...Array(LINES).fill('cs_0399'),
      ...Array(LINES).fill('cs_0398'),
    ]);
  });

  it('shows a shopper only their own orders, nothing to anon, and 400 for a bad cursor', async () => {
    const { body } = await page(other.accessToken, { page_size: 20 });
    expect((body as Row[]).map((r) => r.user_id)).toEqual([other.id]);
    expect((await page(server.anonKey)).status).toBe(401);
    const bad = await page(shopper.accessToken, { before_created_at: 'yesterday-ish' });
    expect(bad.status).toBe(400);
  });
});
