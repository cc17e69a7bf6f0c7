import { MAX_LINE_QUANTITY, type QuantityProblem } from '../../../catalogue/index.ts';

// User-facing texts of the quantity field and the pack chooser (docs/product.md, Quantities and
// packs), shared by the product dialog and the cart.
export const quantityText = {
  label: 'Quantity',
  problem: {
    empty: `Enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`,
    notWhole: `Enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
    tooSmall: 'The quantity must be at least 1.',
    tooLarge: `The most you can order of one item is ${MAX_LINE_QUANTITY}.`,
  } satisfies Record<QuantityProblem, string>,
  packsLabel: 'Packs',
  pack: (size: number) => `${size}`,
  packName: (size: number) => `Pack of ${size}`,
} as const;
