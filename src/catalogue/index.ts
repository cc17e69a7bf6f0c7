// The catalogue's public API: products and their lookups, money, ratings, cart rules, browse helpers.
export type * from './types.ts';
export { keyboards } from './keyboards.ts';
export { switches } from './switches.ts';
export { accessories } from './accessories.ts';
export { productKey, parseProductKey } from './keys.ts';
export {
  catalogue,
  productsByCategory,
  findProduct,
  findProductByKey,
  findProductByName,
} from './lookup.ts';
export * from './money.ts';
export * from './ratings.ts';
export * from './cart.ts';
export * from './product-name.ts';
export * from './browse.ts';
export * from './quantity.ts';
