// The ratings every shopper sees: a product's stored ratings (public.product_ratings) and how the
// catalogue's seed ratings and the stored ones combine into one average. Shared by the cards
// (browse) and the dialog's reviews section (reviews); saving a rating is the reviews feature's.
import type { Category, StoredRatings } from '../../catalogue/index.ts';
import type { Tables } from '../../contracts/database.ts';
import type { PublicData } from '../lib/supabase.ts';

export { combinedRating, type StoredRatings } from '../../catalogue/index.ts';

export const NO_STORED_RATINGS: StoredRatings = { count: 0, sum: 0 };

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
