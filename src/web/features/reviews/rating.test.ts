import { describe, expect, it } from 'vitest';
import { formatRating } from '../../../catalogue/index.ts';
import { combinedRating, NO_STORED_RATINGS, parseRating } from './rating.ts';

describe('parseRating (docs/product.md, Reviews: 1 to 5 inclusive, step 0.1)', () => {
  it('accepts whole numbers and tenths from 1 to 5', () => {
    expect(parseRating('1')).toBe(1);
    expect(parseRating('4.5')).toBe(4.5);
    expect(parseRating(' 4.3 ')).toBe(4.3);
    expect(parseRating('5.0')).toBe(5);
    expect(parseRating('2.10')).toBe(2.1);
  });

  it('refuses anything else', () => {
    for (const text of ['', ' ', '0', '0.9', '5.1', '6', '-3', '4.55', '4.25', 'abc', 'NaN']) {
      expect(parseRating(text), text).toBeNull();
    }
    for (const text of ['Infinity', '1e1', '4,5', '4.5.1', '+4']) {
      expect(parseRating(text), text).toBeNull();
    }
  });
});

describe('combinedRating', () => {
  it('averages the seed ratings alone when nothing is stored', () => {
    expect(combinedRating([5, 4, 4.5, 4.5], NO_STORED_RATINGS)).toEqual({ average: 4.5, count: 4 });
  });

  it('adds the stored ratings to the seed ones', () => {
    const { average, count } = combinedRating([5, 4, 4.5, 4.5], { count: 2, sum: 6.5 });
    expect(count).toBe(6);
    expect(formatRating(average)).toBe('4.1'); // 24.5 / 6 = 4.083…
  });

  it('uses the stored ratings alone for a product without seeds, and null without either', () => {
    expect(combinedRating([], { count: 1, sum: 4.5 })).toEqual({ average: 4.5, count: 1 });
    expect(combinedRating([], NO_STORED_RATINGS)).toEqual({ average: null, count: 0 });
  });
});
