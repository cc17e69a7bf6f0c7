import { useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../lib/idle.ts';
import { useSessionStore } from '../lib/session-react.tsx';
import { availabilityStore } from './availability-store.ts';
import { usePageSnapshot } from './page-snapshot.ts';
import { stockKey, stockStore } from './stock-store.ts';

/** At most this many left is shown as "Only N left". */
export const LOW_STOCK = 5;

/** What a shopper is told about a product and colour: unknown until loaded. */
export type StockLevel =
  { kind: 'unknown' } | { kind: 'in' } | { kind: 'low'; left: number } | { kind: 'out' };

export function stockLevelOf(available: number | undefined): StockLevel {
  if (available === undefined) return { kind: 'unknown' };
  if (available <= 0) return { kind: 'out' };
  if (available <= LOW_STOCK) return { kind: 'low', left: available };
  return { kind: 'in' };
}

/**
 * Units available of a product and colour, or undefined while unknown. On a server-rendered page,
 * what the page was rendered with until the store has its own answer.
 */
export function useAvailable(productKey: string, color: string): number | undefined {
  const snapshot = useSyncExternalStore(
    stockStore.subscribe,
    stockStore.getSnapshot,
    stockStore.getSnapshot,
  );
  const page = usePageSnapshot().stock;
  const key = stockKey(productKey, color);
  return snapshot.get(key) ?? page?.get(key);
}

/**
 * Loads availability when a page mounts: one request, reused while fresh (list pages); `fresh`
 * asks again whatever is held (the cart, where a shortage must be current). The pre-orders and
 * group buys come with it (state/availability-store.ts): they change what a stock line says.
 */
export function useStockAvailability({ fresh = false } = {}): void {
  const session = useSessionStore();
  useEffect(() => {
    if (fresh) {
      stockStore.invalidate();
      availabilityStore.invalidate();
    }
    // Once the page has painted: the request needs the data client, a chunk of its own.
    return whenIdle(() => {
      const publicData = () => session.publicData();
      void stockStore.load(publicData);
      void availabilityStore.load(publicData);
    });
  }, [session, fresh]);
}
