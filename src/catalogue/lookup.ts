import { accessories } from './accessories.ts';
import { keyboards } from './keyboards.ts';
import { productKey } from './keys.ts';
import { switches } from './switches.ts';
import type { Accessory, Category, Keyboard, Product, ProductKey, Switch } from './types.ts';

const joinLists = (...lists: readonly (readonly Product[])[]): readonly Product[] => lists.flat();

/** All 54 products: keyboards, then switches, then accessories. */
// Marked pure so a bundle that only needs a helper from the catalogue leaves the data out.
export const catalogue: readonly Product[] = /* @__PURE__ */ joinLists(
  keyboards,
  switches,
  accessories,
);

// Built on first use, so a bundle that imports only a helper from this module drops the data.
let index: { byKey: Map<string, Product>; byName: Map<string, Product> } | undefined;
function lookups() {
  index ??= {
    byKey: new Map(catalogue.map((p) => [p.key, p])),
    byName: new Map(catalogue.map((p) => [p.name, p])),
  };
  return index;
}

type ProductOf<C extends Category> = C extends 'keyboards'
  ? Keyboard
  : C extends 'switches'
    ? Switch
    : Accessory;

/** The products of one category, in catalogue order. */
export function productsByCategory<C extends Category>(category: C): readonly ProductOf<C>[] {
  const lists = { keyboards, switches, accessories } as const;
  return lists[category] as readonly ProductOf<C>[];
}

/** The product with this category and id, if any. */
export function findProduct<C extends Category>(category: C, id: number): ProductOf<C> | undefined {
  return lookups().byKey.get(productKey(category, id)) as ProductOf<C> | undefined;
}

/** The product with this key ("switches:205"), if any; accepts any text so stored data can be checked. */
export function findProductByKey(key: ProductKey | string): Product | undefined {
  return lookups().byKey.get(key);
}

/** The product with exactly this name (names are unique across the catalogue), if any. */
export function findProductByName(name: string): Product | undefined {
  return lookups().byName.get(name);
}
