// What the order lifecycle refuses, in the shop's words: no HTTP here. The functions turn each code
// into their answer (src/server/functions/errors.ts, orderFunctionError).
import type { OrderStatus } from '../../contracts/index.ts';

/** Why an order action was refused; the message is the one the back office shows. */
export type OrderErrorCode =
  | 'order_not_found'
  | 'invalid_transition'
  | 'invalid_refund_amount'
  | 'refund_refused'
  | 'refund_failed';

/** Fields a refusal carries beside its message: the order's status, the provider's reason. */
export interface OrderErrorDetails {
  status?: OrderStatus;
  reason?: string;
}

/** An order action refused or failed, thrown by src/server/orders/ for the caller to answer. */
export class OrderError extends Error {
  constructor(
    readonly code: OrderErrorCode,
    message: string,
    readonly details: OrderErrorDetails = {},
  ) {
    super(message);
    this.name = 'OrderError';
  }
}
