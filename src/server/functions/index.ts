import type { Handler } from 'hono';
import { checkoutHandler } from './checkout.ts';
import { confirmCheckoutHandler } from './confirm-checkout.ts';
import type { FunctionsDeps } from './context.ts';
import type { WithCaller, WithEvent, WithPayments, WithShopper } from './guards.ts';
import { stripeWebhookHandler } from './stripe-webhook.ts';

export type { FunctionsDeps } from './context.ts';
export {
  identifyCaller,
  requirePayments,
  requireShopper,
  verifyStripeSignature,
} from './guards.ts';

/** The server functions under /functions/v1, for app.ts to route behind their guards. */
export function createFunctions(deps: FunctionsDeps): {
  checkout: Handler<WithPayments & WithShopper>;
  confirmCheckout: Handler<WithPayments & WithCaller>;
  stripeWebhook: Handler<WithPayments & WithEvent>;
} {
  return {
    checkout: checkoutHandler(deps),
    confirmCheckout: confirmCheckoutHandler(deps),
    stripeWebhook: stripeWebhookHandler(deps),
  };
}
