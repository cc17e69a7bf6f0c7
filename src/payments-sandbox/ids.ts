import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random alphanumeric string; rejection sampling keeps every character equally likely. */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** Stripe-style ids: cs_test_ + 58 characters for sessions, prefix + 24 for most other objects. */
export const newId = {
  session: () => `cs_test_${randomAlnum(58)}`,
  lineItem: () => `li_${randomAlnum(24)}`,
  price: () => `price_${randomAlnum(24)}`,
  product: () => `prod_${randomAlnum(14)}`,
  paymentIntent: () => `pi_${randomAlnum(24)}`,
  charge: () => `ch_${randomAlnum(24)}`,
  refund: () => `re_${randomAlnum(24)}`,
  shippingRate: () => `shr_${randomAlnum(24)}`,
  event: () => `evt_${randomAlnum(24)}`,
  request: () => `req_${randomAlnum(14)}`,
};

/** Keys for whoever starts the sandbox: generated at run time, never committed. */
export function generateSandboxKeys(): { secretKey: string; webhookSecret: string } {
  return { secretKey: `sk_test_${randomAlnum(48)}`, webhookSecret: `whsec_${randomAlnum(32)}` };
}
