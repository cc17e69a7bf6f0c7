// Types that the web app and the server share. Both import this module; neither copies it.
export * from './confirm-checkout.ts';
export * from './order-status.ts';
