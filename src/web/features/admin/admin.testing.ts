// Test set-up of the back office's component tests: staff and shopper accounts on the real server,
// and orders recorded as fulfilment would (browsers cannot write them).
import { signIn, type TestShop } from '../../lib/test-shop.testing.tsx';
import type { SessionStore } from '../../lib/session.ts';

const password = 'admin-password-1';
let n = 0;

/** A signed-in account; `staff` gives it the role before it signs in, so its token carries it. */
export async function account(
  shop: TestShop,
  staff: boolean,
): Promise<{ store: SessionStore; userId: string; email: string }> {
  const email = `${staff ? 'staff' : 'shopper'}-${++n}-${Date.now()}@example.com`;
  const userId = await shop.createAccount(email, password);
  if (staff) {
    await shop.server.query(
      `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}'::jsonb
       WHERE id = $1`,
      [userId],
    );
  }
  const store = shop.newStore();
  await signIn(store, email, password);
  return { store, userId, email };
}

export interface SeededOrder {
  email?: string;
  status?: string;
  createdAt?: string;
  subtotalCents?: number;
  shippingCents?: number;
  refundedCents?: number;
  carrier?: string;
  trackingNumber?: string;
  shippingName?: string;
  discountCode?: string;
  discountCents?: number;
  taxCents?: number;
  taxInclusive?: boolean;
  taxLabel?: string;
}

/**
 * Records one order with one line, its total what the provider would charge: the subtotal less the
 * discount, plus shipping and tax added on top. Answers its number and id.
 */
export async function seedOrder(
  shop: TestShop,
  order: SeededOrder = {},
): Promise<{ number: string; id: number }> {
  const subtotal = order.subtotalCents ?? 12999;
  const shipping = order.shippingCents ?? 500;
  const discount = order.discountCents ?? 0;
  const tax = order.taxCents ?? 0;
  const inclusive = order.taxInclusive ?? false;
  const total = subtotal - discount + shipping + (inclusive ? 0 : tax);
  const [row] = await shop.server.query<{ order_number: string; id: number }>(
    `INSERT INTO public.shop_orders (checkout_session_id, email, status, subtotal_cents,
       shipping_cents, total_cents, refunded_cents, shipping_method, shipping_rate, shipping_name,
       shipping_address, payment_intent, carrier, tracking_number, created_at, discount_code,
       discount_cents, tax_cents, tax_inclusive, tax_label)
     VALUES ('cs_test_' || gen_random_uuid(), $1, $2::text, $3::int, $4::int, $10::int, $5::int, 'Standard', 'shr_test_1',
       coalesce($9::text, 'Ada Lovelace'), '{"line1":"1 Analytical Way","line2":null,"city":"London","state":"LDN",
       "postal_code":"N1 9GU","country":"GB"}'::jsonb, 'pi_test_' || gen_random_uuid(), $6::text, $7::text,
       coalesce($8::timestamptz, now()), $11::text, $12::int, $13::int, $14::boolean, $15::text)
     RETURNING order_number, id`,
    [
      order.email ?? 'buyer@example.com',
      order.status ?? 'paid',
      subtotal,
      shipping,
      order.refundedCents ?? 0,
      order.carrier ?? null,
      order.trackingNumber ?? null,
      order.createdAt ?? null,
      order.shippingName ?? null,
      total,
      order.discountCode ?? null,
      discount,
      tax,
      inclusive,
      order.taxLabel ?? null,
    ],
  );
  if (!row) throw new Error('no order recorded');
  await shop.server.query(
    `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
       checkout_session_id, line_number, product_key, order_id)
     SELECT NULL, 'Mechanical Keyboard Pro', 'White', 1, $2::numeric, checkout_session_id, 0, 'keyboards:1', id
     FROM public.shop_orders WHERE id = $1`,
    [row.id, (subtotal / 100).toFixed(2)],
  );
  return { number: row.order_number, id: Number(row.id) };
}
