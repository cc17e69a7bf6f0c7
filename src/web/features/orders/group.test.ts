import { describe, expect, test } from 'vitest';
import type { OrderRow } from './api.ts';
import { groupOrders } from './group.ts';

let nextId = 1;
function row(
  session: string,
  line: number,
  createdAt: string,
  patch: Partial<OrderRow> = {},
): OrderRow {
  return {
    id: nextId++,
    user_id: 'u1',
    product_name: `Product ${session}-${line}`,
    selected_color: 'Black',
    quantity: 1,
    price: 10,
    created_at: createdAt,
    checkout_session_id: session,
    line_number: line,
    product_key: 'keyboards:1',
    order_id: 1,
    ...patch,
  };
}

describe('groupOrders', () => {
  test('groups rows by checkout, newest checkout first, lines in checkout order', () => {
    const groups = groupOrders([
      row('cs_new', 1, '2026-11-21T10:00:00.000+00:00'),
      row('cs_new', 0, '2026-11-21T10:00:00.000+00:00'),
      row('cs_old', 0, '2026-11-20T09:00:00.000+00:00'),
    ]);
    expect(groups.map((g) => g.id)).toEqual(['cs_new', 'cs_old']);
    expect(groups[0]?.lines.map((l) => l.productName)).toEqual([
      'Product cs_new-0',
      'Product cs_new-1',
    ]);
  });

  test('totals each checkout in cents from dollar prices', () => {
    const [group] = groupOrders([
      row('cs_1', 0, '2026-11-21T10:00:00Z', { price: 19.99, quantity: 3 }),
      row('cs_1', 1, '2026-11-21T10:00:00Z', { price: 0.1, quantity: 2 }),
    ]);
    expect(group?.lines.map((l) => l.priceCents)).toEqual([1999, 10]);
    expect(group?.totalCents).toBe(1999 * 3 + 20);
  });

  test("dates a checkout by its newest row and keeps each line's colour and quantity", () => {
    const [group] = groupOrders([
      row('cs_1', 0, '2026-11-21T10:00:01Z', { selected_color: 'White', quantity: 2 }),
      row('cs_1', 1, '2026-11-21T10:00:00Z'),
    ]);
    expect(group?.createdAt).toBe('2026-11-21T10:00:01Z');
    expect(group?.lines[0]).toMatchObject({ color: 'White', quantity: 2 });
  });

  test('no rows, no groups', () => {
    expect(groupOrders([])).toEqual([]);
  });
});
