// The catalogue's public API: the product types and rules, their lookups, money, ratings, cart
// rules and browse helpers. The products themselves are data (public.catalogue_products), read by
// the server and the storefront and turned into products by rows.ts (imported on its own, so
// pages that need no product rows never carry its schema).
export type * from './types.ts';
export { productKey, parseProductKey } from './keys.ts';
export { createCatalogue, EMPTY_CATALOGUE, type Catalogue } from './lookup.ts';
export * from './money.ts';
export * from './ratings.ts';
export * from './cart.ts';
export * from './product-name.ts';
export * from './browse.ts';
export * from './quantity.ts';
