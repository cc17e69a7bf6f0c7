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
