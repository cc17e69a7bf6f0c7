import type { FunctionsClient } from '@supabase/functions-js';
import { buyable, type CartLine, type Catalogue } from '../../../catalogue/index.ts';
import { checkoutFunction, type CheckoutRequest } from '../../../contracts/functions/checkout.ts';
import { callFunction } from '../../lib/functions.ts';
import { CHECKOUT_TEXT as T } from './texts.ts';

/** What the Checkout button does next. */
export type CheckoutStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'alert'; message: string }
  | { kind: 'login'; message: string };

/**
 * The per-item rules of docs/product.md, Checkout, checked before anything is sent against the
 * catalogue the cart shows; the first problem wins. A line the shop no longer sells, flagged in
 * the cart, is never sent: the shopper removes it first.
 */
export function cartProblem(lines: readonly CartLine[], catalogue: Catalogue): string | undefined {
  for (const line of lines) {
    if (!buyable(line, catalogue)) return T.cartError(T.unavailable);
    const product = catalogue.byKey(line.key);
    const name = product?.name ?? line.key;
    if (typeof product?.price !== 'number' || !(product.price > 0)) {
      return T.cartError(T.invalidPrice(name));
    }
    if (typeof line.quantity !== 'number' || !(line.quantity > 0)) {
      return T.cartError(T.invalidQuantity(name));
    }
  }
  return undefined;
}

/**
 * The checkout request: what is in the cart. The price is informative; the server uses its own.
 * `shipTogether`: the shopper ticked that a cart mixing in-stock items with pre-orders or group
 * buys ships once (the server refuses such a cart without it); not sent otherwise.
 */
export function checkoutBody(
  lines: readonly CartLine[],
  catalogue: Catalogue,
  shipTogether = false,
): CheckoutRequest {
  return {
    items: lines.map((line) => ({
      key: line.key,
      color: line.color,
      quantity: line.quantity,
      price: catalogue.byKey(line.key)?.price,
    })),
    ...(shipTogether && { shipTogether: true }),
  };
}

function isCheckoutUrl(url: string | null): url is string {
  if (url === null) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Asks the server for a Checkout Session and says where to go: the hosted page, an alert with the
 * text for what went wrong (docs/product.md, Checkout), or the login page when the session is gone.
 */
export async function requestCheckout(
  functions: FunctionsClient,
  lines: readonly CartLine[],
  catalogue: Catalogue,
  shipTogether = false,
): Promise<CheckoutStep> {
  const body = checkoutBody(lines, catalogue, shipTogether);
  const result = await callFunction(functions, checkoutFunction, body);
  if (!result.ok) {
    const code = result.error?.error;
    if (result.status === 401) return { kind: 'login', message: T.logInFirst };
    if (code === 'invalid_cart') return { kind: 'alert', message: T.cartError(result.message) };
    if (code === 'stripe_invalid_request') {
      return { kind: 'alert', message: T.invalidData(result.message) };
    }
    // An answer that is no session, or a failure with no message: the spec's "no session".
    if (result.reason === 'malformed' || !result.message) {
      return { kind: 'alert', message: T.noSession };
    }
    return { kind: 'alert', message: T.failed(result.message) };
  }
  const { url } = result.answer;
  if (!isCheckoutUrl(url)) {
    return { kind: 'alert', message: T.redirectFailed('the checkout page address is missing') };
  }
  return { kind: 'redirect', url };
}
