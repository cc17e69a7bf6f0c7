// How many units of each product and colour shoppers can still buy (public.stock_availability,
// docs/decisions/0025-stock-holds.md). One small request for the whole catalogue, shared by the
// list pages, the dialog and the cart, and kept briefly: a page shown again within STOCK_TTL_MS
// asks nothing. Unknown (not loaded, or the load failed) shows no stock state at all.
import type { PublicData } from '../lib/supabase.ts';
import { createFreshStore, type FreshStore } from './fresh-store.ts';

/** How long a loaded answer is fresh. */
export const STOCK_TTL_MS = 30_000;

/** Console prefix: a failed load is only logged; the pages then show no stock state. */
const LOG_STOCK = 'Could not load stock availability:';

export type StockSnapshot = ReadonlyMap<string, number>;

/** The snapshot's key of a product and colour. */
export const stockKey = (productKey: string, color: string) => `${productKey}\u0000${color}`;

/**
 * The units of every product and colour that can still be bought, by stockKey: one read of
 * public.stock_availability with `db` (anyone's client; staff read the same view). Rejects with
 * the data API's error.
 */
export async function fetchAvailability(db: PublicData['db']): Promise<StockSnapshot> {
  const { data, error } = await db.from('stock_availability').select('product_key,color,available');
  if (error) throw error;
  // A view's columns are nullable in the generated types; every row of this one is whole.
  return new Map(
    data.flatMap(({ product_key, color, available }) =>
      product_key && color ? [[stockKey(product_key, color), Number(available)]] : [],
    ),
  );
}

export type StockStore = FreshStore<StockSnapshot>;

export function createStockStore(): StockStore {
  return createFreshStore<StockSnapshot>({
    empty: new Map(),
    fetch: fetchAvailability,
    ttlMs: STOCK_TTL_MS,
    logPrefix: LOG_STOCK,
  });
}

export const stockStore: StockStore = createStockStore();
