/** The text a product card shows when nobody has rated the product. */
export const NO_REVIEWS = 'No reviews';

/** The mean of the ratings, or null when there are none. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  return ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
}

/** An average to 1 decimal ("4.5"), or "No reviews" for null. */
export function formatRating(avg: number | null): string {
  if (avg === null || !Number.isFinite(avg)) return NO_REVIEWS;
  // toPrecision strips float noise (4.35 is stored as 4.3499...) so halves round up as people expect.
  const tenths = Math.round(Number((avg * 10).toPrecision(12)));
  return (tenths / 10).toFixed(1);
}

/** The stored ratings of one product: how many, and their exact sum. */
export interface StoredRatings {
  count: number;
  /** The exact sum of the stored ratings. */
  sum: number;
}

/** The average over seed and stored ratings together (null when there are none), and their count. */
export function combinedRating(
  seed: readonly number[],
  stored: StoredRatings,
): { average: number | null; count: number } {
  const count = seed.length + stored.count;
  if (count === 0) return { average: null, count: 0 };
  const seedSum = seed.reduce((sum, r) => sum + r, 0);
  return { average: (seedSum + stored.sum) / count, count };
}
