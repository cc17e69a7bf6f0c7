// The shop's addresses outside the web app's hash routes (docs/decisions/0049-server-rendered-product-pages.md):
// the server answers them with whole pages, and the storefront links to them, so both build them
// here. Categories are named as the catalogue names them; the hash routes keep their own names.

/** Where the shop lives: every page and the web app's files are under it. */
export const SHOP_BASE_PATH = '/keebshop/';

/** The shop's three catalogues, in the order the navigation shows them. */
export const SHOP_CATEGORIES = ['keyboards', 'switches', 'accessories'] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export function isShopCategory(value: string): value is ShopCategory {
  return (SHOP_CATEGORIES as readonly string[]).includes(value);
}

/** A product's page: `/keebshop/products/mechanical-keyboard-pro`. */
export function productPath(urlKey: string): string {
  return `${SHOP_BASE_PATH}products/${encodeURIComponent(urlKey)}`;
}

/** The image chat apps and search engines show for a product: 1200x630 PNG. */
export function productImagePath(urlKey: string): string {
  return `${productPath(urlKey)}/preview.png`;
}

/** A category's page listing its products: `/keebshop/keyboards`. */
export function categoryPath(category: ShopCategory): string {
  return `${SHOP_BASE_PATH}${category}`;
}

/** The web app's list page of a category, with search, filters and compare. */
const LIST_ROUTES: Record<ShopCategory, string> = {
  keyboards: '#/keyboard',
  switches: '#/switches',
  accessories: '#/accessories',
};

/** A hash route of the web app, from a page outside it: `/keebshop/#/cart`. */
export function appPath(route: string): string {
  return `${SHOP_BASE_PATH}${route}`;
}

export function listPath(category: ShopCategory): string {
  return appPath(LIST_ROUTES[category]);
}
