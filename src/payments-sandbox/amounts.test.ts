import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeAmounts,
  matchingRates,
  type AmountRate,
  type AmountsInput,
  type TaxAmount,
} from './amounts.ts';

const line = fc.record({
  unitAmount: fc.integer({ min: 1, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  taxBehavior: fc.constantFrom('exclusive', 'inclusive', 'unspecified', undefined),
});

const rate = fc.record({
  id: fc.uuid().map((u) => `txr_${u}`),
  displayName: fc.constantFrom('Sales Tax', 'VAT', 'GST'),
  // Up to four decimals, as Stripe takes them.
  percentage: fc.integer({ min: 0, max: 300_000 }).map((n) => n / 10_000),
  inclusive: fc.boolean(),
});

const discount = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 10_000 }).map((n) => ({ percentOff: n / 100, amountOff: null })),
  fc.integer({ min: 1, max: 5_000_000 }).map((n) => ({ percentOff: null, amountOff: n })),
);

const input: fc.Arbitrary<AmountsInput> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  discount,
  rates: fc.array(rate, { maxLength: 3 }),
  shipping: fc.integer({ min: 0, max: 5_000 }),
  shippingTaxable: fc.boolean(),
  shippingTaxBehavior: fc.constantFrom('exclusive', 'inclusive', 'unspecified', undefined),
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const exclusive = (taxes: TaxAmount[]) =>
  sum(taxes.filter((t) => !t.inclusive).map((t) => t.amount));

