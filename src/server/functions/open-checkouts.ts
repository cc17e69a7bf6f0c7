// A shopper holds at most one open checkout (docs/decisions/0044-one-open-checkout.md): a new
// checkout, or cancelling on the payment page, ends the earlier ones first. Ending one expires its
// session at the provider, as Stripe's checkout.sessions.expire does, so it can no longer be paid,
// and only then frees its units; a session the shopper paid meanwhile keeps them for its order.
import type { Handler } from 'hono';
import Stripe from 'stripe';
import type { CancelCheckoutAnswer } from '../../contracts/index.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import { heldSessionsOf, releaseSessionHolds } from '../orders/index.ts';
import type { FunctionsDeps } from './context.ts';
import type { WithPayments, WithShopper } from './guards.ts';

/** Expires one session at the provider; true when it can no longer be paid (expired now or before). */
async function expireSession(stripe: Stripe, sessionId: string): Promise<boolean> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
    return true;
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    // Not open any more: expired already (its units are free to go), or paid (they are not).
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    return session.status === 'expired';
  }
}

/**
 * Ends every open checkout of `userId`, or with `olderThan` only those opened before that session
 * (of two checkouts started at once, the later one stays): each session expired at the provider,
 * then its units released. A provider that cannot be reached leaves the hold to lapse when its session
 * expires. Answers the number of units released.
 */
export async function endOpenCheckouts(
  db: Database,
  stripe: Stripe,
  logger: Pick<Logger, 'warn'>,
  userId: string,
  olderThan?: string,
): Promise<number> {
  let released = 0;
  const sessions = await heldSessionsOf(db, userId);
  const end = olderThan === undefined ? sessions.length : sessions.indexOf(olderThan);
  for (const sessionId of sessions.slice(0, Math.max(end, 0))) {
    try {
      if (await expireSession(stripe, sessionId)) {
        released += await releaseSessionHolds(db, sessionId);
      }
    } catch (err) {
      logger.warn({ err, sessionId }, 'checkout: could not end an earlier checkout; it lapses');
    }
  }
  return released;
}

/**
 * POST /functions/v1/cancel-checkout: the shopper came back from the payment page with "Cancel":
 * their open checkout ends now and its units are on sale again. Answers {released}. The request
 * says nothing (the contract's is an empty object), so its body is not read.
 */
export function cancelCheckoutHandler(deps: FunctionsDeps): Handler<WithPayments & WithShopper> {
  return async function cancelCheckout(c) {
    const stripe = c.get('payments').stripe;
    const released = await endOpenCheckouts(deps.db, stripe, deps.logger, c.get('shopper').sub);
    return c.json({ released } satisfies CancelCheckoutAnswer);
  };
}
