// Products as the server reads them (docs/decisions/0045-catalogue-in-the-database.md): straight
// from the database, only those a request names, at the moment it needs them. There is no cache:
// a price or status staff change is what the very next checkout on any instance sees, and reading
// a cart's few products is one indexed query. Photos are the storefront's: not read here.
import { createCatalogue, EMPTY_CATALOGUE, type Catalogue } from '../../catalogue/index.ts';
import { CATALOGUE_COLUMNS_WITHOUT_PHOTOS, readCatalogueRows } from '../../catalogue/rows.ts';
import type { Queryable } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';

/**
 * The products with these keys (every product when `keys` is 'all'), of every status: the server
 * reads as the tables' owner, and whether a product may be sold is the caller's rule. A row that
 * does not read as a product is left out and logged as a warning: the caller then finds no such
 * product, never a half-read one.
 */
export async function readCatalogue(
  db: Queryable,
  keys: readonly string[] | 'all',
  logger?: Pick<Logger, 'warn'>,
): Promise<Catalogue> {
  if (keys !== 'all' && keys.length === 0) return EMPTY_CATALOGUE;
  const { rows } = await db.query(
    `SELECT ${CATALOGUE_COLUMNS_WITHOUT_PHOTOS} FROM public.catalogue_products
     ${keys === 'all' ? '' : 'WHERE key = ANY($1::text[])'}
     ORDER BY position, key`,
    keys === 'all' ? [] : [[...keys]],
  );
  const { products, rejected } = readCatalogueRows(rows);
  for (const { key, reason } of rejected) {
    logger?.warn(
      { productKey: key, reason },
      'catalogue: left out a product row that does not read',
    );
  }
  return createCatalogue(products);
}

/**
 * The keys of the products named so now (names are unique), by name. Only for what was recorded
 * by name alone, before order lines carried their key: a product renamed since is not found.
 */
export async function productKeysByName(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const { rows } = await db.query<{ key: string; name: string }>(
    'SELECT key, name FROM public.products WHERE name = ANY($1::text[])',
    [[...new Set(names)]],
  );
  return new Map(rows.map((r) => [r.name, r.key]));
}
