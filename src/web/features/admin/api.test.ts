import { describe, expect, it } from 'vitest';
import { auditWhat, auditWho } from './audit.ts';
import type { AuditRow } from './types.ts';
import { dollarsToCents, lastThirtyDays } from './format.ts';

describe('dollarsToCents', () => {
  it('reads dollars with up to two decimals, and nothing else', () => {
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('$0.01')).toBe(1);
    expect(dollarsToCents('1.234')).toBeNull();
    expect(dollarsToCents('-1')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
});

it('lastThirtyDays runs from 30 days ago to today', () => {
  expect(lastThirtyDays(new Date(2026, 10, 24, 9))).toEqual({
    from: '2026-10-25',
    to: '2026-11-24',
  });
});

describe('audit entries', () => {
  const entry = (patch: Partial<AuditRow>): AuditRow => ({
    id: 1,
    at: '2026-11-24T01:00:00Z',
    staff_id: 'u1',
    staff_email: 'staff@example.com',
    action: 'ship',
    order_id: 1,
    product_key: null,
    before: {},
    after: {},
    ...patch,
  });

  it('say who: the staff member, the payment provider, or a deleted account', () => {
    expect(auditWho(entry({}))).toBe('staff@example.com');
    expect(auditWho(entry({ staff_id: null, staff_email: null }))).toBe('Payment provider');
    expect(auditWho(entry({ staff_email: null }))).toBe('Deleted staff account');
  });

  it('say what, with the shipment or the amount refunded', () => {
    expect(
      auditWhat(entry({ after: { status: 'shipped', carrier: 'UPS', tracking_number: '1Z9' } })),
    ).toBe('Marked shipped: UPS 1Z9');
    expect(
      auditWhat(
        entry({
          action: 'refund',
          before: { refunded_cents: 500 },
          after: { refunded_cents: 1250 },
        }),
      ),
    ).toBe('Refunded: $7.50');
    const restocked = { refunded_cents: 1250, units_returned_to_stock: 2 };
    expect(
      auditWhat(entry({ action: 'refund', before: { refunded_cents: 0 }, after: restocked })),
    ).toBe('Refunded: $12.50, items returned to stock');
    expect(auditWhat(entry({ action: 'deliver' }))).toBe('Marked delivered');
    expect(auditWhat(entry({ action: 'something_new' }))).toBe('something_new');
  });
});
