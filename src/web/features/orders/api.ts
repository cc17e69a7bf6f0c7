// The order history's data call, over the shop's PostgREST client: one page of whole orders from
// public.order_history (supabase/migrations), which never splits an order's lines between pages.
import type { Backend } from '../../lib/supabase.ts';
import type { OrderRow } from '../../lib/supabase-types.ts';

type Db = Backend['db'];

/** Orders a page asks for (the server answers at most 20). */
export const ORDERS_PER_PAGE = 10;

/** Where the previous page ended: its last order, as the server wrote it. */
export interface PageCursor {
  createdAt: string;
  checkoutSessionId: string;
}

/** The shopper's next `ORDERS_PER_PAGE` orders after `cursor` (none: the newest), every line. */
export async function fetchOrderPage(db: Db, cursor: PageCursor | null): Promise<OrderRow[]> {
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
  return data;
}

/** How many orders (checkouts) some rows hold. */
export function orderCount(rows: readonly OrderRow[]): number {
  return new Set(rows.map((row) => row.checkout_session_id)).size;
}
