import { describe, expect, it } from 'vitest';
import { checkCard, luhnValid, type PaymentFields } from './cards.ts';
import { declines, fieldErrors } from './messages.ts';

const now = new Date(Date.UTC(2026, 10, 21));
const fields = (over: Partial<PaymentFields> = {}): PaymentFields => ({
  email: 'ada@example.com',
  cardNumber: '4242424242424242',
  cardExpiry: '11 / 26',
  cardCvc: '123',
  billingName: 'Ada Lovelace',
  ...over,
});

describe('checkCard', () => {
  it('knows the Luhn checksum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('takes the card through the end of its expiry month, in any of the usual spellings', () => {
    for (const expiry of ['11 / 26', '11/26', '1126', '11 / 2026']) {
      expect(checkCard(fields({ cardExpiry: expiry }), now).kind).toBe('approved');
    }
    expect(checkCard(fields({ cardExpiry: '10 / 26' }), now)).toEqual({
      kind: 'invalid',
      errors: { cardExpiry: fieldErrors.expiryPast },
    });
    expect(checkCard(fields({ cardExpiry: '13 / 30' }), now)).toEqual({
      kind: 'invalid',
      errors: { cardExpiry: fieldErrors.expiryInvalid },
    });
  });

  it('wants 4 CVC digits for Amex, and calls a short number incomplete', () => {
    const amex = checkCard(fields({ cardNumber: '378282246310005', cardCvc: '123' }), now);
    expect(amex).toEqual({ kind: 'invalid', errors: { cardCvc: fieldErrors.cvcIncomplete } });
    const ok = checkCard(fields({ cardNumber: '3782 822463 10005', cardCvc: '1234' }), now);
    expect(ok).toEqual({ kind: 'declined', message: declines.unsupported });
    expect(checkCard(fields({ cardNumber: '4242 4242' }), now)).toEqual({
      kind: 'invalid',
      errors: { cardNumber: fieldErrors.cardIncomplete },
    });
  });

  it('approves 4242 with its brand, last four digits, expiry and a stable fingerprint', () => {
    const approved = checkCard(fields({ cardNumber: '4242-4242-4242-4242' }), now);
    expect(approved).toMatchObject({
      kind: 'approved',
      brand: 'visa',
      last4: '4242',
      card: { expMonth: 11, expYear: 2026, iin: '424242' },
    });
    const again = checkCard(fields({ cardExpiry: '3/2031' }), now);
    expect(again).toMatchObject({ card: { expMonth: 3, expYear: 2031 } });
    const fingerprint = (c: typeof again) => (c.kind === 'approved' ? c.card.fingerprint : '');
    expect(fingerprint(approved)).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(fingerprint(again)).toBe(fingerprint(approved));
  });
});
