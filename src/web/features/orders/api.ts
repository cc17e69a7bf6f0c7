// The order history's data call, over the shop's PostgREST client: one page of whole orders from
// public.order_history (supabase/migrations), which never splits an order's lines between pages.
import type { Backend } from '../../lib/supabase.ts';
import { isOrderStatus, type OrderStatus } from '../../../contracts/functions/order.ts';
import type { Tables } from '../../../contracts/database.ts';
import { waitingLineSchema } from '../../../contracts/functions/confirm-checkout.ts';
import type { WaitingLine } from '../../../contracts/availability.ts';

type Db = Backend['db'];

/** Orders a page asks for (the server answers at most 20). */
export const ORDERS_PER_PAGE = 10;

/** Where the previous page ended: its last order, as the server wrote it. */
export interface PageCursor {
  createdAt: string;
  checkoutSessionId: string;
}

/** One line of an order, as public.order_history gives it. */
export type OrderRow = Tables<'orders'>;

/** The order columns the history shows beside the lines. */
// One literal, so the client types the rows it reads from it.
const ORDER_COLUMNS =
  'id, order_number, status, total_cents, refunded_cents, carrier, tracking_number, discount_code, discount_cents, tax_cents, tax_inclusive, tax_label, waits_for';

/** An order as the history shows it: those columns, its status one the shop knows. */
export type HistoryOrder = Pick<
  Tables<'shop_orders'>,
  | 'id'
  | 'order_number'
  | 'total_cents'
  | 'refunded_cents'
  | 'carrier'
  | 'tracking_number'
  | 'discount_code'
  | 'discount_cents'
  | 'tax_cents'
  | 'tax_inclusive'
  | 'tax_label'
> & { status: OrderStatus; waitsFor: WaitingLine[] };

/** A line of the history with its order's number, status and shipment, when the order is read. */
export type HistoryRow = OrderRow & { order?: HistoryOrder };

/**
 * The shopper's next `ORDERS_PER_PAGE` orders after `cursor` (none: the newest), every line, each
 * with its order: one `in` read of public.shop_orders for the page's order ids (RLS: own only).
 */
export async function fetchOrderPage(db: Db, cursor: PageCursor | null): Promise<HistoryRow[]> {
  const { data, error } = await db.rpc(
    'order_history',
    cursor
      ? {
          page_size: ORDERS_PER_PAGE,
          // Passed back exactly as read: microseconds a Date would drop tell orders apart.
          before_created_at: cursor.createdAt,
          before_session: cursor.checkoutSessionId,
        }
      : { page_size: ORDERS_PER_PAGE },
  );
  if (error) throw error;
  const rows: OrderRow[] = data;
  const ids = [...new Set(rows.map((row) => row.order_id))];
  if (ids.length === 0) return rows;
  const orders = await db.from('shop_orders').select(ORDER_COLUMNS).in('id', ids);
  if (orders.error) throw orders.error;
  const byId = new Map<string, HistoryOrder>();
  for (const { status, waits_for, ...order } of orders.data) {
    if (isOrderStatus(status)) {
      byId.set(String(order.id), { ...order, status, waitsFor: waitingLines(waits_for) });
    }
  }
  return rows.map((row) => {
    const order = byId.get(String(row.order_id));
    return order ? { ...row, order } : row;
  });
}

/**
 * The lines an order waits for (shop_orders.waits_for, a JSON array the server writes): those
 * that read as such; a malformed one is left out rather than hiding the order.
 */
export function waitingLines(json: unknown): WaitingLine[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((item: unknown) => {
    const read = waitingLineSchema.safeParse(item);
    return read.success ? [read.data] : [];
  });
}

/** How many orders (checkouts) some rows hold. */
export function orderCount(rows: readonly OrderRow[]): number {
  return new Set(rows.map((row) => row.checkout_session_id)).size;
}
