import type { Handler } from 'hono';
import Stripe from 'stripe';
import { HttpError } from '../http/errors.ts';
import { BASE_PATH } from '../web/static.ts';
import { lineItemsFor, parseCheckoutCart } from './cart.ts';
import { callerOf, paymentsOf, readJsonBody, type FunctionsDeps } from './context.ts';

/** What the browser is told when it must sign in first (docs/product.md, Checkout). */
export const NOT_SIGNED_IN = 'Please log in to check out.';

/** The shop's pages the provider sends the shopper back to (docs/product.md, Checkout). */
export function returnUrls(origin: string): { success_url: string; cancel_url: string } {
  const shop = `${origin}${BASE_PATH}`;
  return {
    success_url: `${shop}#/orderSuccess?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${shop}#/cart`,
  };
}

// Provider errors keep their SDK type so the page can tell invalid data from everything else.
function providerError(err: Stripe.errors.StripeError): HttpError {
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    return new HttpError(400, {
      error: 'stripe_invalid_request',
      type: err.type,
      message: err.message,
    });
  }
  return new HttpError(502, { error: 'stripe_error', type: err.type, message: err.message });
}

/**
 * POST /functions/v1/checkout {items}: signed-in users only. Creates a Checkout Session from the
 * cart at catalogue prices and answers {id, url}; the browser then goes to url.
 */
export function checkoutHandler(deps: FunctionsDeps): Handler {
  return async function checkout(c) {
    const payments = paymentsOf(deps);
    const caller = await callerOf(deps, c);
    if (caller.role !== 'authenticated') {
      throw new HttpError(401, { error: 'not_signed_in', message: NOT_SIGNED_IN });
    }
    const lines = parseCheckoutCart(await readJsonBody(c));
    for (const line of lines) {
      if (line.ignoredPrice === undefined) continue;
      deps.logger.warn(
        { key: line.product.key, sentPrice: line.ignoredPrice, cataloguePrice: line.product.price },
        'checkout: ignored a price sent by the browser',
      );
    }
    let session: Stripe.Checkout.Session;
    try {
      session = await payments.stripe.checkout.sessions.create({
        mode: 'payment',
        allowed_payment_method_types: ['card'],
        line_items: lineItemsFor(lines),
        ...returnUrls(deps.publicUrl ?? new URL(c.req.url).origin),
        metadata: { userId: caller.claims.sub },
      });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        deps.logger.warn({ err }, 'checkout: the payment provider refused the session');
        throw providerError(err);
      }
      throw err;
    }
    return c.json({ id: session.id, url: session.url });
  };
}
