// The reviews feature's data calls, over the shop's PostgREST client. Each throws the client's
// error so callers decide whether it is shown or only logged. Reading a catalogue's stored ratings
// is shared with the cards: src/web/state/ratings.ts.
import type { Product } from '../../../catalogue/index.ts';
import type { Backend } from '../../lib/supabase.ts';
import { toStoredRatings, type StoredRatings } from '../../state/ratings.ts';

type Db = Backend['db'];

/**
 * docs/product.md, Reviews: review permission is on only if the user has an order whose
 * product_name is the product's name (select product_name from orders where user_id and
 * product_name match), and that order stands: the database's own rule (rpc/may_review: paid,
 * neither cancelled nor refunded in full), asked only when such an order exists.
 */
export async function hasOrderFor(db: Db, userId: string, product: Product): Promise<boolean> {
  const { data, error } = await db
    .from('orders')
    .select('product_name')
    .eq('user_id', userId)
    .eq('product_name', product.name);
  if (error) throw error;
  if (data.length === 0) return false;
  const standing = await db.rpc('may_review', {
    product_key: product.key,
    product_name: product.name,
  });
  if (standing.error) throw standing.error;
  return standing.data === true;
}

/** The signed-in shopper's own earlier rating of a product, or null (RLS shows only their own). */
export async function fetchOwnRating(db: Db, product: Product): Promise<number | null> {
  const { data, error } = await db
    .from('reviews')
    .select('rating')
    .eq('product_key', product.key)
    .limit(1);
  if (error) throw error;
  const row = data[0];
  return row ? Number(row.rating) : null;
}

/** Saves the shopper's rating (replacing an earlier one) and answers the product's new totals. */
export async function rateProduct(
  db: Db,
  product: Product,
  rating: number,
): Promise<StoredRatings> {
  const { data, error } = await db.rpc('rate_product', {
    product_key: product.key,
    product_name: product.name,
    rating,
  });
  if (error) throw error;
  return toStoredRatings(data);
}
