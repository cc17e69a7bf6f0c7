// What an order's status is called where shoppers and staff read it (docs/product.md, Order history
// and Back office page): its progress, or "Partially refunded" once part of it was refunded.
import type { OrderStatus } from './functions/order.ts';

/** An order's status as shown: the stored one, or partly refunded. */
export type ShownOrderStatus = OrderStatus | 'partially_refunded';

export function shownOrderStatus<S extends Exclude<ShownOrderStatus, 'partially_refunded'>>(order: {
  status: S;
  refunded_cents: number;
  total_cents: number;
}): S | 'partially_refunded' {
  const partly = order.refunded_cents > 0 && order.refunded_cents < order.total_cents;
  return order.status !== 'refunded' && partly ? 'partially_refunded' : order.status;
}
