// Pre-orders and group buys at checkout (docs/decisions/0051-pre-orders-and-group-buys.md): a
// product with a row of public.product_availability sells from its cap, not from public.stock.
import type { Queryable } from '../db/types.ts';
import { cartMessages, InvalidCartError } from './cart.ts';

/** What a cart asks of one capped product: all its colours together, since the cap is per product. */
export interface CapWant {
  key: string;
  name: string;
  quantity: number;
}

/**
 * Locks the availability rows of `wants` (key order, as stock rows are locked, so concurrent
 * checkouts queue and never deadlock) and answers the units each capped product has left: cap −
 * paid − held. The count is a statement of its own, after the lock: its snapshot then includes
 * what the checkout that held the lock before committed. Paid and held are counted together, so an
 * order recorded at that moment is seen as held or as paid, never both or neither. Uncapped
 * products are absent.
 */
export async function lockUnitsLeft(
  tx: Queryable,
  wants: readonly CapWant[],
): Promise<Map<string, number>> {
  if (wants.length === 0) return new Map();
  const keys = [...new Set(wants.map((w) => w.key))].sort();
  await tx.query(
    `SELECT product_key FROM public.product_availability
     WHERE product_key = ANY($1::text[]) ORDER BY product_key FOR UPDATE`,
    [keys],
  );
  const { rows } = await tx.query<{ product_key: string; left: number }>(
    `SELECT a.product_key, (a.cap
       - coalesce((SELECT sum(o.quantity) FROM public.orders o
                   JOIN public.shop_orders s ON s.id = o.order_id
                   WHERE o.product_key = a.product_key
                     AND s.status NOT IN ('cancelled', 'refunded')), 0)
       - coalesce((SELECT sum(h.quantity) FROM public.stock_holds h
                   WHERE h.product_key = a.product_key AND h.state = 'held'), 0))::int AS left
     FROM public.product_availability a
     WHERE a.product_key = ANY($1::text[]) AND a.cap IS NOT NULL`,
    [keys],
  );
  return new Map(rows.map((r) => [r.product_key, Math.max(Number(r.left), 0)]));
}

/** Refuses a capped product asked for beyond what is left. */
export function checkUnitsLeft(want: CapWant, left: ReadonlyMap<string, number>): void {
  const units = left.get(want.key);
  if (units === undefined) return;
  if (units <= 0) throw new InvalidCartError(cartMessages.capSoldOut(want.name));
  if (units < want.quantity) {
    throw new InvalidCartError(cartMessages.capOnlyLeft(want.name, units));
  }
}
