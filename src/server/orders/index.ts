// Orders, the one home of their lifecycle: the cart a checkout accepts (catalogue products and
// prices), the stock it holds and takes, the one fulfilment that records a paid Checkout Session's
// order exactly once, the table of status changes (lifecycle.ts) and every change staff or the
// payment provider make to an order (ship, deliver, cancel, refund, stock return). Code outside
// this folder imports it from here; the refusals are OrderErrors, for the caller to answer.
export { startAddressRetention } from './address-retention.ts';
export {
  cartProductKeys,
  InvalidCartError,
  lineItemsFor,
  parseCheckoutCart,
  PRODUCT_KEY_METADATA,
  type CheckoutLine,
} from './cart.ts';
export { checkoutTaxOf, forgetActiveTaxRate, type CheckoutTax } from './checkout-tax.ts';
export { OrderError, type OrderErrorCode, type OrderErrorDetails } from './errors.ts';
export {
  checkOrderLimits,
  DEFAULT_CHECKOUT_LIMITS,
  limitMessages,
  type CheckoutLimits,
} from './order-limits.ts';
export {
  fulfilCheckout,
  recordOrders,
  USER_MISMATCH_WARNING,
  type FulfilStatus,
} from './fulfil.ts';
export {
  allows,
  canChange,
  nextStatus,
  ORDER_EVENTS,
  OrderTransitionError,
  statusAfterRefunds,
  type OrderEvent,
} from './lifecycle.ts';
export { staffOrderOf, type LockedOrder, type StaffActor } from './order-row.ts';
export {
  CANCEL_REFUND_METADATA,
  recordReportedRefunds,
  refundsOfCharge,
  refundThroughProvider,
  type ProviderRefund,
} from './refunds.ts';
export { taxShareOf } from '../../contracts/index.ts';
export { orderLinesOf, retrieveSessionWithLines, type OrderLine } from './session-lines.ts';
export {
  DEFAULT_SHIPPING,
  shippingParamsFor,
  shippingRatesFor,
  type ShippingSettings,
} from './shipping.ts';
export { cancelOrder, deliverOrder, refundOrder, shipOrder } from './staff-actions.ts';
export { setOnHand } from './stock-edit.ts';
export { startStockSweep } from './stock-sweep.ts';
export {
  DEFAULT_ON_HAND,
  heldSessionsOf,
  linkHold,
  releaseHold,
  releaseSessionHolds,
  releaseStockForOrder,
  reserveStock,
  seedStock,
  type StockHold,
} from './stock.ts';
