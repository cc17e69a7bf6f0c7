/** Stripe's error body: the SDK picks its error class from the HTTP status, then copies these fields. */
export type StripeErrorBody = {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error';
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
};

/** A header set to `full` on the 503 of a store whose disk is full (for the server: its own). */
export const STORAGE_FULL_HEADER = 'keebshop-sandbox-storage';

/** The one error type of the sandbox API, turned into `{ error: {...} }` with its status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 500 | 503,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }

  toJSON(): { error: StripeErrorBody } {
    return { error: this.body };
  }
}

function docUrl(code: string | undefined): { doc_url?: string } {
  return code
    ? { doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` }
    : {};
}

/** A 400 invalid_request_error naming the offending parameter. */
export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
    ...docUrl(code),
  });
}

export const apiErrors = {
  missing: (param: string) =>
    invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing'),
  empty: (param: string) =>
    invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a ` +
        `parameter; however '${param}' cannot be unset. You should remove '${param}' from your ` +
        `request or supply a non-empty value.`,
      param,
      'parameter_invalid_empty',
    ),
  unknown: (param: string) =>
    invalidRequest(
      `Received unknown parameter: ${param}. The payments sandbox does not support it.`,
      param,
      'parameter_unknown',
    ),
  integer: (param: string, value: unknown) =>
    invalidRequest(`Invalid integer: ${String(value)}`, param, 'parameter_invalid_integer'),
  noSuch: (kind: string, id: string, param: string) =>
    new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `No such ${kind}: '${id}'`,
      code: 'resource_missing',
      param,
      ...docUrl('resource_missing'),
    }),
  missingKey: () =>
    new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    }),
  badKey: (key: string) =>
    new StripeApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${maskKey(key)}`,
    }),
  unrecognizedUrl: (method: string, pathname: string) =>
    new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${pathname}). This is the Keebshop payments sandbox: it serves a subset of the Stripe API.`,
    }),
  idempotencyMismatch: (key: string) =>
    new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    }),
  unavailable: () =>
    new StripeApiError(503, {
      type: 'api_error',
      message: 'The payments sandbox cannot reach its storage right now. Try again in a moment.',
    }),
  storageFull: () =>
    new StripeApiError(503, {
      type: 'api_error',
      message: 'The payments sandbox cannot save right now: its disk is full.',
    }),
  internal: () =>
    new StripeApiError(500, {
      type: 'api_error',
      message: 'The payments sandbox hit an internal error. Its log has the details.',
    }),
};

// Stripe echoes only the end of a wrong key, so logs and screenshots never hold a whole one.
function maskKey(key: string): string {
  const visible = key.slice(-4);
  const prefix = key.startsWith('sk_test_') ? 'sk_test_' : '';
  return `${prefix}${'*'.repeat(Math.max(0, Math.min(24, key.length - prefix.length - 4)))}${visible}`;
}
