import type { Handler } from 'hono';
import Stripe from 'stripe';
import type { CheckoutAnswer } from '../../contracts/index.ts';
import type { HttpError } from '../http/errors.ts';
import { readAvailability, readCatalogue } from '../catalogue/index.ts';
import {
  cartProductKeys,
  checkoutTaxOf,
  checkOrderLimits,
  DEFAULT_CHECKOUT_LIMITS,
  InvalidCartError,
  lineItemsFor,
  linkHold,
  parseCheckoutCart,
  releaseHold,
  reserveStock,
  shippingParamsFor,
  type CheckoutLine,
  type StockHold,
} from '../orders/index.ts';
import { diskFullError } from '../db/unavailable.ts';
import { isSandboxStorageFull } from '../payments/index.ts';
import { endOpenCheckouts } from './open-checkouts.ts';
import { BASE_PATH } from '../web/static.ts';
import { DEFAULT_STOCK_HOLD_MINUTES, readJsonBody, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithPayments, WithShopper } from './guards.ts';

/** The shop's pages the provider sends the shopper back to (docs/product.md, Checkout). */
export function returnUrls(origin: string): { success_url: string; cancel_url: string } {
  const shop = `${origin}${BASE_PATH}`;
  return {
    success_url: `${shop}#/orderSuccess?session_id={CHECKOUT_SESSION_ID}`,
    // The cart ends the shopper's open checkout when it sees this (cancel-checkout).
    cancel_url: `${shop}#/cart?checkout=cancelled`,
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

// The orders module says which cart rule broke; this API answers it as invalid_cart. The cart's
// products and their pre-orders and group buys are read now, so a price, status or ship window
// changed a moment ago is the one that applies.
async function cartOf(deps: FunctionsDeps, body: unknown) {
  const keys = cartProductKeys(body);
  const [catalogue, availability] = await Promise.all([
    readCatalogue(deps.db, keys, deps.logger),
    readAvailability(deps.db, keys),
  ]);
  try {
    const lines = parseCheckoutCart(body, catalogue, availability);
    return checkOrderLimits(lines, deps.checkoutLimits ?? DEFAULT_CHECKOUT_LIMITS);
  } catch (err) {
    if (err instanceof InvalidCartError) throw functionError('invalid_cart', err.message);
    throw err;
  }
}

const EXPIRY_SLACK_S = 60;

/** Holds the cart's units until the session's expiry; a sold-out or short line is invalid_cart. */
async function holdOf(
  deps: FunctionsDeps,
  lines: CheckoutLine[],
  userId: string,
): Promise<StockHold> {
  const minutes = deps.stockHoldMinutes ?? DEFAULT_STOCK_HOLD_MINUTES;
  try {
    // Whole seconds, as the provider takes them, and a minute more than it asks for at least, so
    // its clock, a little behind or ahead of ours, never finds the session too short.
    const expiresAt = Math.ceil(Date.now() / 1000) + minutes * 60 + EXPIRY_SLACK_S;
    return await reserveStock(deps.db, lines, new Date(expiresAt * 1000), userId);
  } catch (err) {
    if (err instanceof InvalidCartError) throw functionError('invalid_cart', err.message);
    throw err;
  }
}

/**
 * POST /functions/v1/checkout {items, shipTogether?}: signed-in shoppers only (requireShopper). Creates a Checkout Session from the
 * cart at catalogue prices and answers {id, url}; the browser then goes to url.
 */
export function checkoutHandler(deps: FunctionsDeps): Handler<WithPayments & WithShopper> {
  return async function checkout(c) {
    const payments = c.get('payments');
    const userId = c.get('shopper').sub;
    const lines = await cartOf(deps, await readJsonBody(c));
    for (const line of lines) {
      if (line.ignoredPrice === undefined) continue;
      deps.logger.warn(
        { key: line.product.key, sentPrice: line.ignoredPrice, cataloguePrice: line.product.price },
        'checkout: ignored a price sent by the browser',
      );
    }
    const subtotalCents = lines.reduce((sum, l) => sum + l.product.priceCents * l.quantity, 0);
    // One open checkout per shopper: an earlier one ends, and its units count again, first.
    await endOpenCheckouts(deps.db, payments.stripe, deps.logger, userId);
    // Stock is held before any payment page, and for exactly as long as the session lives.
    const hold = await holdOf(deps, lines, userId);
    let session: Stripe.Checkout.Session;
    try {
      const tax = await checkoutTaxOf(deps.db, payments.stripe);
      session = await payments.stripe.checkout.sessions.create({
        mode: 'payment',
        allowed_payment_method_types: ['card'],
        line_items: lineItemsFor(lines),
        // The shopper types a discount code on the hosted page, which checks it; the cart has no
        // code field (docs/decisions/0050-discount-codes-and-sales-tax.md).
        allow_promotion_codes: true,
        // An address in one of the shop's countries and a choice of rates. Tax is computed by the
        // provider from the owner's rates once the address is known, when any rate is active;
        // shipping's tax code says whether it is taxed too (docs/operations.md, Discounts and tax).
        ...shippingParamsFor(subtotalCents, deps.shipping, tax.shippingTaxCode),
        ...(tax.automaticTax ? { automatic_tax: { enabled: true } } : {}),
        ...returnUrls(deps.publicUrl ?? new URL(c.req.url).origin),
        metadata: { userId },
        // The payment page shows the signed-in shopper's email (docs/product.md, Checkout).
        customer_email: c.get('shopper').email,
        expires_at: hold.expiresAt.getTime() / 1000,
      });
    } catch (err) {
      await releaseHold(deps.db, hold.holdRef);
      if (isSandboxStorageFull(err)) throw diskFullError((err as Error).message);
      if (err instanceof Stripe.errors.StripeError) {
        deps.logger.warn({ err }, 'checkout: the payment provider refused the session');
        throw providerError(err);
      }
      throw err;
    }
    await linkHold(deps.db, hold.holdRef, session.id);
    // Another checkout of the same shopper started at the same moment: the later one stays.
    await endOpenCheckouts(deps.db, payments.stripe, deps.logger, userId, session.id);
    return c.json({ id: session.id, url: session.url } satisfies CheckoutAnswer);
  };
}
