import type { Accessory, Category, Keyboard, Product, Switch } from './types.ts';

type ProductOf<C extends Category> = C extends 'keyboards'
  ? Keyboard
  : C extends 'switches'
    ? Switch
    : Accessory;

/**
 * The products the shop holds at one moment, as read from the database (docs/decisions/
 * 0045-catalogue-in-the-database.md), with their lookups. A new read makes a new catalogue; none
 * is ever changed in place.
 */
export interface Catalogue {
  /** Every product, keyboards, then switches, then accessories, each in the shop's order. */
  readonly products: readonly Product[];
  /** The products of one category, in the shop's order. */
  byCategory<C extends Category>(category: C): readonly ProductOf<C>[];
  /** The product with this key ("switches:205"), if any; accepts any text so stored data can be checked. */
  byKey(key: string): Product | undefined;
  /** The product with exactly this name (names are unique across the catalogue), if any. */
  byName(name: string): Product | undefined;
  /** The product at this address ("mechanical-keyboard-pro"), if any. */
  byUrlKey(urlKey: string): Product | undefined;
}

const CATEGORY_ORDER: readonly Category[] = ['keyboards', 'switches', 'accessories'];

/** A catalogue of these products, ordered by category and then as given. */
export function createCatalogue(products: readonly Product[]): Catalogue {
  const ordered = CATEGORY_ORDER.flatMap((c) => products.filter((p) => p.category === c));
  const lists = new Map(CATEGORY_ORDER.map((c) => [c, ordered.filter((p) => p.category === c)]));
  const byKey = new Map(ordered.map((p) => [p.key as string, p]));
  const byName = new Map(ordered.map((p) => [p.name, p]));
  const byUrlKey = new Map(ordered.map((p) => [p.urlKey, p]));
  return {
    products: ordered,
    byCategory: <C extends Category>(category: C) =>
      (lists.get(category) ?? []) as readonly Product[] as readonly ProductOf<C>[],
    byKey: (key) => byKey.get(key),
    byName: (name) => byName.get(name),
    byUrlKey: (urlKey) => byUrlKey.get(urlKey),
  };
}

/** The catalogue with no products (before the first read). */
export const EMPTY_CATALOGUE: Catalogue = /* @__PURE__ */ createCatalogue([]);
