import type { Queryable } from '../db/types.ts';
import { releaseStockForOrder } from '../orders/stock.ts';

/**
 * The one place a cancelled order's items go back into stock, in the cancel's transaction, once
 * (docs/decisions/0025-stock-holds.md).
 */
export async function returnStockOfCancelledOrder(tx: Queryable, orderId: number): Promise<void> {
  await releaseStockForOrder(tx, orderId);
}
