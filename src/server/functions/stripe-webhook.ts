import type { Context, Handler } from 'hono';
import type Stripe from 'stripe';
import { nudgeMailWorkers } from '../mail/worker.ts';
import {
  fulfilCheckout,
  recordReportedRefunds,
  refundsOfCharge,
  releaseSessionHolds,
} from '../orders/index.ts';
import type { FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithEvent, WithPayments } from './guards.ts';

/** The events that mean "this session may now be paid": both go through the same fulfilment. */
export const FULFIL_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** The event of a session that can no longer be paid: its stock holds are released. */
export const EXPIRED_EVENT = 'checkout.session.expired';

async function expired(c: Context, deps: FunctionsDeps, event: Stripe.Event) {
  const session = event.data.object as { id?: unknown };
  if (typeof session.id !== 'string') throw functionError('invalid_event');
  const released = await releaseSessionHolds(deps.db, session.id);
  deps.logger.info({ sessionId: session.id, released }, 'stock: released an expired session');
  return c.json({ received: true, status: 'released', released });
}
/**
 * The event that reports refunds of a charge, from the shop or the provider's dashboard. The only
 * refund event handled; refund.created and others are ignored (2xx).
 */
export const REFUND_EVENT = 'charge.refunded';

/**
 * POST /functions/v1/stripe-webhook (behind verifyStripeSignature): fulfils paid sessions and
 * records refunds. 2xx for handled and ignored events; 5xx when fulfilment failed, so the
 * provider delivers again.
 */
export function stripeWebhookHandler(deps: FunctionsDeps): Handler<WithPayments & WithEvent> {
  return async function stripeWebhook(c) {
    const payments = c.get('payments');
    const event = c.get('event');
    if (event.type === EXPIRED_EVENT) return expired(c, deps, event);
    if (event.type === REFUND_EVENT) {
      // Only which charge changed is taken from the event; its refunds are the provider's.
      const chargeId = (event.data.object as { id?: unknown }).id;
      if (typeof chargeId !== 'string') throw functionError('invalid_event');
      const charge = await refundsOfCharge(payments.stripe, chargeId);
      if (!charge) return c.json({ received: true, ignored: 'unknown charge' });
      const { paymentIntent, refunds } = charge;
      if (!paymentIntent) return c.json({ received: true, ignored: 'no payment intent' });
      const recorded = await deps.db.transaction((tx) =>
        recordReportedRefunds(tx, paymentIntent, refunds, deps.siteUrl),
      );
      if (recorded === null) return c.json({ received: true, ignored: 'unknown payment intent' });
      if (recorded > 0) nudgeMailWorkers();
      return c.json({ received: true, status: 'refunds_recorded', newCents: recorded });
    }
    if (!FULFIL_EVENTS.has(event.type)) return c.json({ received: true, ignored: event.type });

    const session = event.data.object as { id?: unknown };
    if (typeof session.id !== 'string') throw functionError('invalid_event');
    const outcome = await fulfilCheckout({
      db: deps.db,
      stripe: payments.stripe,
      logger: deps.logger,
      sessionId: session.id,
      siteUrl: deps.siteUrl,
    });
    if (outcome.status === 'error' || outcome.status === 'save_failed') {
      return c.json({ received: false, status: outcome.status }, 500);
    }
    return c.json({ received: true, status: outcome.status });
  };
}
