import * as z from 'zod/mini';
import { waitingLineSchema } from './confirm-checkout.ts';
import { orderStatusSchema, shippingAddressSchema, wholeNumber } from './order.ts';

const text = z.nullable(z.string());
/** A timestamptz as PostgreSQL's to_json writes it: "2026-11-24T09:00:00.123456+00:00". */
const timestamp = z.string();

/**
 * One row of public.shop_orders (supabase/migrations/20261124090000_shop_orders.sql) as the back
 * office's functions answer it: the server's `to_json` of the row, so the bigint id is a number.
 * Columns added later are dropped by the parse until they are named here.
 */
export const staffOrderSchema = z.object({
  id: wholeNumber,
  order_number: z.string(),
  checkout_session_id: z.string(),
  user_id: text,
  email: text,
  status: orderStatusSchema,
  currency: z.string(),
  subtotal_cents: wholeNumber,
  shipping_cents: wholeNumber,
  total_cents: wholeNumber,
  refunded_cents: wholeNumber,
  shipping_method: text,
  shipping_rate: text,
  shipping_name: text,
  shipping_address: z.nullable(shippingAddressSchema),
  payment_intent: text,
  carrier: text,
  tracking_number: text,
  created_at: timestamp,
  updated_at: timestamp,
  shipped_at: z.nullable(timestamp),
  delivered_at: z.nullable(timestamp),
  cancelled_at: z.nullable(timestamp),
  address_erased_at: z.nullable(timestamp),
  discount_code: text,
  discount_cents: wholeNumber,
  tax_cents: wholeNumber,
  tax_inclusive: z.boolean(),
  tax_label: text,
  /** The pre-orders and group buys the order waits for; empty for an in-stock order. */
  waits_for: z.array(waitingLineSchema),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
