import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** Request headers the Supabase clients send (reference §1.2, §5.3), plus Range for pagination. */
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
}

/** CORS for the Supabase-compatible APIs: answers preflights with 204 and exposes what the clients read. */
export function apiCors(options: ApiCorsOptions = {}): MiddlewareHandler {
  const handler = cors({
    origin: options.origin ?? '*',
    allowHeaders: [...API_ALLOWED_HEADERS],
    allowMethods: [...API_ALLOWED_METHODS],
    exposeHeaders: [...API_EXPOSED_HEADERS],
    maxAge: options.maxAgeSeconds ?? 86_400,
  });
  return async function apiCorsMiddleware(c, next) {
    return handler(c, next);
  };
}
