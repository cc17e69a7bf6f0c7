// Shared by the sandbox's tests: a fresh data dir, a sandbox on a free port, the official SDK.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { createSandbox, generateSandboxKeys, type SandboxOptions } from './index.ts';

export { objectStoreContract } from './test-support/object-store-contract.ts';

export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'keebshop-sandbox-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function stripeClient(secretKey: string, port: number): Stripe {
  return new Stripe(secretKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** The error the SDK throws for `call`; fails the test when it does not throw. */
export async function stripeError(
  call: () => Promise<unknown>,
): Promise<Stripe.errors.StripeError> {
  try {
    await call();
  } catch (err) {
    return err as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
}

export type Started = Awaited<ReturnType<typeof startSandbox>>;

/** A sandbox on a random free port with fresh keys; `close` stops it (the dir stays for restarts). */
export async function startSandbox(dataDir: string, overrides: Partial<SandboxOptions> = {}) {
  const keys = generateSandboxKeys();
  const options: SandboxOptions = { storage: { dataDir }, ...keys, ...overrides };
  const sandbox = createSandbox(options);
  const running = await sandbox.start(0);
  return {
    ...running,
    app: sandbox.app,
    secretKey: options.secretKey,
    webhookSecret: options.webhookSecret,
    stripe: stripeClient(options.secretKey, running.port),
  };
}

/** The parameters the shop's checkout function sends, in the SDK's own types. */
export function sessionParams(
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    allowed_payment_method_types: ['card'],
    line_items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: 14999,
          product_data: { name: 'Keychron Q1 Pro (Carbon Black)' },
        },
        quantity: 2,
      },
      {
        price_data: {
          currency: 'usd',
          unit_amount: 2450,
          product_data: { name: 'Gateron Oil King (Default)' },
        },
        quantity: 1,
      },
    ],
    success_url: 'http://localhost:3000/keebshop/#/orderSuccess?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/keebshop/#/cart',
    metadata: { userId: '6f1c2a9e-0000-4000-8000-00000000abcd' },
    ...overrides,
  };
}

/** Shipping as the shop asks for it: two fixed-amount options, US and Canada. */
export function shippingParams(): Pick<
  Stripe.Checkout.SessionCreateParams,
  'shipping_address_collection' | 'shipping_options'
> {
  const rate = (display_name: string, amount: number, min: number, max: number) => ({
    shipping_rate_data: {
      type: 'fixed_amount' as const,
      display_name,
      fixed_amount: { amount, currency: 'usd' },
      delivery_estimate: {
        minimum: { unit: 'business_day' as const, value: min },
        maximum: { unit: 'business_day' as const, value: max },
      },
    },
  });
  return {
    shipping_address_collection: { allowed_countries: ['US', 'CA'] },
    shipping_options: [rate('Standard', 500, 5, 7), rate('Express', 1500, 1, 2)],
  };
}

/** Tax rates as the owner sets them up (ADR 0050): California's on top, German VAT inside. */
export const taxRateParams = {
  california: {
    display_name: 'Sales Tax',
    percentage: 7.25,
    inclusive: false,
    country: 'US',
    state: 'CA',
    jurisdiction: 'US - CA',
  },
  germanVat: { display_name: 'VAT', percentage: 19, inclusive: true, country: 'DE' },
} satisfies Record<string, Stripe.TaxRateCreateParams>;

/** An address the hosted page accepts, as its form fields. */
export const shippingFields = {
  shippingName: 'Ada Lovelace',
  line1: '12 Analytical Way',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};

export type Received = { body: string; headers: IncomingHttpHeaders };

/** A webhook endpoint that records each request and answers with `status(n)` for the n-th one. */
export async function startReceiver(status: (n: number) => number = () => 200) {
  const received: Received[] = [];
  let attempts = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      attempts += 1;
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.statusCode = status(attempts);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/functions/v1/stripe-webhook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Posts the hosted page's form as a browser would, without following the redirect. */
export function payForm(url: string, fields: Partial<Record<string, string>>): Promise<Response> {
  const body = new URLSearchParams({
    email: 'ada@example.com',
    cardNumber: '4242 4242 4242 4242',
    cardExpiry: '12 / 34',
    cardCvc: '123',
    billingName: 'Ada Lovelace',
    ...(fields as Record<string, string>),
  });
  return fetch(url, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/**
 * The page a browser shows after a form post that did not pay: the post answers 303 to a GET of
 * the hosted page (post/redirect/get) and sets the cookie that GET shows the attempt by.
 */
export async function pageAfter(
  res: Response,
  url: string,
): Promise<{ url: string; cookie: string; page: Response }> {
  if (res.status !== 303) throw new Error(`expected a 303 to the page, got ${res.status}`);
  const next = new URL(res.headers.get('location')!, url).href;
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { url: next, cookie, page: await fetch(next, { headers: { cookie } }) };
}
