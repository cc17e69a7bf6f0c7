import type { Handler } from 'hono';
import Stripe from 'stripe';
import { fulfilCheckout } from '../orders/index.ts';
import { paymentsOf, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';

/** The events that mean "this session may now be paid": both go through the same fulfilment. */
export const FULFIL_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/**
 * POST /functions/v1/stripe-webhook: verifies Stripe-Signature on the raw body with the SDK, then
 * fulfils paid sessions. 2xx for handled and ignored events; 400 for a bad signature; 5xx when
 * fulfilment failed, so the provider delivers again.
 */
export function stripeWebhookHandler(deps: FunctionsDeps): Handler {
  return async function stripeWebhook(c) {
    const payments = paymentsOf(deps);
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
    if (!FULFIL_EVENTS.has(event.type)) return c.json({ received: true, ignored: event.type });

    const session = event.data.object as { id?: unknown };
    if (typeof session.id !== 'string') throw functionError('invalid_event');
    const outcome = await fulfilCheckout({
      db: deps.db,
      stripe: payments.stripe,
      logger: deps.logger,
      sessionId: session.id,
    });
    if (outcome.status === 'error' || outcome.status === 'save_failed') {
      return c.json({ received: false, status: outcome.status }, 500);
    }
    return c.json({ received: true, status: outcome.status });
  };
}
