import type { MiddlewareHandler } from 'hono';
import { apiErrorBody } from './api-errors.ts';

export interface KnownHostOptions {
  /** PUBLIC_URL: when set, every link is built from it and the Host header is never used. */
  publicUrl: string | undefined;
  /** The Host headers answered without PUBLIC_URL, as `new URL().host` writes them (knownHosts). */
  allowedHosts: readonly string[];
}

/** A name that is no host to link to: listening on every interface. */
const ANY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);

/** The host part of a URL as `new URL()` writes it: lower case, IPv6 in brackets. */
export function urlHostname(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** `name:port` as a URL's host says it (no port when it is http's own, 80). */
const withPort = (name: string, port: number | undefined) =>
  new URL(`http://${urlHostname(name)}${port === undefined ? '' : `:${port}`}`).host;

/**
 * The Host headers the shop answers without PUBLIC_URL: this machine by `localhost`, `127.0.0.1`
 * and `[::1]` and the listen address (HOST, unless every interface) on the listen port alone, and
 * the ALLOWED_HOSTS names on it or without a port (a proxy in front on http's own). Any other name
 * or port may be another server: a link built from it would send shoppers there.
 */
export function knownHosts(options: {
  port: number;
  host: string;
  allowedHosts: readonly string[];
}): string[] {
  const local = ['localhost', '127.0.0.1', '::1', options.host]
    .filter((name) => !ANY_INTERFACE.has(urlHostname(name)))
    .map((name) => withPort(name, options.port));
  const named = options.allowedHosts.flatMap((name) => [
    withPort(name, options.port),
    withPort(name, undefined),
  ]);
  return [...new Set([...local, ...named])];
}

/**
 * Without PUBLIC_URL the page's config, the token issuer and the checkout's return URLs follow the
 * request's Host: answer only for the known hosts (knownHosts), and 400 for any other Host, so a
 * forged one never becomes a link (docs/decisions/0018-public-origin-and-host-allow-list.md).
 * /healthz answers whatever the Host: it builds no link, and monitors call instances by address.
 */
export function requireKnownHost(options: KnownHostOptions): MiddlewareHandler {
  const allowed = new Set(options.allowedHosts);
  return async function knownHost(c, next) {
    if (options.publicUrl !== undefined || c.req.path === '/healthz') return next();
    const host = new URL(c.req.url).host;
    if (allowed.has(host)) return next();
    const { body, headers } = apiErrorBody(
      c.req.path,
      'unknown_host',
      `Unknown host ${JSON.stringify(host)}: set PUBLIC_URL, or add the host to ALLOWED_HOSTS`,
    );
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.json(body, 400);
  };
}
