// Order numbers without gaps (supabase/migrations/20261128100000_order_numbers_without_gaps.sql):
// consecutive orders get consecutive numbers although the success page and the webhook record the
// same paid session at the same moment, an order has several lines, or a transaction rolls back;
// and a shop whose numbers already skipped goes on after its highest. On each database.
import { afterEach, describe, expect, it } from 'vitest';
import { recordOrders, type OrderLine } from '../orders/index.ts';
import { runMigrations } from './migrate.ts';
import {
  databaseTargets,
  migrationSetsBefore,
  seedOrders,
  type TestDatabase,
} from '../test-support/index.ts';

const MIGRATION = '20261128100000_order_numbers_without_gaps.sql';
const BUYER = '00000000-0000-4000-8000-0000000b0b01';

const LINES: OrderLine[] = [0, 1].map((lineNumber) => ({
  lineNumber,
  productName: 'Mechanical Keyboard Pro',
  selectedColor: 'White',
  quantity: 1,
  unitAmountCents: 12000,
  productKey: 'keyboards:1',
}));

async function numbers(db: TestDatabase): Promise<number[]> {
  const { rows } = await db.query<{ order_number: string }>(
    'SELECT order_number FROM public.shop_orders ORDER BY id',
  );
  return rows.map((r) => Number(r.order_number.replace(/^KS-/, '')));
}

async function addBuyer(db: TestDatabase) {
  await db.query(
    `INSERT INTO auth.users (id, email, encrypted_password, created_at, updated_at)
     VALUES ($1, 'buyer@example.com', 'x', now(), now())`,
    [BUYER],
  );
}

describe.each(databaseTargets())('order numbers on $name', (target) => {
  const open: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()));
  });

  it('numbers consecutive orders consecutively, whoever records them and whatever fails', async () => {
    const db = await target.open();
    open.push(db);
    await addBuyer(db);
    for (let i = 0; i < 4; i += 1) {
      // The success page and the webhook record the same session at once: one order, one number.
      const session = `cs_test_numbers_${i}`;
      const record = () =>
        recordOrders(db, session, BUYER, LINES, { siteUrl: 'https://shop.test' });
      const written = await Promise.all([record(), record(), record()]);
      expect(written.sort()).toEqual([0, 0, 2]);
      // An order whose transaction rolls back gives its number back.
      await expect(
        db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO public.shop_orders (checkout_session_id, subtotal_cents, total_cents)
             VALUES ($1, 100, 100)`,
            [`cs_test_rolled_back_${i}`],
          );
          throw new Error('the provider went away');
        }),
      ).rejects.toThrow('the provider went away');
      // An order recorded line by line, as older code did.
      await seedOrders(db, BUYER, [
        { product_name: 'Blue Switch' },
        { product_name: 'Red Switch' },
      ]);
    }
    const got = await numbers(db);
    expect(got).toHaveLength(8);
    expect(got).toEqual(got.map((_, i) => got[0]! + i));
    expect(got[0]).toBe(10001);
  });

  it('goes on after the highest number a shop already has, keeping every number', async () => {
    const db = await target.open({ migrate: false });
    open.push(db);
    await runMigrations(db, await migrationSetsBefore(MIGRATION));
    await addBuyer(db);
    // Three orders whose numbers skipped under the old sequence.
    for (let i = 0; i < 3; i += 1) {
      await seedOrders(db, BUYER, [
        { product_name: 'Blue Switch' },
        { product_name: 'Red Switch' },
      ]);
    }
    const before = await numbers(db);
    expect(before[2]! - before[0]!).toBeGreaterThan(2);

    expect(await runMigrations(db)).toContain(`public/${MIGRATION}`);
    await seedOrders(db, BUYER, [{ product_name: 'Blue Switch' }]);
    await recordOrders(db, 'cs_test_after_upgrade', BUYER, LINES, { siteUrl: 'https://shop.test' });
    expect(await numbers(db)).toEqual([...before, before[2]! + 1, before[2]! + 2]);
  });
});
