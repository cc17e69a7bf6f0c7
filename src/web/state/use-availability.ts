import { useState, useSyncExternalStore } from 'react';
import type { ProductAvailability } from '../../contracts/availability.ts';
import { availabilityStore, NOT_LOADED, type AvailabilitySnapshot } from './availability-store.ts';
import { usePageSnapshot } from './page-snapshot.ts';

// Loaded with the stock, by useStockAvailability (use-stock.ts): wherever stock shows, whether a
// product is a pre-order or group buy changes what its stock line says.

/**
 * Every pre-order and group buy known so far, by product key. On a server-rendered page, what the
 * page was rendered with until the store has its own answer.
 */
export function useAvailabilities(): AvailabilitySnapshot {
  const loaded = useSyncExternalStore(
    availabilityStore.subscribe,
    availabilityStore.getSnapshot,
    availabilityStore.getSnapshot,
  );
  const page = usePageSnapshot().availability;
  return loaded === NOT_LOADED && page ? page : loaded;
}

/** The product's pre-order or group buy; undefined: in stock, or not known yet. */
export function useProductAvailability(productKey: string): ProductAvailability | undefined {
  return useAvailabilities().get(productKey);
}

/**
 * The time a view judges a group buy's phase and days left by: when it mounted, so a render
 * never flips between open and ended halfway (a page left open past the end finds out at
 * checkout, which refuses it).
 */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
