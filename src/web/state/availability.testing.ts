// For component tests: fills the availability store as if the shop had answered these products'
// rows of public.availability_progress.
import type { ProductAvailability } from '../../contracts/availability.ts';
import type { PublicData } from '../lib/supabase.ts';
import { availabilityStore } from './availability-store.ts';

/** A pre-order of `productKey` shipping in Jan–Feb 2027, with no cap unless given. */
export function preOrder(
  productKey: string,
  change: Partial<ProductAvailability> = {},
): ProductAvailability {
  return {
    productKey,
    kind: 'pre_order',
    shipsFrom: '2027-01-09',
    shipsBy: '2027-02-06',
    cap: null,
    startsAt: null,
    endsAt: null,
    moq: null,
    unitsPaid: 0,
    unitsHeld: 0,
    ...change,
  };
}

/** A group buy of `productKey` open from Dec 1 to Dec 22, 2026 (noon UTC), minimum 30. */
export function groupBuy(
  productKey: string,
  change: Partial<ProductAvailability> = {},
): ProductAvailability {
  return preOrder(productKey, {
    kind: 'group_buy',
    shipsFrom: '2027-03-01',
    shipsBy: '2027-04-15',
    startsAt: '2026-12-01T12:00:00Z',
    endsAt: '2026-12-22T12:00:00Z',
    moq: 30,
    ...change,
  });
}

/**
 * A data client answering these products' rows of public.availability_progress (each with its
 * progress), and nothing for any other read (stock, as on a shop with none).
 */
export function availabilityData(products: ProductAvailability[]): () => Promise<PublicData> {
  const answers: Record<string, unknown[]> = {
    availability_progress: products.map((a) => ({
      product_key: a.productKey,
      kind: a.kind,
      ships_from: a.shipsFrom,
      ships_by: a.shipsBy,
      cap: a.cap,
      starts_at: a.startsAt,
      ends_at: a.endsAt,
      moq: a.moq,
      units_paid: a.unitsPaid,
      units_held: a.unitsHeld,
    })),
  };
  const db = {
    from: (table: string) => ({
      select: () => Promise.resolve({ data: answers[table] ?? [], error: null }),
    }),
  };
  return () => Promise.resolve({ db } as unknown as PublicData);
}

/** Fills the store as if the shop had just answered these products. */
export async function loadAvailability(products: ProductAvailability[]): Promise<void> {
  availabilityStore.reset();
  await availabilityStore.load(availabilityData(products));
}
