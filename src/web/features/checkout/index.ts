import { lazy } from 'react';

// The router loads this index lazily (web/app puts useCheckout behind the cart page's button). The
// confirmation page is its own chunk: the cart page must not pull it in.
export { useCheckout } from './use-checkout.ts';
export const OrderConfirmationPage = lazy(() => import('./OrderConfirmationPage.tsx'));
export { CHECKOUT_TEXT, CONFIRMATION_TEXT } from './texts.ts';
