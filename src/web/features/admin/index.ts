// The back office (docs/product.md, Back office): loaded lazily by the router, never on first load.
export { AdminPage } from './AdminPage.tsx';
export { ADMIN_TEXT } from './texts.ts';
