/**
 * Where mailed links come back to: this page's own address without its route (the server puts
 * the session in the fragment, docs/decisions/0031-sessions-from-mailed-links.md), e.g.
 * `https://shop.example/keebshop/`.
 */
export function shopUrl(): string {
  return window.location.origin + window.location.pathname;
}
