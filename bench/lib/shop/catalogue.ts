// The catalogue load and crash runs buy from: the shop's own, read through the data API as the
// storefront reads it (public.catalogue_products), so carts name only what the shop sells now.
import { createCatalogue, type Catalogue } from '../../../src/catalogue/index.ts';
import { CATALOGUE_COLUMNS, readCatalogueRows } from '../../../src/catalogue/rows.ts';

/** The data API path of every product a visitor sees, in the shop's order. */
export const CATALOGUE_PATH = `/rest/v1/catalogue_products?select=${CATALOGUE_COLUMNS}&order=position`;

/** The published catalogue of the shop at `origin`; throws on any other answer or a bad row. */
export async function shopCatalogue(origin: string, anonKey: string): Promise<Catalogue> {
  const res = await fetch(`${origin}${CATALOGUE_PATH}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`GET ${CATALOGUE_PATH}: HTTP ${res.status}`);
  const { products, rejected } = readCatalogueRows((await res.json()) as unknown[]);
  if (rejected.length > 0) throw new Error(`unreadable products: ${JSON.stringify(rejected)}`);
  return createCatalogue(products);
}
