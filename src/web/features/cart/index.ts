import { lazy } from 'react';

// The nav badge imports this index on every page, home included, so it must stay light: the store
// is tiny and the page (with its CSS) is its own chunk, fetched when first rendered. The router may
// wrap CartPage in another React.lazy; that only adds a resolved promise, not a request.
export { cartStore, useCart, useCartCount } from './cartStore.ts';
export const CartPage = lazy(() => import('./CartPage.tsx'));
export type { CartPageProps } from './CartPage.tsx';
