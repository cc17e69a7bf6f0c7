import { describe, expect, it } from 'vitest';
import { compareNames, formatDecimal } from './en-us.ts';
import { fixtureProducts as catalogue } from './__fixtures__/catalogue.ts';
import { formatPrice } from './money.ts';
import { specsOf } from './specs/index.ts';

// The formatters stand in for Intl (en-us.ts): held here to Intl's own output.
const intl = (min: number, max: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
const intlPrice = (digits: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

/** Every number in a spec sheet, nested ones (dimensions) included. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

describe('formatDecimal', () => {
  it('writes every measurement of the catalogue as Intl does', () => {
    const values = catalogue.flatMap((p) => numbersIn(specsOf(p)));
    expect(values.length).toBeGreaterThan(150);
    const [upToTwo, oneOrTwo] = [intl(0, 2), intl(1, 2)];
    for (const value of values) {
      expect(formatDecimal(value, 0, 2)).toBe(upToTwo.format(value));
      expect(formatDecimal(value, 1, 2)).toBe(oneOrTwo.format(value));
    }
  });

  it('groups thousands, trims and pads decimals, and keeps the sign', () => {
    const cases = [0, 0.5, 1, 4, 1.25, 3.1, 999.99, 1000, 1234.5, 65536, 1234567.891, -2.5, -1500];
    for (const value of cases) {
      for (const [min, max] of [
        [0, 0],
        [0, 2],
        [1, 2],
        [2, 2],
      ] as const) {
        expect(formatDecimal(value, min, max), `${value} ${min}-${max}`).toBe(
          intl(min, max).format(value),
        );
      }
    }
  });
});

describe('formatPrice', () => {
  it('writes every price of the catalogue, and whole cents up to $20,000, as Intl does', () => {
    const cents = [
      ...catalogue.map((p) => p.priceCents),
      ...Array.from({ length: 20_000 }, (_, i) => i * 97),
      -1999,
    ];
    const [cents2, whole] = [intlPrice(2), intlPrice(0)];
    for (const amount of cents) {
      expect(formatPrice(amount)).toBe(cents2.format(amount / 100));
      expect(formatPrice(amount, 0)).toBe(whole.format(amount / 100));
    }
  });
});

describe('compareNames', () => {
  it('orders every pair of the catalogue names as localeCompare with en does', () => {
    const names = catalogue.map((p) => p.name);
    for (const a of names) {
      for (const b of names) {
        expect(Math.sign(compareNames(a, b)), `${a} / ${b}`).toBe(
          Math.sign(a.localeCompare(b, 'en')),
        );
      }
    }
  });

  it('ignores case, then puts lower case first, as localeCompare does', () => {
    const names = ['keycap Puller', 'Keycap puller', 'Keycap', 'Key cap', 'Keycap 2', 'keycaps'];
    const expected = [...names].sort((a, b) => a.localeCompare(b, 'en'));
    expect([...names].sort(compareNames)).toEqual(expected);
  });
});
