// The order lifecycle (docs/product.md, Back office page): the one table of what may happen to an
// order, from which statuses, and the status it leads to. The server asks it before every status
// write (src/server/orders/lifecycle.ts); the back office asks it which actions to offer.
import type { OrderStatus } from './functions/order.ts';

/**
 * What may happen to an order: the statuses it may happen from and the status it leads to. A
 * refund leads to 'refunded' only once the whole total is refunded; a partial one is allowed from
 * the same statuses and keeps the status. Every other change is refused.
 */
export const ORDER_EVENTS = {
  ship: { from: ['paid'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['paid'], to: 'cancelled' },
  refund: { from: ['paid', 'shipped', 'delivered'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderEvent = keyof typeof ORDER_EVENTS;

/** Whether the table lets an order go from `from` to `to`. */
export function canChange(from: OrderStatus, to: OrderStatus): boolean {
  return Object.values(ORDER_EVENTS).some(
    (e) => e.to === to && (e.from as readonly OrderStatus[]).includes(from),
  );
}

/** Whether `event` may happen to an order in status `from`. */
export function allows(event: OrderEvent, from: OrderStatus): boolean {
  return (ORDER_EVENTS[event].from as readonly OrderStatus[]).includes(from);
}
