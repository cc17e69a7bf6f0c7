// For component tests: the catalogue store as if the shop had answered, either at once (the
// fixture, src/catalogue/__fixtures__) or through the store's own read of a fake data client.
import { fixtureCatalogue, fixtureRows } from '../../catalogue/__fixtures__/catalogue.ts';
import type { Catalogue } from '../../catalogue/index.ts';
import type { PublicData } from '../lib/supabase.ts';
import { catalogueStore } from './catalogue-store.ts';

/** Holds `catalogue` (the fixture by default) as just read: pages show it on their first render. */
export function setCatalogue(catalogue: Catalogue = fixtureCatalogue): void {
  catalogueStore.reset();
  catalogueStore.set(catalogue);
}

/** What the fake data client answers to one read: rows, or an error it fails with. */
export type CatalogueAnswer = readonly unknown[] | Error;

/**
 * A data client whose reads of public.catalogue_products answer `answer()` (the fixture's rows by
 * default), counting them; for a session store's publicData or the store's load.
 */
export function fakeCatalogueData(
  answer: () => CatalogueAnswer | Promise<CatalogueAnswer> = () => fixtureRows,
): { publicData: () => Promise<PublicData>; reads: () => number } {
  let reads = 0;
  const respond = async () => {
    reads += 1;
    const rows = await answer();
    return rows instanceof Error
      ? { data: null, error: rows }
      : { data: JSON.parse(JSON.stringify(rows)) as unknown[], error: null };
  };
  // Other reads (stock, ratings) find nothing, as on a shop that has none stored.
  const nothing = { data: [], error: null };
  const db = {
    from: (table: string) =>
      table === 'catalogue_products'
        ? { select: () => ({ order: respond }) }
        : { select: () => Object.assign(Promise.resolve(nothing), { like: async () => nothing }) },
  };
  return {
    publicData: () => Promise.resolve({ db } as unknown as PublicData),
    reads: () => reads,
  };
}

/** The fixture's rows with one product's row changed (a new price, an archived product...). */
export function rowsWith(key: string, change: Record<string, unknown>): unknown[] {
  return fixtureRows.map((row) =>
    (row as { key: string }).key === key ? { ...(row as object), ...change } : row,
  );
}
