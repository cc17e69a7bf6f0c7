// The back office's walls, on each database: a shopper reads only their own orders, lines and
// refunds through the data API and nothing of the audit log; a token without the staff role
// reaches no staff data and no staff action; a revoked staff token loses both at once; staff see
// everything (docs/product.md, Back office).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../../src/server/staff/roles.ts';
import {
  databaseTargets,
  signInAgain,
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../../src/server/test-support/index.ts';
import { seedOrder } from './support.ts';

const TABLES = ['shop_orders', 'orders', 'shop_order_refunds', 'staff_audit_log'] as const;

const ACTIONS: [string, string, unknown][] = [
  ['POST', 'admin-ship', { orderNumber: '', carrier: 'UPS', trackingNumber: '1Z' }],
  ['POST', 'admin-deliver', { orderNumber: '' }],
  ['POST', 'admin-cancel', { orderNumber: '' }],
  ['POST', 'admin-refund', { orderNumber: '', amountCents: 100 }],
  ['GET', 'admin-orders-csv?from=2000-01-01&to=2100-01-01', undefined],
  ['GET', 'admin-orders?q=Alice', undefined],
  ['GET', 'admin-discounts', undefined],
  ['POST', 'admin-discounts', { code: 'SNEAKY', percentOff: 90 }],
  ['POST', 'admin-discounts/promo_any', { active: false }],
  ['GET', 'admin-tax-rates', undefined],
  [
    'POST',
    'admin-tax-rates',
    { displayName: 'Tax', percentage: 1, country: 'DE', inclusive: true },
  ],
  ['POST', 'admin-tax-rates/txr_any', { active: false }],
];

describe.each(databaseTargets())('back office access on $name', (target) => {
  let shop: PayingTestServer;
  let alice: Shopper;
  let bob: Shopper;
  let staff: Shopper & { token: string };
  /** Alice's order: number and id. */
  let order: { id: number; order_number: string };

  beforeAll(async () => {
    shop = await startTestServer({ target, payments: true });
    [alice, bob] = [await shop.signUp('alice'), await shop.signUp('bob')];
    staff = await signUpStaff(shop);
    await seedOrder(shop.db, alice.id, 'Alice keyboard');
    await seedOrder(shop.db, bob.id, 'Bob keyboard');
    const { rows } = await shop.db.query<{ id: number; order_number: string }>(
      `UPDATE public.shop_orders SET shipping_name = 'Alice A', shipping_address = '{"city":"Oslo"}'
       WHERE user_id = $1 RETURNING id::int AS id, order_number`,
      [alice.id],
    );
    order = rows[0]!;
    await shop.db.query(
      `INSERT INTO public.shop_order_refunds (order_id, provider_refund_id, amount_cents)
       VALUES ($1, 're_alice', 100)`,
      [order.id],
    );
    await shop.db.query(
      `INSERT INTO public.staff_audit_log (staff_id, staff_email, action, order_id)
       VALUES ($1, $2, 'ship', $3)`,
      [staff.id, staff.email, order.id],
    );
  });
  afterAll(() => shop?.close());

  const rowsOf = async (table: string, token: string) => {
    const res = await shop.call(`/rest/v1/${table}?select=*`, { token });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>[];
  };
  const act = async (token: string | undefined, [method, name, body]: (typeof ACTIONS)[number]) => {
    const filled =
      body && typeof body === 'object' ? { ...body, orderNumber: order.order_number } : body;
    const res = await shop.call(`/functions/v1/${name}`, {
      method,
      ...(filled ? { body: JSON.stringify(filled) } : {}),
      ...(token ? { token } : {}),
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: (json ? JSON.parse(text) : { text }) as { error?: string } };
  };
  const everything = () =>
    Promise.all(
      TABLES.map(async (t) => (await shop.db.query(`SELECT * FROM public.${t} ORDER BY 1`)).rows),
    );

  it("never shows a shopper another's order, address, lines, refunds or the audit log", async () => {
    const [orders = [], lines = [], refunds, audit] = await Promise.all(
      TABLES.map((t) => rowsOf(t, bob.accessToken)),
    );
    expect(orders.map((o) => o.user_id)).toEqual([bob.id]);
    expect(JSON.stringify(orders)).not.toContain('Oslo');
    expect(lines.map((l) => l.product_name)).toEqual(['Bob keyboard']);
    expect(refunds).toEqual([]);
    expect(audit).toEqual([]);
    // Alice sees her own order and refund, and still no audit log.
    expect((await rowsOf('shop_order_refunds', alice.accessToken)).length).toBe(1);
    expect(await rowsOf('staff_audit_log', alice.accessToken)).toEqual([]);
  });

  it('gives a token without the staff role no staff action (403) and changes nothing', async () => {
    const before = await everything();
    for (const action of ACTIONS) {
      expect(await act(bob.accessToken, action)).toMatchObject({
        status: 403,
        body: { error: 'not_staff' },
      });
      expect((await act(undefined, action)).status).toBe(401);
    }
    expect(await everything()).toEqual(before);
  });

  it('lets staff read every order, line, refund and the audit log', async () => {
    const [orders = [], lines = [], refunds = [], audit = []] = await Promise.all(
      TABLES.map((t) => rowsOf(t, staff.token)),
    );
    expect(orders.map((o) => o.user_id).sort()).toEqual([alice.id, bob.id].sort());
    expect(lines.length).toBe(2);
    expect(refunds.map((r) => r.provider_refund_id)).toEqual(['re_alice']);
    expect(audit.map((a) => a.action)).toEqual(['ship']);
    expect((await act(staff.token, ACTIONS[4]!)).status).toBe(200);
    const found = await act(staff.token, ACTIONS[5]!);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ orders: [{ id: order.id }], more: false });
  });

  it('grants the role from the next token refresh, not before', async () => {
    const clerk = await shop.signUp('clerk');
    await runStaffCommand(shop.db, { command: 'add', email: clerk.email });
    expect((await act(clerk.accessToken, ACTIONS[4]!)).status).toBe(403);
    const { data, error } = await shop
      .authClient()
      .refreshSession({ refresh_token: clerk.refreshToken });
    if (error || !data.session) throw error ?? new Error('no session');
    expect(data.session.user.app_metadata).toMatchObject({ role: 'staff' });
    expect((await act(data.session.access_token, ACTIONS[4]!)).status).toBe(200);
  });

  it('takes everything away from a revoked staff token at once', async () => {
    const other = await signUpStaff(shop, 'leaver');
    expect((await rowsOf('shop_orders', other.token)).length).toBe(2);
    await runStaffCommand(shop.db, { command: 'remove', email: other.email });
    // The same token, issued while staff: no staff rows, no staff action.
    for (const table of TABLES) expect(await rowsOf(table, other.token)).toEqual([]);
    const before = await everything();
    for (const action of ACTIONS) {
      expect((await act(other.token, action)).body.error).toBe('not_staff');
    }
    expect(await everything()).toEqual(before);
    // A new sign-in carries no role either.
    const fresh = await signInAgain(shop, other);
    expect((await act(fresh, ACTIONS[4]!)).status).toBe(403);
  });
});
