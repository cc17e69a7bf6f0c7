import type { Handler } from 'hono';
import { checkoutHandler } from './checkout.ts';
import { confirmCheckoutHandler } from './confirm-checkout.ts';
import type { FunctionsDeps } from './context.ts';
import { stripeWebhookHandler } from './stripe-webhook.ts';

export type { FunctionsDeps } from './context.ts';

/** The server functions under /functions/v1, for app.ts to mount. */
export function createFunctions(deps: FunctionsDeps): {
  checkout: Handler;
  confirmCheckout: Handler;
  stripeWebhook: Handler;
} {
  return {
    checkout: checkoutHandler(deps),
    confirmCheckout: confirmCheckoutHandler(deps),
    stripeWebhook: stripeWebhookHandler(deps),
  };
}
