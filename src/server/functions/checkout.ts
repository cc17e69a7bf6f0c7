import type { Handler } from 'hono';
import Stripe from 'stripe';
import type { HttpError } from '../http/errors.ts';
import { InvalidCartError, lineItemsFor, parseCheckoutCart } from '../orders/index.ts';
import { BASE_PATH } from '../web/static.ts';
import { readJsonBody, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithPayments, WithShopper } from './guards.ts';

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
  const code =
    err instanceof Stripe.errors.StripeInvalidRequestError
      ? 'stripe_invalid_request'
      : 'stripe_error';
  return functionError(code, err.message, { type: err.type });
}

// The orders module says which cart rule broke; this API answers it as invalid_cart.
function cartOf(body: unknown) {
  try {
    return parseCheckoutCart(body);
  } catch (err) {
    if (err instanceof InvalidCartError) throw functionError('invalid_cart', err.message);
    throw err;
  }
}

/**
 * POST /functions/v1/checkout {items}: signed-in shoppers only (requireShopper). Creates a Checkout Session from the
 * cart at catalogue prices and answers {id, url}; the browser then goes to url.
 */
export function checkoutHandler(deps: FunctionsDeps): Handler<WithPayments & WithShopper> {
  return async function checkout(c) {
    const payments = c.get('payments');
    const lines = cartOf(await readJsonBody(c));
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
        metadata: { userId: c.get('shopper').sub },
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
