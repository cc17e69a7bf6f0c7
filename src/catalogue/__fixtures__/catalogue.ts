// The catalogue the shop started with, as rows of public.catalogue_products: the first data of
// supabase/migrations/20261128130000_catalogue_products.sql, which a test checks it against. For
// tests that need products without a database.
import { createCatalogue, type Catalogue } from '../lookup.ts';
import { readCatalogueRows } from '../rows.ts';
import type { Accessory, Keyboard, Product, Switch } from '../types.ts';
import rows from './catalogue-rows.json' with { type: 'json' };

export const fixtureRows: readonly unknown[] = rows;

const read = readCatalogueRows(rows);
if (read.rejected.length > 0) throw new Error(`Bad fixture rows: ${JSON.stringify(read.rejected)}`);

export const fixtureCatalogue: Catalogue = createCatalogue(read.products);
export const fixtureProducts: readonly Product[] = fixtureCatalogue.products;
export const keyboards: readonly Keyboard[] = fixtureCatalogue.byCategory('keyboards');
export const switches: readonly Switch[] = fixtureCatalogue.byCategory('switches');
export const accessories: readonly Accessory[] = fixtureCatalogue.byCategory('accessories');

/** The fixture product with this key; throws for a key it lacks (a test's typo). */
export function fixtureProduct(key: string): Product {
  const product = fixtureCatalogue.byKey(key);
  if (!product) throw new Error(`No fixture product ${key}`);
  return product;
}

/** What a test writes of a product: the rest (key, cents, address, variants, status) is derived. */
export type ProductFacts<P extends Product> = Omit<
  P,
  'category' | 'key' | 'priceCents' | 'urlKey' | 'variants' | 'photos' | 'status' | 'specs'
> &
  Partial<Pick<P, 'specs' | 'status'>>;

/** Small made-up products of one category for tests, published, with an empty sheet by default. */
export function makeProducts<P extends Product>(
  category: P['category'],
  facts: readonly ProductFacts<P>[],
): P[] {
  return facts.map(
    (f) =>
      ({
        status: 'published',
        specs: { category },
        ...f,
        category,
        key: `${category}:${f.id}`,
        priceCents: Math.round(f.price * 100),
        urlKey: `${category}-${f.id}`,
        variants: f.availableColors.map((color) => ({ color, sku: `T-${f.id}-${color}` })),
        photos: [],
      }) as unknown as P,
  );
}
