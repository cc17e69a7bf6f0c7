// The ratings every shopper sees: a product's stored ratings (public.product_ratings) and how the
// catalogue's seed ratings and the stored ones combine into one average. Shared by the cards
// (browse) and the dialog's reviews section (reviews); saving a rating is the reviews feature's.
import type { Category } from '../../catalogue/index.ts';
import type { Tables } from '../../contracts/database.ts';
import type { PublicData } from '../lib/supabase.ts';

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

/** A product_ratings row (or the rate_product answer) as numbers. */
export function toStoredRatings(
  row: Pick<Tables<'product_ratings'>, 'rating_count' | 'rating_sum'>,
): StoredRatings {
  return { count: Number(row.rating_count), sum: Number(row.rating_sum) };
}

/** The stored ratings of one catalogue, by product key: one request per list page. */
export async function fetchCategoryRatings(
  db: PublicData['db'],
  category: Category,
): Promise<Map<string, StoredRatings>> {
  const { data, error } = await db
    .from('product_ratings')
    .select('product_key,rating_count,rating_sum')
    .like('product_key', `${category}:*`);
  if (error) throw error;
  // A view's columns are nullable in the generated types; every row of this one has a key.
  return new Map(
    data.flatMap((row) => (row.product_key ? [[row.product_key, toStoredRatings(row)]] : [])),
  );
}
