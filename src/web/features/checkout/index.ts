import { lazy } from 'react';

// Both pages are their own chunks: the router already loads this index lazily, and the cart page
// must not pull in the confirmation page (or the other way round).
export const CartWithCheckout = lazy(() => import('./CartWithCheckout.tsx'));
export const OrderConfirmationPage = lazy(() => import('./OrderConfirmationPage.tsx'));
export { CHECKOUT_TEXT, CONFIRMATION_TEXT } from './texts.ts';
