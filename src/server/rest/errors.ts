import { HttpError } from '../http/errors.ts';

/** The role a request runs as; it decides whether an insufficient privilege is 401 or 403. */
export type RequestRole = 'anon' | 'authenticated';

/** An error in PostgREST's shape `{code, details, hint, message}`. */
export function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(status, { code, details, hint, message }, headers);
}

/** 400 for a query string PostgREST could not parse (PGRST100). */
export function parseError(message: string, details: string | null = null): HttpError {
  return restError(400, 'PGRST100', message, details);
}

interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

/** Errors raised by Postgres itself (pg and PGlite both carry SQLSTATE `code` and `severity`). */
export function isDatabaseError(err: unknown): err is DatabaseErrorLike {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as Record<string, unknown>;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
}

/** PostgREST's table from SQLSTATE to HTTP status (docs "Errors": HTTP status codes). */
function statusOf(code: string, role: RequestRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    P0001: 400,
  };
  if (exact[code]) return exact[code];
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/** Turns a Postgres error into PostgREST's response: same code, message, detail and hint. */
export function fromDatabaseError(err: DatabaseErrorLike, role: RequestRole): HttpError {
  return restError(
    statusOf(err.code, role),
    err.code,
    err.message,
    err.detail ?? null,
    err.hint ?? null,
  );
}
