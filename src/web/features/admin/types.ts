// The back office's rows as the migrations make them (src/contracts/database.ts, generated), and
// the order statuses and address shape the contracts define.
import type { StaffOrder } from '../../../contracts/functions/staff-order.ts';
import type { Tables } from '../../../contracts/database.ts';

export {
  ORDER_STATUSES,
  type OrderStatus,
  type ShippingAddress,
} from '../../../contracts/functions/order.ts';

/** A line of an order (public.orders). */
export type OrderLineRow = Tables<'orders'>;

/** A refund of an order (public.shop_order_refunds). */
export type RefundRow = Tables<'shop_order_refunds'>;

/** An entry of public.staff_audit_log. */
export type AuditRow = Tables<'staff_audit_log'>;

/**
 * An order (public.shop_orders) as the back office shows it: the staff functions' answer, and the
 * detail page's read of the table through the same schema (contracts/functions/staff-order.ts).
 */
export type ShopOrderRow = StaffOrder;
