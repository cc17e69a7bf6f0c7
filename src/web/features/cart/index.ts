import { preloadable } from '../../lib/preloadable.tsx';

// The page (with its CSS) is its own chunk, fetched when first rendered. The cart itself is shared
// state (src/web/state/cart-store.ts): the nav badge, the dialog and checkout use it too. The router
// preloads it with the page that wraps it (web/app/routes.tsx), so it arrives in the same turn.
export const CartPage = preloadable(() => import('./CartPage.tsx').then((m) => m.default));
export type { CartPageProps } from './CartPage.tsx';
// In the first chunk: the app shows the empty cart while the page's chunk loads (app/page-frames.tsx).
export { EmptyCart } from './EmptyCart.tsx';
export { emptyCartText } from './empty-cart-text.ts';
