import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export interface SecurityHeadersOptions {
  /** Origins the page may fetch from besides its own (e.g. a payment provider's API). */
  connectSrc?: string[];
  /** Origins forms may post to besides the app's own. */
  formAction?: string[];
  /** Origins that may be framed by the page (e.g. a payment provider's widget). */
  frameSrc?: string[];
  /** Inline scripts the page may run, by hash ('sha256-…'): index.html's route preload. */
  scriptHashes?: string[];
  /** Inline <style> elements allowed, by hash: the product pages' styles. */
  styleHashes?: string[];
}

/**
 * The Content-Security-Policy of the app. No inline script runs but those allowed by hash (the
 * route preload the build puts in index.html, hashed by the server from the file it serves); never
 * 'unsafe-inline'; the product pages' inline styles likewise by hash. The app-config tag is `type="application/json"`, which browsers treat as data,
 * so it needs no hash or nonce.
 */
export function contentSecurityPolicy(options: SecurityHeadersOptions = {}): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(options.scriptHashes ?? [])]],
    ['style-src', ["'self'", ...(options.styleHashes ?? [])]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(options.connectSrc ?? [])]],
    ['frame-src', options.frameSrc?.length ? options.frameSrc : ["'none'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...(options.formAction ?? [])]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Security headers on every response: CSP, nosniff, referrer policy, COOP, no framing. */
export function securityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler {
  const csp = contentSecurityPolicy(options);
  const handler = secureHeaders({
    // Set by hand below: hono's structured CSP option would not let us keep one source of truth.
    contentSecurityPolicy: undefined,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    // The APIs are called cross-origin by design (CORS decides); CORP would only block no-cors loads.
    crossOriginResourcePolicy: 'cross-origin',
    xContentTypeOptions: 'nosniff',
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  });
  return async function securityHeadersMiddleware(c, next) {
    await handler(c, next);
    c.header('Content-Security-Policy', csp);
  };
}
