// What a server-rendered page was rendered with (docs/decisions/0049-server-rendered-product-pages.md):
// the stock, pre-orders and group buys, the stored ratings and the Storage URL the server read for it. The server renders with
// them, and the browser hydrates with the same values, which the page carries; the stores' own
// answers replace them once they have loaded. Elsewhere the context is empty and nothing changes.
import { createContext, useContext } from 'react';
import type { AvailabilitySnapshot } from './availability-store.ts';
import type { RatingsSnapshot } from './ratings-store.ts';
import type { StockSnapshot } from './stock-store.ts';

export interface PageSnapshot {
  stock?: StockSnapshot;
  ratings?: RatingsSnapshot;
  /** Pre-orders and group buys by product key. */
  availability?: AvailabilitySnapshot;
  /** The Storage API photos are read from; unset: the app-config tag's. */
  storageUrl?: string;
}

export const PageSnapshotContext = createContext<PageSnapshot>({});

export function usePageSnapshot(): PageSnapshot {
  return useContext(PageSnapshotContext);
}
