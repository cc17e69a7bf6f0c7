import { lazy } from 'react';

// The page (with its CSS) is its own chunk, fetched when first rendered. The cart itself is shared
// state (src/web/state/cart-store.ts): the nav badge, the dialog and checkout use it too. The router
// may wrap CartPage in another React.lazy; that only adds a resolved promise, not a request.
export const CartPage = lazy(() => import('./CartPage.tsx'));
export type { CartPageProps } from './CartPage.tsx';
