import type { Queryable } from '../db/types.ts';
import { releaseStockForOrder } from './stock.ts';

/**
 * The one place an order's items go back into stock, once (docs/decisions/0025-stock-holds.md): a
 * cancelled order's in the cancel's transaction, a refunded one's when staff ask for it.
 */
export async function returnStockOfCancelledOrder(tx: Queryable, orderId: number): Promise<void> {
  await releaseStockForOrder(tx, orderId);
}

/** A fully refunded order's items, when staff say they came back (admin-refund returnToStock). */
export function returnStockOfRefundedOrder(tx: Queryable, orderId: number): Promise<number> {
  return releaseStockForOrder(tx, orderId);
}
