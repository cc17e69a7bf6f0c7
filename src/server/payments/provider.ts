import Stripe from 'stripe';
import { STORAGE_FULL_HEADER } from '../../payments-sandbox/index.ts';

/** The payment provider as the server sees it: real Stripe or the sandbox, the same SDK either way. */
export interface Payments {
  provider: 'stripe' | 'sandbox';
  stripe: Stripe;
  /** Verifies webhook deliveries (Stripe-Signature). */
  webhookSecret: string;
  /** Where the hosted checkout page lives; the shop's CSP lets the page go there. */
  checkoutOrigin: string;
  /** Stops the sandbox when this instance runs it; nothing to do for Stripe. */
  close(): Promise<void>;
}

/** Stripe's hosted Checkout page. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** An SDK client for the sandbox at 127.0.0.1:port, through the SDK's own host/port/protocol options. */
export function sandboxStripeClient(secretKey: string, port: number): Stripe {
  return new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http', telemetry: false });
}

/** Wraps an SDK client that already points somewhere (tests build their own sandbox). */
export function paymentsFor(options: {
  stripe: Stripe;
  webhookSecret: string;
  checkoutOrigin: string;
  provider?: 'stripe' | 'sandbox';
}): Payments {
  return {
    provider: options.provider ?? 'sandbox',
    stripe: options.stripe,
    webhookSecret: options.webhookSecret,
    checkoutOrigin: options.checkoutOrigin,
    close: async () => undefined,
  };
}

/**
 * True for the sandbox's 503 saying its store is out of disk: its store is the shop's own database,
 * so the request is as unable to save as any other write (docs/operations.md, Health and failures).
 */
export function isSandboxStorageFull(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeError &&
    err.statusCode === 503 &&
    err.headers?.[STORAGE_FULL_HEADER] === 'full'
  );
}
