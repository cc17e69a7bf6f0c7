// Every link a mail carries starts at the shop's site URL (PUBLIC_URL), never at a request's Host.

/** The shop page at `hashRoute` (e.g. `/orders`), under `siteUrl`. */
export function shopLink(siteUrl: string, hashRoute: string): string {
  return `${siteUrl}/keebshop/#${hashRoute}`;
}
