import { describe, expect, it } from 'vitest';
import { parseRating } from './rating.ts';

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
