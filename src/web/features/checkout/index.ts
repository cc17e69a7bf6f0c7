import { preloadable } from '../../lib/preloadable.tsx';

// The router loads this index lazily (web/app puts useCheckout behind the cart page's button). The
// confirmation page is its own chunk: the cart page must not pull it in.
export { useCheckout } from './use-checkout.ts';
export { useCancelledCheckout } from './use-cancelled-checkout.ts';
export const OrderConfirmationPage = preloadable(() =>
  import('./OrderConfirmationPage.tsx').then((m) => m.default),
);
export { CHECKOUT_TEXT, CONFIRMATION_TEXT } from './texts.ts';
