import type {
  ConfirmedOrder,
  OrderStatus,
  ShippingAddress,
  WaitingLine,
} from '../../contracts/index.ts';
import type { Queryable } from '../db/types.ts';

interface OrderRow {
  id: string;
  order_number: string;
  status: OrderStatus;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  discount_code: string | null;
  discount_cents: number;
  tax_cents: number;
  tax_inclusive: boolean;
  tax_label: string | null;
  shipping_method: string | null;
  shipping_name: string | null;
  shipping_address: ShippingAddress | null;
  waits_for: WaitingLine[];
}

interface LineRow {
  product_name: string;
  selected_color: string;
  quantity: number;
  unit_cents: number;
}

/** The order of a checkout session with its lines, as the confirmation shows it; undefined if none. */
export async function readConfirmedOrder(
  db: Queryable,
  sessionId: string,
): Promise<ConfirmedOrder | undefined> {
  const { rows } = await db.query<OrderRow>(
    `SELECT id::text, order_number, status, subtotal_cents, shipping_cents, total_cents,
            discount_code, discount_cents, tax_cents, tax_inclusive, tax_label,
            shipping_method, shipping_name, shipping_address, waits_for
     FROM public.shop_orders WHERE checkout_session_id = $1`,
    [sessionId],
  );
  const order = rows[0];
  if (!order) return undefined;
  const waitsFor = order.waits_for;
  const lines = await db.query<LineRow>(
    `SELECT product_name, selected_color, quantity, round(price * 100)::int AS unit_cents
     FROM public.orders WHERE order_id = $1::bigint ORDER BY line_number`,
    [order.id],
  );
  return {
    number: order.order_number,
    status: order.status,
    lines: lines.rows.map((l) => ({
      name: l.product_name,
      color: l.selected_color,
      quantity: l.quantity,
      unitCents: l.unit_cents,
    })),
    shippingMethod: order.shipping_method,
    shippingName: order.shipping_name,
    shippingAddress: order.shipping_address,
    subtotalCents: order.subtotal_cents,
    shippingCents: order.shipping_cents,
    totalCents: order.total_cents,
    discountCode: order.discount_code,
    discountCents: order.discount_cents,
    taxCents: order.tax_cents,
    taxInclusive: order.tax_inclusive,
    taxLabel: order.tax_label,
    // Only an order that waits says so: the answer of an in-stock order is as before.
    ...(waitsFor.length > 0 ? { waitsFor } : {}),
  };
}
