// Types and schemas the web app and the server share. Both import this module; neither copies it.
export * from './functions/index.ts';
export * from './order-status.ts';
export * from './order-tax.ts';
export * from './availability.ts';
export * from './order-lifecycle.ts';
