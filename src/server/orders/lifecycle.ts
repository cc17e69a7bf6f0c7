// The order lifecycle (docs/product.md, Back office): the one table of the status changes an order
// may go through. Every path that changes a status (staff actions, the provider's refund events)
// asks it first; the database's CHECK (supabase/migrations/20261124090000_shop_orders.sql) lists
// the same statuses as the contracts' ORDER_STATUSES.
import { ORDER_STATUSES, type OrderStatus } from '../../contracts/index.ts';
import { OrderError } from './errors.ts';

export { ORDER_STATUSES, type OrderStatus };

/**
 * What may happen to an order: the statuses it may happen from and the status it leads to. A
 * refund leads to 'refunded' only once the whole total is refunded; a partial one is allowed from
 * the same statuses and keeps the status (statusAfterRefunds). Every other change is refused.
 */
export const ORDER_EVENTS = {
  ship: { from: ['paid'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['paid'], to: 'cancelled' },
  refund: { from: ['paid', 'shipped', 'delivered'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderEvent = keyof typeof ORDER_EVENTS;

/** The part of an order the lifecycle reads. */
export interface OrderState {
  order_number: string;
  status: OrderStatus;
}

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

/** The refusal of `event` on `order`, saying what the order's status is. */
export class OrderTransitionError extends OrderError {
  constructor(order: OrderState, event: OrderEvent) {
    const wanted = ORDER_EVENTS[event].to;
    super(
      'invalid_transition',
      `Order ${order.order_number} is ${order.status}: it cannot be ${wanted}.`,
      {
        status: order.status,
      },
    );
    this.name = 'OrderTransitionError';
  }
}

/**
 * The statuses of an order that will not be shipped or delivered any more (delivered, cancelled,
 * refunded): its address is kept only for the retention period (address-retention.ts).
 */
export const SETTLED_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => !allows('ship', status) && !allows('deliver', status),
);

/** The status `event` leads `order` to, or OrderTransitionError when the table refuses it. */
export function nextStatus(order: OrderState, event: OrderEvent): OrderStatus {
  if (!allows(event, order.status)) throw new OrderTransitionError(order, event);
  return ORDER_EVENTS[event].to;
}

/** The status of an order once `refundedCents` of its `totalCents` are refunded. */
export function statusAfterRefunds(
  status: OrderStatus,
  refundedCents: number,
  totalCents: number,
): OrderStatus {
  return refundedCents === totalCents && allows('refund', status) ? ORDER_EVENTS.refund.to : status;
}
