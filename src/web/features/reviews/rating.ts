// Pure rating rules of the reviews feature: what counts as a valid rating, and how the catalogue's
// seed ratings and the stored ones combine into the one average every shopper sees.

/** The stored ratings of one product, as public.product_ratings gives them. */
export interface StoredRatings {
  count: number;
  /** The exact sum of the stored ratings. */
  sum: number;
}

export const NO_STORED_RATINGS: StoredRatings = { count: 0, sum: 0 };

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

/**
 * The rating a shopper typed, or null when it is not one (docs/product.md, Reviews: 1 to 5, step
 * 0.1). Rounded to tenths, so 4.3 goes to the server as 4.3 and not as 4.299999….
 */
export function parseRating(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 1 || value > 5) return null;
  const tenths = Math.round(value * 10);
  // Anything finer than a tenth (4.55) is off the step, beyond float noise.
  if (Math.abs(value * 10 - tenths) > 1e-9) return null;
  return tenths / 10;
}
