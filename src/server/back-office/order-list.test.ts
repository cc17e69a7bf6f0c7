// The back office's order list through GET /functions/v1/admin-orders (docs/product.md, Back
// office page): staff find an order by its number, the customer's email or the shipping name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpStaff,
  startTestServer,
  type Shopper,
  type TestServer,
} from '../test-support/index.ts';
import { searchPattern } from './order-list.ts';

describe('searchPattern', () => {
  it('reads an order number or its start, in any case, with or without KS-', () => {
    expect(searchPattern('KS-10042')).toEqual({ number: 'KS-10042%' });
    expect(searchPattern(' ks-10 ')).toEqual({ number: 'KS-10%' });
    expect(searchPattern('10042')).toEqual({ number: 'KS-10042%' });
    expect(searchPattern('  ')).toBeNull();
  });

  it('looks for anything else inside the text, its LIKE wildcards taken literally', () => {
    expect(searchPattern('Ada@Example')).toEqual({ text: '%Ada@Example%' });
    expect(searchPattern('a_b%c\\')).toEqual({ text: '%a\\_b\\%c\\\\%' });
  });
});

describe('the order list', () => {
  let server: TestServer;
  let staff: Shopper & { token: string };
  const numbers: Record<string, string> = {};

  const seed = async (label: string, email: string, name: string | null, status = 'paid') => {
    const { rows } = await server.db.query<{ order_number: string }>(
      `INSERT INTO public.shop_orders (checkout_session_id, email, status, subtotal_cents,
         shipping_cents, total_cents, shipping_name)
       VALUES ('cs_test_' || gen_random_uuid(), $1, $2, 1000, 0, 1000, $3)
       RETURNING order_number`,
      [email, status, name],
    );
    numbers[label] = rows[0]!.order_number;
  };

  beforeAll(async () => {
    server = await startTestServer();
    staff = await signUpStaff(server);
    await seed('ada', 'first@example.com', 'Ada Lovelace');
    await seed('grace', 'second@example.com', 'Grace Hopper', 'shipped');
    await seed('lovelace', 'ada.lovelace@example.com', null);
  });
  afterAll(() => server?.close());

  const list = async (query: string, token = staff.token) => {
    const res = await server.call(`/functions/v1/admin-orders?${query}`, { token });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const found = async (query: string) => {
    const { json } = await list(query);
    return (json.orders as { order_number: string }[]).map((o) => o.order_number);
  };

  it('finds an order by the shipping name, ignoring case, as well as by the email', async () => {
    expect(await found('q=ada%20LOVELACE')).toEqual([numbers.ada]);
    expect(await found('q=Lovelace')).toEqual([numbers.lovelace, numbers.ada]);
    expect(await found('q=hopper')).toEqual([numbers.grace]);
    expect(await found('q=SECOND@')).toEqual([numbers.grace]);
    expect(await found('q=nobody-at-all')).toEqual([]);
  });

  it('finds by number, filters by status and pages, newest first', async () => {
    expect(await found(`q=${numbers.ada!.toLowerCase()}`)).toEqual([numbers.ada]);
    expect(await found('status=shipped')).toEqual([numbers.grace]);
    const first = await list('limit=2');
    expect(first.json.more).toBe(true);
    expect(await found('limit=2&offset=2')).toEqual([numbers.ada]);
    expect((await list('status=lost')).status).toBe(400);
  });

  it('is for staff only', async () => {
    const shopper = await server.signUp('shopper');
    expect((await list('q=ada', shopper.accessToken)).status).toBe(403);
  });
});
