import type { MiddlewareHandler } from 'hono';
import { apiErrorBody } from './api-errors.ts';

export interface KnownHostOptions {
  /** PUBLIC_URL: when set, every link is built from it and the Host header is never used. */
  publicUrl: string | undefined;
  /** Host names answered besides loopback: the listen address and ALLOWED_HOSTS. */
  allowedHosts: readonly string[];
}

/** A name that is no host to link to: listening on every interface. */
const ANY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);

/** The host part of a URL as `new URL()` writes it: lower case, IPv6 in brackets. */
export function urlHostname(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: only this machine can be reached by them. */
export function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Without PUBLIC_URL the page's config, the token issuer and the checkout's return URLs follow the
 * request's Host: answer only for loopback and the allowed names, and 400 for any other Host, so a
 * forged one never becomes a link (docs/decisions/0018-public-origin-and-host-allow-list.md).
 * /healthz answers whatever the Host: it builds no link, and monitors call instances by address.
 */
export function requireKnownHost(options: KnownHostOptions): MiddlewareHandler {
  const allowed = new Set(
    options.allowedHosts.map(urlHostname).filter((name) => !ANY_INTERFACE.has(name)),
  );
  return async function knownHost(c, next) {
    if (options.publicUrl !== undefined || c.req.path === '/healthz') return next();
    const hostname = new URL(c.req.url).hostname;
    if (isLoopback(hostname) || allowed.has(hostname)) return next();
    const { body, headers } = apiErrorBody(
      c.req.path,
      'unknown_host',
      `Unknown host ${JSON.stringify(hostname)}: set PUBLIC_URL, or add the host to ALLOWED_HOSTS`,
    );
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.json(body, 400);
  };
}
