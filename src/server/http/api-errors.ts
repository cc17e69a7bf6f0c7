/**
 * Each API under the server answers errors in the shape its official client parses: PostgREST's
 * `{code, details, hint, message}` for /rest/v1, GoTrue's `{code, error_code, msg, message}` for
 * /auth/v1, Storage's `{statusCode, code, error, message}` for /storage/v1, and a plain
 * `{error, message}` elsewhere (functions, web). Cross-cutting middleware
 * (body limit, malformed JSON, not found, crashes, the database unavailable) uses this so a client
 * never sees a foreign shape.
 */
export type ApiKind = 'rest' | 'auth' | 'storage' | 'functions' | 'other';

/** Which API a request path belongs to. */
export function apiKindOf(path: string): ApiKind {
  if (path === '/rest/v1' || path.startsWith('/rest/v1/')) return 'rest';
  if (path === '/auth/v1' || path.startsWith('/auth/v1/')) return 'auth';
  if (path === '/storage/v1' || path.startsWith('/storage/v1/')) return 'storage';
  if (path === '/functions/v1' || path.startsWith('/functions/v1/')) return 'functions';
  return 'other';
}

/** GoTrue clients read the code only when this response header says the API version. */
export const AUTH_API_VERSION = '2024-01-01';

/** Stable codes for the errors raised by the middleware itself, mapped per API below. */
export type CrossCuttingError =
  | 'payload_too_large'
  | 'bad_json'
  | 'unknown_host'
  | 'not_found'
  | 'internal'
  | 'database_unavailable'
  | 'storage_full';

const REST_CODES: Record<CrossCuttingError, string> = {
  payload_too_large: 'PGRST413',
  bad_json: 'PGRST102',
  unknown_host: 'PGRST100',
  not_found: 'PGRST125',
  internal: 'PGRST500',
  // PostgREST's "could not connect with the database server", and the SQLSTATE of a full disk.
  database_unavailable: 'PGRST000',
  storage_full: '53100',
};

const AUTH_CODES: Record<CrossCuttingError, string> = {
  payload_too_large: 'request_too_large',
  bad_json: 'bad_json',
  unknown_host: 'validation_failed',
  not_found: 'not_found',
  internal: 'unexpected_failure',
  database_unavailable: 'database_unavailable',
  storage_full: 'storage_full',
};

/** Storage's body statusCode and code for each (the body carries the status as a string). */
const STORAGE_CODES: Record<CrossCuttingError, [string, string]> = {
  payload_too_large: ['413', 'EntityTooLarge'],
  bad_json: ['400', 'InvalidRequest'],
  unknown_host: ['400', 'InvalidRequest'],
  not_found: ['404', 'InvalidRequest'],
  internal: ['500', 'InternalError'],
  database_unavailable: ['503', 'DatabaseError'],
  storage_full: ['503', 'DatabaseError'],
};

/** The body and extra headers of a cross-cutting error, in the shape of the API at `path`. */
export function apiErrorBody(
  path: string,
  error: CrossCuttingError,
  message: string,
): { body: Record<string, unknown>; headers: Record<string, string> } {
  switch (apiKindOf(path)) {
    case 'rest':
      return { body: { code: REST_CODES[error], details: null, hint: null, message }, headers: {} };
    case 'auth': {
      const code = AUTH_CODES[error];
      return {
        body: { code, error_code: code, msg: message, message },
        headers: { 'X-Supabase-Api-Version': AUTH_API_VERSION },
      };
    }
    case 'storage': {
      const [statusCode, code] = STORAGE_CODES[error];
      return { body: { statusCode, code, error, message }, headers: {} };
    }
    default:
      return { body: { error: error, message }, headers: {} };
  }
}
