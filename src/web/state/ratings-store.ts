// The stored ratings every card and dialog reads: one small external store per page, so a rating
// saved in the dialog (the reviews feature) shows on its card (the browse feature) at once. Filled
// per catalogue by the list pages.
import type { Category } from '../../catalogue/index.ts';
import type { PublicData } from '../lib/supabase.ts';
import { fetchCategoryRatings, NO_STORED_RATINGS, type StoredRatings } from './ratings.ts';

/** Console prefix: a failed load is only logged (docs/product.md, Only logged), the cards keep the seed ratings. */
const LOG_RATINGS = 'Could not load the stored ratings; showing the catalogue ratings only:';

export type RatingsSnapshot = ReadonlyMap<string, StoredRatings>;

export interface RatingsStore {
  getSnapshot(): RatingsSnapshot;
  subscribe(listener: () => void): () => void;
  /** The stored ratings of one product (none when unknown). */
  get(productKey: string): StoredRatings;
  /**
   * Fetches one catalogue's stored ratings and merges them in. A load already under way for the
   * catalogue is shared. A failure is only logged: the cards keep the catalogue's seed ratings.
   */
  load(category: Category, publicData: () => Promise<PublicData>): Promise<void>;
  /** Records the server's new totals for a product (after the shopper rated it). */
  set(productKey: string, ratings: StoredRatings): void;
  /** Forgets everything (tests). */
  reset(): void;
}

/** Creates a store; the app uses one (ratingsStore). */
export function createRatingsStore(): RatingsStore {
  let snapshot: RatingsSnapshot = new Map();
  const listeners = new Set<() => void>();
  const loading = new Map<Category, Promise<void>>();
  // When each product's totals were last set from a saved rating: a list load that started
  // before that must not overwrite them with older numbers.
  const savedAt = new Map<string, number>();
  let sequence = 0;

  const publish = (next: Map<string, StoredRatings>) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const store: RatingsStore = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (productKey) => snapshot.get(productKey) ?? NO_STORED_RATINGS,
    load(category, publicData) {
      const pending = loading.get(category);
      if (pending) return pending;
      const startedAt = sequence;
      const newer = (key: string) => (savedAt.get(key) ?? 0) > startedAt;
      const run = (async () => {
        try {
          const { db } = await publicData();
          const fetched = await fetchCategoryRatings(db, category);
          const next = new Map(snapshot);
          for (const key of next.keys()) {
            if (key.startsWith(`${category}:`) && !newer(key)) next.delete(key);
          }
          for (const [key, ratings] of fetched) if (!newer(key)) next.set(key, ratings);
          publish(next);
        } catch (error) {
          console.warn(LOG_RATINGS, error);
        } finally {
          loading.delete(category);
        }
      })();
      loading.set(category, run);
      return run;
    },
    set(productKey, ratings) {
      savedAt.set(productKey, ++sequence);
      publish(new Map(snapshot).set(productKey, ratings));
    },
    reset() {
      loading.clear();
      savedAt.clear();
      publish(new Map());
    },
  };
  return store;
}

export const ratingsStore: RatingsStore = createRatingsStore();
