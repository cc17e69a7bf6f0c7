import type { MiddlewareHandler } from 'hono';
import Stripe from 'stripe';
import type { AccessTokenClaims } from '../auth/claims.ts';
import { ApiKeyError, type RequestIdentity } from '../auth/identify.ts';
import { AccessTokenError } from '../auth/tokens.ts';
import { isStaffAccount } from '../staff/roles.ts';
import type { Payments } from '../payments/index.ts';
import type { FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';

// The middleware app.ts puts in front of the /functions/v1 handlers; each leaves what it checked
// in the request's variables for the handlers after it.

/** The payment provider, after requirePayments. */
export interface WithPayments {
  Variables: { payments: Payments };
}
/** Who calls (a verified user, or anonymous), after identifyCaller. */
export interface WithCaller {
  Variables: { caller: RequestIdentity };
}
/** The signed-in shopper's claims, after requireShopper. */
export interface WithShopper {
  Variables: { shopper: AccessTokenClaims };
}
/** The staff member's claims, after requireStaff. */
export interface WithStaff {
  Variables: { staff: AccessTokenClaims };
}
/** The provider's event, its signature verified, after verifyStripeSignature. */
export interface WithEvent {
  Variables: { event: Stripe.Event };
}

/** The payment provider, or a 503 when this server has none. */
export function requirePayments(deps: FunctionsDeps): MiddlewareHandler<WithPayments> {
  return async function requirePayments(c, next) {
    if (!deps.payments) throw functionError('payments_unavailable');
    c.set('payments', deps.payments);
    await next();
  };
}

/** Who calls, from apikey + bearer: a missing or wrong API key, or a bad token, is a 401. */
export function identifyCaller(deps: FunctionsDeps): MiddlewareHandler<WithCaller> {
  return async function identifyCaller(c, next) {
    let caller: RequestIdentity;
    try {
      caller = await deps.identify({
        apikey: c.req.header('apikey'),
        authorization: c.req.header('authorization'),
        url: c.req.url,
      });
    } catch (err) {
      if (err instanceof ApiKeyError || err instanceof AccessTokenError) {
        throw functionError(err.code, err.message);
      }
      throw err;
    }
    c.set('caller', caller);
    await next();
  };
}

/** A signed-in shopper (after identifyCaller); anonymous callers are asked to log in (401). */
export const requireShopper: MiddlewareHandler<WithCaller & WithShopper> =
  async function requireShopper(c, next) {
    const caller = c.get('caller');
    if (caller.role !== 'authenticated') throw functionError('not_signed_in');
    c.set('shopper', caller.claims);
    await next();
  };

/**
 * Staff only (after identifyCaller): anonymous is 401; any other token is 403 not_staff unless it
 * carries the staff role AND the account still holds it, so a revoke works at once, before the
 * token expires (the same rule as public.is_staff() in the database).
 */
export function requireStaff(deps: FunctionsDeps): MiddlewareHandler<WithCaller & WithStaff> {
  return async function requireStaff(c, next) {
    const caller = c.get('caller');
    if (caller.role !== 'authenticated') {
      throw functionError('not_signed_in', 'Please log in as staff.');
    }
    const claimed = caller.claims.app_metadata?.role === 'staff';
    if (!claimed || !(await isStaffAccount(deps.db, caller.claims.sub))) {
      throw functionError('not_staff');
    }
    c.set('staff', caller.claims);
    await next();
  };
}

/**
 * The webhook's guard instead of an API key (after requirePayments): Stripe-Signature verified on
 * the raw body with the SDK; a bad signature is a 400.
 */
export const verifyStripeSignature: MiddlewareHandler<WithPayments & WithEvent> =
  async function verifyStripeSignature(c, next) {
    const payments = c.get('payments');
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = payments.stripe.webhooks.constructEvent(
        raw,
        c.req.header('stripe-signature') ?? '',
        payments.webhookSecret,
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw functionError('invalid_signature', err.message);
      }
      throw err;
    }
    c.set('event', event);
    await next();
  };
