// What the provider's side of a checkout does, for tests: a browser paying on the hosted page, and
// a webhook delivery signed as Stripe signs it.
import type { Hono } from 'hono';
import Stripe from 'stripe';
import { payForm, shippingFields } from '../../payments-sandbox/test-support.ts';

/** Pays a session on the hosted page as a browser posts its form (the 303 is not followed). */
export async function payOnHostedPage(
  session: { url: string | null },
  cardNumber = '4242 4242 4242 4242',
): Promise<Response> {
  if (!session.url) throw new Error('the session has no url');
  // Sessions the shop creates ask for an address and a rate: a valid address, and the rate the
  // page checks first (Standard), as a browser submits the form untouched.
  const form = await fetch(session.url);
  // The page unavailable (503 while its database is away): the caller sees that and retries.
  if (!form.ok) return form;
  const page = await form.text();
  const rate = /name="shippingRate"\s+value="([^"]+)"/.exec(page)?.[1];
  const res = await payForm(session.url, {
    email: 'buyer@example.com',
    cardNumber,
    ...(rate ? { ...shippingFields, shippingRate: rate } : {}),
  });
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