describe('computeAmounts', () => {
  it('makes every total the sum of its parts to the cent, no line negative', () => {
    fc.assert(
      fc.property(input, (given) => {
        const a = computeAmounts(given);
        for (const [i, l] of a.lines.entries()) {
          const { unitAmount, quantity } = given.lines[i]!;
          expect(l.amount_subtotal).toBe(unitAmount * quantity);
          expect(l.amount_discount).toBeGreaterThanOrEqual(0);
          expect(l.amount_discount).toBeLessThanOrEqual(l.amount_subtotal);
          expect(l.amount_tax).toBe(sum(l.taxes.map((t) => t.amount)));
          expect(l.amount_total).toBe(l.amount_subtotal - l.amount_discount + exclusive(l.taxes));
          expect(l.amount_total).toBeGreaterThanOrEqual(0);
          for (const t of l.taxes) {
            expect(Number.isInteger(t.amount) && t.amount >= 0).toBe(true);
            expect(t.taxableAmount + (t.inclusive ? t.amount : 0)).toBe(
              l.amount_subtotal - l.amount_discount,
            );
          }
        }
        const s = a.shipping;
        expect(s.amount_subtotal).toBe(given.shipping);
        if (!given.shippingTaxable) expect(s.taxes).toEqual([]);
        expect(s.amount_tax).toBe(sum(s.taxes.map((t) => t.amount)));
        expect(s.amount_total).toBe(s.amount_subtotal + exclusive(s.taxes));

        expect(a.amount_subtotal).toBe(sum(a.lines.map((l) => l.amount_subtotal)));
        expect(a.amount_discount).toBe(sum(a.lines.map((l) => l.amount_discount)));
        expect(a.amount_discount).toBeLessThanOrEqual(a.amount_subtotal);
        expect(a.amount_tax).toBe(sum(a.lines.map((l) => l.amount_tax)) + s.amount_tax);
        expect(a.amount_shipping).toBe(given.shipping);
        expect(a.amount_total).toBe(
          a.amount_subtotal -
            a.amount_discount +
            sum(a.lines.map((l) => exclusive(l.taxes))) +
            s.amount_total,
        );
        expect(a.amount_total).toBe(sum(a.lines.map((l) => l.amount_total)) + s.amount_total);
        expect(sum(a.taxes.map((t) => t.amount))).toBe(a.amount_tax);
      }),
      { numRuns: 500 },
    );
  });

  it('takes an amount off in full up to the subtotal, spread by line size', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (lines, off) => {
          const a = computeAmounts({
            lines,
            discount: { percentOff: null, amountOff: off },
            rates: [],
            shipping: 0,
            shippingTaxable: false,
          });
          expect(a.amount_discount).toBe(Math.min(off, a.amount_subtotal));
          // Each line's share is within a cent of its exact proportion.
          for (const l of a.lines) {
            const exact = (a.amount_discount * l.amount_subtotal) / a.amount_subtotal;
            expect(Math.abs(l.amount_discount - exact)).toBeLessThan(1);
          }
        },
      ),
    );
  });

  it('matches the reference worked example (section 7)', () => {
    const salesTax: AmountRate = {
      id: 'txr_ca',
      displayName: 'Sales Tax',
      percentage: 7.25,
      inclusive: false,
    };
    const a = computeAmounts({
      lines: [
        { unitAmount: 1000, quantity: 2 },
        { unitAmount: 1500, quantity: 1 },
      ],
      discount: { percentOff: 20, amountOff: null },
      rates: [salesTax],
      shipping: 500,
      shippingTaxable: false,
    });
    expect(a.lines.map((l) => [l.amount_subtotal, l.amount_discount, l.amount_tax])).toEqual([
      [2000, 400, 116],
      [1500, 300, 87],
    ]);
    expect(a.lines.map((l) => l.amount_total)).toEqual([1716, 1287]);
    expect(a).toMatchObject({
      amount_subtotal: 3500,
      amount_discount: 700,
      amount_tax: 203,
      amount_shipping: 500,
      amount_total: 3503,
      shipping: { amount_subtotal: 500, amount_tax: 0, amount_total: 500 },
    });
    expect(a.taxes).toEqual([
      { rate: salesTax, inclusive: false, amount: 203, taxableAmount: 2800 },
    ]);

    const vat = { id: 'txr_vat', displayName: 'VAT', percentage: 20, inclusive: true };
    const inclusive = computeAmounts({
      lines: [{ unitAmount: 1200, quantity: 1 }],
      discount: null,
      rates: [vat],
      shipping: 0,
      shippingTaxable: false,
    });
    expect(inclusive).toMatchObject({ amount_tax: 200, amount_total: 1200 });
    expect(inclusive.lines[0]).toMatchObject({ amount_tax: 200, amount_total: 1200 });
  });

  it('rounds halves up, splits remainders to the largest lines, lets a price override the rate', () => {
    const half = { id: 'txr_h', displayName: 'Tax', percentage: 50, inclusive: false };
    expect(
      computeAmounts({
        lines: [{ unitAmount: 1, quantity: 1 }],
        discount: null,
        rates: [half],
        shipping: 3,
        shippingTaxable: true,
      }),
    ).toMatchObject({ amount_tax: 1 + 2, amount_total: 1 + 1 + 3 + 2 });
    const split = computeAmounts({
      lines: [
        { unitAmount: 100, quantity: 1 },
        { unitAmount: 300, quantity: 1 },
        { unitAmount: 100, quantity: 1 },
      ],
      discount: { percentOff: null, amountOff: 7 },
      rates: [],
      shipping: 0,
      shippingTaxable: false,
    });
    // Exact shares 1.4, 4.2, 1.4: floors 1, 4, 1; the one cent left goes to the largest line.
    expect(split.lines.map((l) => l.amount_discount)).toEqual([1, 5, 1]);
    const overridden = computeAmounts({
      lines: [{ unitAmount: 1190, quantity: 1, taxBehavior: 'inclusive' }],
      discount: null,
      rates: [{ id: 'txr_x', displayName: 'VAT', percentage: 19, inclusive: false }],
      shipping: 0,
      shippingTaxable: false,
    });
    expect(overridden).toMatchObject({ amount_tax: 190, amount_total: 1190 });
  });
});

describe('matchingRates', () => {
  const rates = [
    { id: 'ca', active: true, country: 'US', state: 'CA' },
    { id: 'us', active: true, country: 'US', state: null },
    { id: 'old', active: false, country: 'US', state: 'CA' },
    { id: 'de', active: true, country: 'DE', state: null },
    { id: 'none', active: true, country: null, state: null },
  ];
  it('keeps active rates of the country whose state is unset or the address’s', () => {
    const ids = (address: { country: string; state: string } | null) =>
      matchingRates(rates, address).map((r) => r.id);
    expect(ids({ country: 'US', state: 'ca' })).toEqual(['ca', 'us']);
    expect(ids({ country: 'US', state: 'NY' })).toEqual(['us']);
    expect(ids({ country: 'DE', state: 'Berlin' })).toEqual(['de']);
    expect(ids({ country: 'FR', state: '' })).toEqual([]);
    expect(ids(null)).toEqual([]);
  });
});
