// Specification sheets (docs/product.md, Specifications and compare). Kept out of the catalogue's
// index so the home page's first-load chunk never carries them: import this module from lazy pages.
import { parseProductKey } from '../keys.ts';
import { findProduct } from '../lookup.ts';
import type { Category, Product, ProductKey } from '../types.ts';
import { accessorySpecs } from './accessories.ts';
import { keyboardSpecs } from './keyboards.ts';
import { switchSpecs } from './switches.ts';
import type {
  AccessorySpecs,
  KeyboardSpecs,
  ProductSpecs,
  SpecsFor,
  SwitchSpecs,
} from './types.ts';

export type * from './types.ts';
export { SPEC_FIELDS, allSpecRows, specRows, type SpecField, type SpecRow } from './fields.ts';
export { REQUIRED_BY_ART } from './accessories.ts';
export { KEYBOARD_SIZES, HOT_SWAP_SOCKETS, KEYBOARD_LINKS, SWITCH_TYPES } from './values.ts';

/**
 * A product's spec sheet. Given a product, the sheet of its category (every product has one, a unit
 * test checks it); given a key, the sheet or undefined for a key that names no product.
 */
export function specsOf<P extends Product>(product: P): SpecsFor<P['category']>;
export function specsOf(key: `keyboards:${number}`): KeyboardSpecs | undefined;
export function specsOf(key: `switches:${number}`): SwitchSpecs | undefined;
export function specsOf(key: `accessories:${number}`): AccessorySpecs | undefined;
export function specsOf(key: ProductKey | string): ProductSpecs | undefined;
export function specsOf(keyOrProduct: string | Product): ProductSpecs | undefined {
  if (typeof keyOrProduct !== 'string') return sheet(keyOrProduct.category, keyOrProduct.id);
  const parsed = parseProductKey(keyOrProduct);
  if (!parsed) return undefined;
  return sheet(parsed.category, parsed.id);
}

function sheet(category: Category, id: number): ProductSpecs | undefined {
  switch (category) {
    case 'keyboards': {
      const data = keyboardSpecs[id];
      return data && { category, ...data };
    }
    case 'switches': {
      const data = switchSpecs[id];
      const product = findProduct('switches', id);
      return data && product?.category === 'switches'
        ? { category, type: product.type, ...data }
        : undefined;
    }
    case 'accessories': {
      const data = accessorySpecs[id];
      return data && { category, ...data };
    }
  }
}
