// The staff functions' order is a row of public.shop_orders: the same columns as the types the
// migrations generate (database.ts), each of a type the column can hold. Checked by the type
// check (`npm run typecheck`), and the parse by a row as the table stores it.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Tables } from '../database.ts';
import { staffOrderSchema, type StaffOrder } from './staff-order.ts';

type Row = Tables<'shop_orders'>;

describe('the staff order', () => {
  it('has exactly the columns of public.shop_orders', () => {
    expectTypeOf<keyof StaffOrder>().toEqualTypeOf<keyof Row>();
  });

  it('narrows every column to what the table may hold', () => {
    // Each field of the schema's output fits the generated column type (status: its CHECK list).
    expectTypeOf<Omit<StaffOrder, 'shipping_address'>>().toExtend<Omit<Row, 'shipping_address'>>();
  });

  it('reads a row as the data API answers it', () => {
    const row: Row = {
      id: 7,
      order_number: 'KS-10007',
      checkout_session_id: 'cs_test_1',
      user_id: null,
      email: 'a@example.com',
      status: 'paid',
      currency: 'usd',
      subtotal_cents: 12000,
      shipping_cents: 500,
      // 12000 − 2400 + 500 shipping + 696 tax (7.25% of 9600).
      total_cents: 10796,
      refunded_cents: 0,
      shipping_method: 'Standard',
      shipping_rate: 'shr_1',
      shipping_name: 'A Shopper',
      shipping_address: { line1: '1 Main St', city: 'Oslo', country: 'NO' },
      payment_intent: 'pi_1',
      carrier: null,
      tracking_number: null,
      created_at: '2026-11-24T09:00:00.123456+00:00',
      updated_at: '2026-11-24T09:00:00.123456+00:00',
      shipped_at: null,
      delivered_at: null,
      cancelled_at: null,
      address_erased_at: null,
      discount_code: 'SPRING-20',
      discount_cents: 2400,
      tax_cents: 696,
      tax_inclusive: false,
      tax_label: 'Sales tax 7.25%',
      waits_for: [],
    };
    expect(staffOrderSchema.safeParse(row).success).toBe(true);
    expect(staffOrderSchema.safeParse({ ...row, status: 'lost' }).success).toBe(false);
  });
});
