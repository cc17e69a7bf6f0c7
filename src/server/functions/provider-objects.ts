import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import Stripe from 'stripe';
import type { HttpError } from '../http/errors.ts';
import { functionError, type FunctionErrorCode } from './errors.ts';

// What the staff functions that keep objects at the provider (discount codes, tax rates) share.

/**
 * An idempotency key for one provider call, derived from the request: who sent it and what (the
 * parsed body, its requestId included). A retried request replays the provider's first answer
 * instead of making a second object; another submission (a new requestId) makes a new one.
 */
export function idempotencyKey(purpose: string, staffId: string, request: unknown): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([staffId, request]))
    .digest('hex');
  return `keebshop-${purpose}-${digest}`;
}

/** The :id of the URL, when it can be a provider id (letters, digits, underscores). */
export function providerIdParam(c: Context, notFound: FunctionErrorCode): string {
  const id = c.req.param('id') ?? '';
  if (!/^[A-Za-z0-9_]{1,255}$/.test(id)) throw functionError(notFound, `No such object: '${id}'.`);
  return id;
}

/**
 * The provider's refusal, its message kept: an unknown id is `notFound`, a code already taken a
 * 409, other invalid requests a 400; the provider failing or out of reach a 502. Anything else is
 * rethrown for the server's 500.
 */
export function providerRefusal(err: unknown, notFound: FunctionErrorCode): HttpError {
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (err.statusCode === 404 || err.code === 'resource_missing') {
      return functionError(notFound, err.message);
    }
    if (err.code === 'resource_already_exists' || /already exists/i.test(err.message)) {
      return functionError('code_taken', err.message);
    }
    return functionError('stripe_invalid_request', err.message, { type: err.type });
  }
  if (err instanceof Stripe.errors.StripeError) {
    return functionError('stripe_error', err.message, { type: err.type });
  }
  throw err;
}

/** Runs a provider call, answering its refusal as providerRefusal does. */
export async function atProvider<T>(call: () => Promise<T>, notFound: FunctionErrorCode) {
  try {
    return await call();
  } catch (err) {
    throw providerRefusal(err, notFound);
  }
}
