import { useEffect, useSyncExternalStore } from 'react';
import type { Category, Product } from '../../catalogue/index.ts';
import { whenIdle } from '../lib/idle.ts';
import { useSessionStore } from '../lib/session-react.tsx';
import { combinedRating, NO_STORED_RATINGS, type StoredRatings } from './ratings.ts';
import { usePageSnapshot } from './page-snapshot.ts';
import { ratingsStore } from './ratings-store.ts';

function useStoredRatings(productKey: string): StoredRatings {
  const snapshot = useSyncExternalStore(
    ratingsStore.subscribe,
    ratingsStore.getSnapshot,
    ratingsStore.getSnapshot,
  );
  const page = usePageSnapshot().ratings;
  return snapshot.get(productKey) ?? page?.get(productKey) ?? NO_STORED_RATINGS;
}

/** A product's average over its seed ratings and the stored ones, and how many there are. */
export function useProductRating(product: Product): { average: number | null; count: number } {
  const stored = useStoredRatings(product.key);
  return combinedRating(product.reviews, stored);
}

/**
 * Loads one catalogue's stored ratings when its list page mounts (one request). The cards render
 * with the seed ratings first and update when the answer arrives; a failure leaves them as they are.
 */
export function useCatalogueRatings(category: Category): void {
  const session = useSessionStore();
  // Once the page has painted: the request needs the data client, a chunk of its own.
  useEffect(
    () => whenIdle(() => void ratingsStore.load(category, () => session.publicData())),
    [category, session],
  );
}
