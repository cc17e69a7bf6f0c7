// The reviews feature's rating rule: what counts as a valid rating. How seed and stored ratings
// combine is shared with the cards: src/web/state/ratings.ts.

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
