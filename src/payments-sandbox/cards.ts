import { createHash } from 'node:crypto';
import { declines, fieldErrors } from './messages.ts';
import type { CardRecord } from './types.ts';
import { looksLikeEmail } from './validate-create.ts';

export type PaymentFields = {
  email: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  billingName: string;
};
export type FieldName = keyof PaymentFields;
export type FieldErrors = Partial<Record<FieldName, string>>;

export type CardCheck =
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'declined'; message: string }
  | { kind: 'approved'; brand: string; last4: string; card: CardRecord };

/** Stripe's documented test cards and what they do. */
const TEST_CARDS: Record<string, 'approved' | keyof typeof declines> = {
  '4242424242424242': 'approved',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** The email field's error, if any (a no-cost order checks only this). */
export function checkEmail(text: string): string | undefined {
  const email = text.trim();
  if (email === '') return fieldErrors.emailMissing;
  if (!looksLikeEmail(email)) return fieldErrors.emailInvalid;
  return undefined;
}

/** Validates the hosted page's form, then applies the test-card outcome. `now` is the sandbox clock. */
export function checkCard(fields: PaymentFields, now: Date): CardCheck {
  const errors: FieldErrors = {};
  const emailError = checkEmail(fields.email);
  if (emailError) errors.email = emailError;

  const digits = fields.cardNumber.replace(/[\s-]/g, '');
  if (digits === '') errors.cardNumber = fieldErrors.cardMissing;
  else if (!/^\d+$/.test(digits) || digits.length > 19) errors.cardNumber = fieldErrors.cardInvalid;
  else if (digits.length < 12) errors.cardNumber = fieldErrors.cardIncomplete;
  else if (!luhnValid(digits)) errors.cardNumber = fieldErrors.cardInvalid;

  const expiryError = checkExpiry(fields.cardExpiry, now);
  if (expiryError) errors.cardExpiry = expiryError;

  const cvcLength = brandOf(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(fields.cardCvc.trim())) {
    errors.cardCvc = fieldErrors.cvcIncomplete;
  }
  if (fields.billingName.trim() === '') errors.billingName = fieldErrors.nameMissing;

  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const outcome = TEST_CARDS[digits];
  if (outcome === 'approved') {
    const { month, year } = parseExpiry(fields.cardExpiry)!;
    const card = {
      expMonth: month,
      expYear: year,
      fingerprint: fingerprintOf(digits),
      iin: digits.slice(0, 6),
    };
    return { kind: 'approved', brand: brandOf(digits), last4: digits.slice(-4), card };
  }
  return { kind: 'declined', message: declines[outcome ?? 'unsupported'] };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Like Stripe's card fingerprint: the same for every payment with one card number. */
function fingerprintOf(digits: string): string {
  const hash = createHash('sha256').update(`keebshop-sandbox-card:${digits}`).digest();
  return Array.from(hash.subarray(0, 16), (byte) => ALNUM[byte % ALNUM.length]).join('');
}

/** MM / YY (or MM/YYYY) as a month and a four-digit year; undefined when it is not that shape. */
function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return { month: Number(match[1]), year };
}

function checkExpiry(text: string, now: Date): string | undefined {
  if (text.trim() === '') return fieldErrors.expiryMissing;
  const parsed = parseExpiry(text);
  if (!parsed) return fieldErrors.expiryIncomplete;
  const { month, year } = parsed;
  if (month < 1 || month > 12) return fieldErrors.expiryInvalid;
  // A card is good through the last day of its expiry month.
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < current) return fieldErrors.expiryPast;
  return undefined;
}
