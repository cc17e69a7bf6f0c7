// What the provider's side of a checkout does, for tests: a browser paying on the hosted page, and
// a webhook delivery signed as Stripe signs it.
import type { Hono } from 'hono';
import Stripe from 'stripe';
import { payForm } from '../../payments-sandbox/test-support.ts';

/** Pays a session on the hosted page as a browser posts its form (the 303 is not followed). */
export async function payOnHostedPage(
  session: { url: string | null },
  cardNumber = '4242 4242 4242 4242',
): Promise<Response> {
  if (!session.url) throw new Error('the session has no url');
  const res = await payForm(session.url, { email: 'buyer@example.com', cardNumber });
  await res.arrayBuffer();
  return res;
}

/** Posts `event` to `app`'s /functions/v1/stripe-webhook, signed with `secret`. */
export function signedWebhook(app: Hono, event: unknown, secret: string): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return Promise.resolve(
    app.request('/functions/v1/stripe-webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }),
  );
}
