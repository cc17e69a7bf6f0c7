// The shop_orders migration over a database that already has orders (docs/operations.md, Shipping
// and orders): each checkout session's lines become one order, numbered in the order they were
// placed, totals from the lines, every line linked. On each database.
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from './migrate.ts';
import { databaseTargets, migrationSetsBefore, type TestDatabase } from '../test-support/index.ts';

const SHOP_ORDERS = '20261124090000_shop_orders.sql';

const ALICE = '00000000-0000-4000-8000-00000000a11c';
const BOB = '00000000-0000-4000-8000-000000000b0b';

describe.each(databaseTargets())('the shop_orders backfill on $name', (target) => {
  const open: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()));
  });

  it('makes one order per session, numbered in placement order, with the lines’ totals', async () => {
    const db = await target.open({ migrate: false });
    open.push(db);
    const applied = await runMigrations(db, await migrationSetsBefore(SHOP_ORDERS));
    expect(applied).not.toContain(`public/${SHOP_ORDERS}`);

    await db.query(
      `INSERT INTO auth.users (id, email, encrypted_password, created_at, updated_at)
       VALUES ($1, 'alice@example.com', 'x', now(), now()), ($2, 'bob@example.com', 'x', now(), now())`,
      [ALICE, BOB],
    );
    // Legacy lines: Bob's later session first in the table, Alice's two-line session, Bob's first.
    const line = (
      user: string,
      session: string,
      n: number,
      price: string,
      qty: number,
      at: string,
    ) =>
      db.query(
        `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
           checkout_session_id, line_number, product_key, created_at)
         VALUES ($1, 'Board', 'Black', $2, $3, $4, $5, 'keyboards:1', $6)`,
        [user, qty, price, session, n, at],
      );
    await line(BOB, 'cs_test_bob2', 0, '10.00', 1, '2026-11-03T10:00:00Z');
    await line(ALICE, 'cs_test_alice', 0, '120.00', 1, '2026-11-02T10:00:00Z');
    await line(ALICE, 'cs_test_alice', 1, '2.50', 3, '2026-11-02T10:00:00Z');
    await line(BOB, 'cs_test_bob1', 0, '0.75', 4, '2026-11-01T10:00:00Z');

    const rest = await runMigrations(db);
    expect(rest).toContain(`public/${SHOP_ORDERS}`);

    const { rows: orders } = await db.query<Record<string, unknown>>(
      `SELECT order_number, checkout_session_id, user_id, email, status, subtotal_cents,
              shipping_cents, total_cents, refunded_cents, shipping_address,
              (SELECT count(*)::int FROM public.orders o WHERE o.order_id = s.id) AS lines
       FROM public.shop_orders s ORDER BY s.id`,
    );
    const common = { status: 'paid', shipping_cents: 0, refunded_cents: 0, shipping_address: null };
    expect(orders).toEqual([
      {
        ...common,
        order_number: 'KS-10001',
        checkout_session_id: 'cs_test_bob1',
        user_id: BOB,
        email: 'bob@example.com',
        subtotal_cents: 300,
        total_cents: 300,
        lines: 1,
      },
      {
        ...common,
        order_number: 'KS-10002',
        checkout_session_id: 'cs_test_alice',
        user_id: ALICE,
        email: 'alice@example.com',
        subtotal_cents: 12750,
        total_cents: 12750,
        lines: 2,
      },
      {
        ...common,
        order_number: 'KS-10003',
        checkout_session_id: 'cs_test_bob2',
        user_id: BOB,
        email: 'bob@example.com',
        subtotal_cents: 1000,
        total_cents: 1000,
        lines: 1,
      },
    ]);
    const { rows: unlinked } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM public.orders WHERE order_id IS NULL',
    );
    expect(unlinked[0]?.n).toBe(0);
  }, 180_000);
});
