import type { Handler } from 'hono';
import {
  adminCancelHandler,
  adminDeliverHandler,
  adminRefundHandler,
  adminShipHandler,
} from './admin-orders.ts';
import {
  adminDiscountCreateHandler,
  adminDiscountsHandler,
  adminDiscountUpdateHandler,
} from './admin-discounts.ts';
import { adminOrderListHandler } from './admin-order-list.ts';
import { adminOrdersCsvHandler } from './admin-orders-csv.ts';
import { adminStockHandler } from './admin-stock.ts';
import {
  adminTaxRateCreateHandler,
  adminTaxRatesHandler,
  adminTaxRateUpdateHandler,
} from './admin-tax-rates.ts';
import { checkoutHandler } from './checkout.ts';
import { confirmCheckoutHandler } from './confirm-checkout.ts';
import { cancelCheckoutHandler } from './open-checkouts.ts';
import type { FunctionsDeps } from './context.ts';
import type { WithCaller, WithEvent, WithPayments, WithShopper, WithStaff } from './guards.ts';
import { stripeWebhookHandler } from './stripe-webhook.ts';

export type { FunctionsDeps } from './context.ts';
export {
  identifyCaller,
  requirePayments,
  requireShopper,
  requireStaff,
  verifyStripeSignature,
} from './guards.ts';

/** The server functions under /functions/v1, for app.ts to route behind their guards. */
export function createFunctions(deps: FunctionsDeps): {
  checkout: Handler<WithPayments & WithShopper>;
  cancelCheckout: Handler<WithPayments & WithShopper>;
  confirmCheckout: Handler<WithPayments & WithCaller>;
  stripeWebhook: Handler<WithPayments & WithEvent>;
  adminShip: Handler<WithStaff>;
  adminDeliver: Handler<WithStaff>;
  adminCancel: Handler<WithPayments & WithStaff>;
  adminRefund: Handler<WithPayments & WithStaff>;
  adminOrdersCsv: Handler<WithStaff>;
  adminOrderList: Handler<WithStaff>;
  adminStock: Handler<WithCaller & WithStaff>;
  adminDiscounts: Handler<WithPayments & WithStaff>;
  adminDiscountCreate: Handler<WithPayments & WithStaff>;
  adminDiscountUpdate: Handler<WithPayments & WithStaff>;
  adminTaxRates: Handler<WithPayments & WithStaff>;
  adminTaxRateCreate: Handler<WithPayments & WithStaff>;
  adminTaxRateUpdate: Handler<WithPayments & WithStaff>;
} {
  return {
    checkout: checkoutHandler(deps),
    cancelCheckout: cancelCheckoutHandler(deps),
    confirmCheckout: confirmCheckoutHandler(deps),
    stripeWebhook: stripeWebhookHandler(deps),
    adminShip: adminShipHandler(deps),
    adminDeliver: adminDeliverHandler(deps),
    adminCancel: adminCancelHandler(deps),
    adminRefund: adminRefundHandler(deps),
    adminOrdersCsv: adminOrdersCsvHandler(deps),
    adminOrderList: adminOrderListHandler(deps),
    adminStock: adminStockHandler(deps),
    adminDiscounts: adminDiscountsHandler(deps),
    adminDiscountCreate: adminDiscountCreateHandler(deps),
    adminDiscountUpdate: adminDiscountUpdateHandler(deps),
    adminTaxRates: adminTaxRatesHandler(),
    adminTaxRateCreate: adminTaxRateCreateHandler(deps),
    adminTaxRateUpdate: adminTaxRateUpdateHandler(deps),
  };
}
