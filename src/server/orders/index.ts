// Orders: the cart a checkout accepts (catalogue products and prices), the order lines read back
// from a paid Checkout Session, and the one fulfilment that records them exactly once.
export {
  cartProductKeys,
  InvalidCartError,
  lineItemsFor,
  parseCheckoutCart,
  PRODUCT_KEY_METADATA,
  type CheckoutLine,
} from './cart.ts';
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
export { orderLinesOf, retrieveSessionWithLines, type OrderLine } from './session-lines.ts';
export {
  DEFAULT_SHIPPING,
  shippingParamsFor,
  shippingRatesFor,
  type ShippingSettings,
} from './shipping.ts';
