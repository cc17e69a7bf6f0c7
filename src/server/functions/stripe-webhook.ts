import type { Handler } from 'hono';
import { fulfilCheckout } from '../orders/index.ts';
import type { FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithEvent, WithPayments } from './guards.ts';

/** The events that mean "this session may now be paid": both go through the same fulfilment. */
export const FULFIL_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/**
 * POST /functions/v1/stripe-webhook (behind verifyStripeSignature): fulfils paid sessions. 2xx for
 * handled and ignored events; 5xx when fulfilment failed, so the provider delivers again.
 */
export function stripeWebhookHandler(deps: FunctionsDeps): Handler<WithPayments & WithEvent> {
  return async function stripeWebhook(c) {
    const payments = c.get('payments');
    const event = c.get('event');
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
