// The order lifecycle (docs/product.md, Back office): the table of the status changes an order may
// go through is the contracts' (src/contracts/order-lifecycle.ts), shared with the back office's
// buttons. Every path that changes a status (staff actions, the provider's refund events) asks it
// here first; the database's CHECK (supabase/migrations/20261124090000_shop_orders.sql) lists the
// same statuses as the contracts' ORDER_STATUSES.
import {
  allows,
  canChange,
  ORDER_EVENTS,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
} from '../../contracts/index.ts';
import { OrderError } from './errors.ts';

export { allows, canChange, ORDER_EVENTS, ORDER_STATUSES, type OrderEvent, type OrderStatus };

/** The part of an order the lifecycle reads. */
export interface OrderState {
  order_number: string;
  status: OrderStatus;
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
