// Which products are pre-orders or group buys, with their windows and how many units are taken
// (public.availability_progress,
// docs/decisions/0051-pre-orders-and-group-buys.md). Loaded and kept as the stock is
// (stock-store.ts): one read for the whole catalogue, fresh for STOCK_TTL_MS, shared by the list
// pages, the dialog and the cart. A product without a row is in stock; so is every product while
// the answer is unknown (the pages then show what the stock says).
import type { AvailabilityKind, ProductAvailability } from '../../contracts/availability.ts';
import type { PublicData } from '../lib/supabase.ts';
import { createFreshStore, type FreshStore } from './fresh-store.ts';
import { STOCK_TTL_MS } from './stock-store.ts';

/** Console prefix: a failed load is only logged. */
const LOG_AVAILABILITY = 'Could not load pre-orders and group buys:';

/** Each pre-order or group buy, by product key. */
export type AvailabilitySnapshot = ReadonlyMap<string, ProductAvailability>;

const isKind = (kind: string): kind is AvailabilityKind =>
  kind === 'pre_order' || kind === 'group_buy';

/** One read with `db` (anyone's client): the view has each row with its progress. */
export async function fetchProductAvailability(
  db: PublicData['db'],
): Promise<AvailabilitySnapshot> {
  const { data, error } = await db
    .from('availability_progress')
    .select('product_key,kind,ships_from,ships_by,cap,starts_at,ends_at,moq,units_paid,units_held');
  if (error) throw error;
  const snapshot = new Map<string, ProductAvailability>();
  for (const row of data) {
    // A kind this storefront does not know is sold as the server says; show it as in stock.
    if (row.product_key === null || row.kind === null || !isKind(row.kind)) continue;
    if (row.ships_from === null || row.ships_by === null) continue;
    snapshot.set(row.product_key, {
      productKey: row.product_key,
      kind: row.kind,
      shipsFrom: row.ships_from,
      shipsBy: row.ships_by,
      cap: row.cap,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      moq: row.moq,
      unitsPaid: Number(row.units_paid ?? 0),
      unitsHeld: Number(row.units_held ?? 0),
    });
  }
  return snapshot;
}

/** The snapshot before any answer: a server-rendered page's own stands in for it meanwhile. */
export const NOT_LOADED: AvailabilitySnapshot = new Map();

export type AvailabilityStore = FreshStore<AvailabilitySnapshot>;

export function createAvailabilityStore(): AvailabilityStore {
  return createFreshStore({
    empty: NOT_LOADED,
    fetch: fetchProductAvailability,
    ttlMs: STOCK_TTL_MS,
    logPrefix: LOG_AVAILABILITY,
  });
}

export const availabilityStore: AvailabilityStore = createAvailabilityStore();
