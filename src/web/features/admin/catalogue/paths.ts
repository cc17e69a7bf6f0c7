// The catalogue's back-office routes, in the hash: `#/admin/products` (the list, `?status=&q=`),
// `#/admin/products/new` and `#/admin/products/{key}`, the key URL-encoded ("keyboards%3A1").

export const PRODUCTS_PATH = '/admin/products';

export const productPath = (key: string) => `${PRODUCTS_PATH}/${encodeURIComponent(key)}`;

export type ProductsRoute = { view: 'list' } | { view: 'editor'; key: string | null };

/** The catalogue view a path names, or null when it is not one of the catalogue's. */
export function productsRoute(path: string): ProductsRoute | null {
  const match = /^\/admin\/products(?:\/([^/]+))?\/?$/.exec(path);
  if (!match) return null;
  if (!match[1]) return { view: 'list' };
  if (match[1] === 'new') return { view: 'editor', key: null };
  try {
    return { view: 'editor', key: decodeURIComponent(match[1]) };
  } catch {
    // A malformed escape names no product; the editor says so.
    return { view: 'editor', key: match[1] };
  }
}
