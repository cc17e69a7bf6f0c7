import { pino } from 'pino';

// What the logs must never hold, whatever is logged: SQL text and bound parameters (emails,
// password hashes, token hashes ride in them), row values PostgreSQL quotes in an error's detail,
// and credentials (tokens, API keys, Authorization and Cookie headers, passwords). The logger
// applies these to every line (docs/operations.md, Security).

export const REDACTED = '[redacted]';

/** Dropped wherever they appear: PGlite's and pg's errors carry the statement and its values. */
const DROPPED_KEYS = new Set(['query', 'params', 'parameters', 'detail', 'internalquery']);

/** Kept as a key but with the value replaced: credentials. */
const SECRET_KEY =
  /^(authorization|proxy-authorization|apikey|api_key|x-api-key|cookie|set-cookie|password|new_password|current_password|encrypted_password|token|access_token|refresh_token|id_token|secret|client_secret|private_jwk|nonce)$/i;

/** A JWT (three base64url parts, the first an encoded JSON header) or a bearer credential. */
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi;
/** The publishable and secret keys this server and Stripe hand out. */
const API_KEY = /\b(sb_(publishable|secret)_|sk_(test|live)_|rk_(test|live)_|whsec_)[\w-]+/g;

/** PostgreSQL quotes a bad value at the end of a data exception's message (SQLSTATE class 22). */
const QUOTED_VALUE = /: ".*"$/s;
/** ...and a parameter's value in an error's context ("unnamed portal parameter $1 = '...'"). */
const PARAMETER_VALUE = /(parameter \$\d+ = )'(?:[^']|'')*'/g;

/** What each pattern above starts with: most log text has none, and is returned as it is. */
const MAYBE_SECRET = /eyJ|bearer|sb_|sk_|rk_|whsec_/i;

/** A string with tokens and API keys replaced. */
export function redactText(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  return text.replace(JWT, REDACTED).replace(BEARER, `$1${REDACTED}`).replace(API_KEY, REDACTED);
}

const MAX_DEPTH = 8;

/**
 * A copy of a log field fit to be written: SQL and parameters dropped, credentials replaced, at
 * any depth (nested causes, request headers, arrays). Errors are serialized first.
 */
export function redactLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (value instanceof Error) return serializeError(value, depth);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => redactLogValue(v, depth + 1));
  if (value instanceof Headers) return redactLogValue(Object.fromEntries(value), depth);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (DROPPED_KEYS.has(key.toLowerCase())) continue;
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactLogValue(v, depth + 1);
  }
  return out;
}

/** A data exception's message without the value it quotes: `...: "value"` becomes `...: [redacted]`. */
function withoutQuotedValue(message: string): string {
  return message.replace(QUOTED_VALUE, `: ${REDACTED}`);
}

/**
 * pino's error serializer (type, message, stack, own fields, cause) with the redaction above, and
 * without the values a database error quotes in its message, stack and context.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return redactLogValue(err, depth + 1);
  const serialized = pino.stdSerializers.errWithCause(err) as unknown as Record<string, unknown>;
  const out = redactLogValue(serialized, depth + 1) as Record<string, unknown>;
  const code = typeof out.code === 'string' ? out.code : '';
  if (/^22[0-9A-Z]{3}$/.test(code) && 'severity' in out) {
    if (typeof out.message === 'string') out.message = withoutQuotedValue(out.message);
    if (typeof out.stack === 'string') {
      const [first = '', ...rest] = out.stack.split('\n');
      out.stack = [withoutQuotedValue(first), ...rest].join('\n');
    }
  }
  if (typeof out.where === 'string')
    out.where = out.where.replace(PARAMETER_VALUE, `$1${REDACTED}`);
  return out;
}

/** A log line's fields, redacted; `err` is left to its serializer (serializeError). */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'err') out[key] = value;
    else if (!DROPPED_KEYS.has(key.toLowerCase())) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : redactLogValue(value);
    }
  }
  return out;
}
