// The back office's rows as the migrations make them (src/contracts/database.ts, generated). An
// order itself is the staff functions' StaffOrder (contracts/functions/staff-order.ts), which the
// detail page's read of the table is parsed into too.
import type { Tables } from '../../../contracts/database.ts';

/** A line of an order (public.orders). */
export type OrderLineRow = Tables<'orders'>;

/** A refund of an order (public.shop_order_refunds). */
export type RefundRow = Tables<'shop_order_refunds'>;

/** An entry of public.staff_audit_log: order changes, and catalogue changes (product_key). */
export type AuditRow = Tables<'staff_audit_log'>;
