import { describe, expect, it } from 'vitest';
import { formatRating } from '../../catalogue/index.ts';
import { combinedRating, NO_STORED_RATINGS } from './ratings.ts';

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
