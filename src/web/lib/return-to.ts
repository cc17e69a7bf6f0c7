// Where login sends the shopper back to (docs/product.md, Login;
// docs/decisions/0028-quantities-and-return-to-cart.md). Only an internal hash route is kept:
// anything else (another site, a script URL, login itself) falls back to home.

/** The query parameter of `#/login` that names the route to go back to. */
export const RETURN_TO_PARAM = 'returnTo';

// A route path of letters and digits, e.g. `/cart` or `/orderHistory`: no scheme, no host, no
// query, nothing a browser could read as another address.
const ROUTE = /^\/[A-Za-z][A-Za-z0-9]{0,39}$/;
const NEVER = new Set(['/login', '/signup']);

/** The login route that comes back to `path` after a successful login. */
export function loginReturningTo(path: string): string {
  return `/login?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`;
}

/** The route to go to after login: `value` when it is a safe internal route, else `/`. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !ROUTE.test(value) || NEVER.has(value.toLowerCase())) return '/';
  return value;
}
