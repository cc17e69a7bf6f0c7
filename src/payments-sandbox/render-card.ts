import { createHash } from 'node:crypto';
import type { CardRecord, PaymentIntentRecord } from './types.ts';

// A charge's payment_method_details.card with every key stripe-node 23's Charge declares (and the
// optional ones Stripe sends for an online card payment), valued as Stripe's test cards are.

type Json = Record<string, unknown>;

/** Digits derived from the charge, so the same charge always shows the same codes. */
function digitsOf(seed: string, length: number): string {
  const hash = createHash('sha256').update(seed).digest();
  return Array.from(hash.subarray(0, length), (byte) => String(byte % 10)).join('');
}

/** Records kept before the card was: a card good until the end of the year after the payment. */
function cardOf(pi: PaymentIntentRecord): CardRecord {
  if (pi.card) return pi.card;
  const year = new Date(pi.created * 1000).getUTCFullYear() + 1;
  const fingerprint = createHash('sha256').update(pi.id).digest('hex').slice(0, 16);
  return { expMonth: 12, expYear: year, fingerprint, iin: '' };
}

export function renderCardDetails(pi: PaymentIntentRecord): Json {
  const card = cardOf(pi);
  const seed = pi.chargeId ?? pi.id;
  const known = pi.cardBrand !== 'unknown';
  return {
    amount_authorized: pi.amount,
    authorization_code: digitsOf(`${seed}:authorization`, 6),
    brand: pi.cardBrand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    description: null,
    electronic_commerce_indicator: null,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    extended_authorization: { status: 'disabled' },
    fingerprint: card.fingerprint,
    funding: 'credit',
    iin: card.iin === '' ? null : card.iin,
    incremental_authorization: { status: 'unavailable' },
    installments: null,
    issuer: null,
    last4: pi.cardLast4,
    mandate: null,
    moto: null,
    multicapture: { status: 'unavailable' },
    network: known ? pi.cardBrand : null,
    network_token: { used: false },
    network_transaction_id: digitsOf(`${seed}:network`, 15),
    overcapture: { maximum_amount_capturable: pi.amount, status: 'unavailable' },
    regulated_status: 'unregulated',
    three_d_secure: null,
    transaction_link_id: null,
    wallet: null,
  };
}
