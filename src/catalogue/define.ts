import { productKey } from './keys.ts';
import { priceToCents } from './money.ts';
import type { Product } from './types.ts';

/** A product as written in the data files: key and cents are derived, never typed by hand. */
export type ProductFacts<P extends Product> = Omit<P, 'category' | 'key' | 'priceCents'>;

/** Completes the products of one category with their category, key and price in cents. */
export function defineProducts<P extends Product>(
  category: P['category'],
  facts: readonly ProductFacts<P>[],
): readonly P[] {
  return facts.map(
    (f) =>
      ({ ...f, category, key: productKey(category, f.id), priceCents: priceToCents(f.price) }) as P,
  );
}
