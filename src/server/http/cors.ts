import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * Request headers the official clients send (auth-js, postgrest-js and functions-js: the key, the
 * token, the client's name, the API version, the schema profiles, `Prefer` and the retry count),
 * plus Range for pagination and a request id; docs/api-compatibility.md lists what each client
 * relies on.
 */
export const API_ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'prefer',
  'x-retry-count',
  'range',
  'range-unit',
  'x-request-id',
] as const;

/**
 * Response headers the clients must be able to read: counts, auth error codes, profiles, and when
 * to try again after a 503.
 */
export const API_EXPOSED_HEADERS = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'Content-Profile',
  'Range-Unit',
  'Preference-Applied',
  'X-Request-Id',
  'Retry-After',
] as const;

export const API_ALLOWED_METHODS = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
] as const;

export interface ApiCorsOptions {
  /** Origins allowed to call the API; `*` (the default, as on Supabase) allows any. */
  origin?: string | string[];
  /** How long browsers may cache a preflight answer, in seconds. */
  maxAgeSeconds?: number;
  /** Request headers one API's client sends besides the shared ones (storage-js: x-upsert...). */
  extraAllowedHeaders?: readonly string[];
}

/** CORS for the Supabase-compatible APIs: answers preflights with 204 and exposes what the clients read. */
export function apiCors(options: ApiCorsOptions = {}): MiddlewareHandler {
  const origin = options.origin ?? '*';
  const preflight = cors({
    origin,
    allowHeaders: [...API_ALLOWED_HEADERS, ...(options.extraAllowedHeaders ?? [])],
    allowMethods: [...API_ALLOWED_METHODS],
    exposeHeaders: [...API_EXPOSED_HEADERS],
    maxAge: options.maxAgeSeconds ?? 86_400,
  });
  const exposed = API_EXPOSED_HEADERS.join(',');
  const allowedOrigin = (requestOrigin: string): string | null => {
    if (origin === '*') return '*';
    const allowed = typeof origin === 'string' ? [origin] : origin;
    return allowed.includes(requestOrigin) ? requestOrigin : null;
  };
  // Preflights are hono's cors. Other requests get the same headers as hono's would give them, but
  // once the handler answered: hono's sets them on a response made before the handler runs, which
  // makes the handler's answer a copy around its body (a web stream, read back chunk by chunk).
  return async function apiCorsMiddleware(c, next) {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const allow = allowedOrigin(c.req.header('origin') ?? '');
    if (allow) c.header('Access-Control-Allow-Origin', allow);
    c.header('Access-Control-Expose-Headers', exposed);
    if (origin !== '*') c.header('Vary', 'Origin', { append: true });
  };
}
