import { describe, expect, it } from 'vitest';
import { centsToDollars, formatPrice, priceToCents } from './money.ts';
import { averageRating, formatRating } from './ratings.ts';

describe('money', () => {
  it('turns dollars into whole cents, rounding float noise away', () => {
    expect(priceToCents(2.5)).toBe(250);
    expect(priceToCents(19.99)).toBe(1999);
    expect(priceToCents(0.1 + 0.2)).toBe(30);
    expect(priceToCents(1.15)).toBe(115);
    expect(priceToCents(120)).toBe(12000);
    expect(priceToCents(0)).toBe(0);
  });

  it('turns cents back into dollars', () => {
    expect(centsToDollars(250)).toBe(2.5);
    expect(centsToDollars(1999)).toBe(19.99);
  });

  it('formats prices in US dollars, two decimals by default', () => {
    expect(formatPrice(300)).toBe('$3.00');
    expect(formatPrice(250)).toBe('$2.50');
    expect(formatPrice(12000)).toBe('$120.00');
    expect(formatPrice(12000, 0)).toBe('$120');
    expect(formatPrice(123456)).toBe('$1,234.56');
    expect(formatPrice(0)).toBe('$0.00');
  });
});

describe('ratings', () => {
  it('averages ratings, or gives null when there are none', () => {
    expect(averageRating([5, 4, 5, 4])).toBe(4.5);
    expect(averageRating([4, 3, 4, 5])).toBe(4);
    expect(averageRating([])).toBeNull();
  });

  it('shows the average to one decimal, or "No reviews"', () => {
    expect(formatRating(4.5)).toBe('4.5');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(averageRating([5, 4, 5, 5]))).toBe('4.8');
    expect(formatRating(4.35)).toBe('4.4');
    expect(formatRating(4.349)).toBe('4.3');
    expect(formatRating(averageRating([4.7, 4.8, 4.9]))).toBe('4.8');
    expect(formatRating(null)).toBe('No reviews');
  });
});
