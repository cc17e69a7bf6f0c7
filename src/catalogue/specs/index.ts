// Specification sheets (docs/product.md, Specifications and compare). Kept out of the catalogue's
// index so the home page's first-load chunk never carries them: import this module from lazy pages.
import type { Product } from '../types.ts';
import type { SpecsFor } from './types.ts';

export type * from './types.ts';
export {
  SPEC_FIELDS,
  allSpecRows,
  specRows,
  type SpecField,
  type SpecNames,
  type SpecRow,
} from './fields.ts';
export { REQUIRED_BY_ART } from './required.ts';
export { KEYBOARD_SIZES, HOT_SWAP_SOCKETS, KEYBOARD_LINKS, SWITCH_TYPES } from './values.ts';

/** A product's spec sheet: every product has one, of its category. */
export function specsOf<P extends Product>(product: P): SpecsFor<P['category']> {
  return product.specs as SpecsFor<P['category']>;
}
