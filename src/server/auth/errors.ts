import { HttpError } from '../http/errors.ts';

/** GoTrue's API version; auth-js reads error codes from bodies only when this header is present. */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/** Every error code /auth/v1 answers with (GoTrue's names) and its default HTTP status. */
export const AUTH_ERRORS = {
  bad_json: 400,
  validation_failed: 400,
  weak_password: 422,
  user_already_exists: 422,
  email_exists: 422,
  same_password: 422,
  invalid_credentials: 400,
  refresh_token_not_found: 400,
  refresh_token_already_used: 400,
  // 400 when a refresh token's session is gone, 401 for an access token's (see below).
  session_not_found: 400,
  user_not_found: 401,
  bad_jwt: 401,
  no_authorization: 401,
  no_api_key: 401,
  invalid_api_key: 401,
  over_request_rate_limit: 429,
  over_email_send_rate_limit: 429,
  otp_expired: 403,
  email_not_confirmed: 400,
  reauthentication_needed: 400,
  reauthentication_not_valid: 422,
  not_found: 404,
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

/**
 * Builds the error to throw: a body both auth-js parsers read (`code` with the version header,
 * `error_code`/`msg` without), e.g. {code, error_code, msg, message}.
 */
export function authError(
  code: AuthErrorCode,
  message: string,
  options: {
    status?: number;
    headers?: Record<string, string>;
    extra?: Record<string, unknown>;
  } = {},
): HttpError {
  return new HttpError(
    options.status ?? AUTH_ERRORS[code],
    { code, error_code: code, msg: message, message, ...options.extra },
    { [API_VERSION_HEADER]: API_VERSION, ...options.headers },
  );
}

/** The messages GoTrue sends, in one place so tests can assert them. */
export const AUTH_MESSAGES = {
  badJson: 'Could not parse request body as JSON',
  invalidCredentials: 'Invalid login credentials',
  userAlreadyExists: 'User already registered',
  emailExists: 'A user with this email address has already been registered',
  emailInvalid: 'Unable to validate email address: invalid format',
  emailRequired: 'An email address is required',
  emailTooLong: 'An email address is too long',
  weakPassword: (min: number) => `Password should be at least ${min} characters.`,
  samePassword: 'New password should be different from the old password.',
  refreshNotFound: 'Invalid Refresh Token: Refresh Token Not Found',
  refreshAlreadyUsed: 'Invalid Refresh Token: Already Used',
  sessionNotFound: 'Session from session_id claim in JWT does not exist',
  userNotFound: 'User from sub claim in JWT does not exist',
  noAuthorization: 'This endpoint requires a valid Bearer token',
  badJwt: 'invalid JWT: unable to parse or verify signature',
  noApiKey: 'No API key found in request',
  invalidApiKey: 'Invalid API key',
  rateLimited: 'Request rate limit reached',
  unsupportedGrant: 'unsupported_grant_type',
  notFound: 'Not found',
  emailRateLimited: 'email rate limit exceeded',
  sendInterval: (seconds: number) =>
    `For security purposes, you can only request this after ${seconds} seconds.`,
  linkExpired: 'Email link is invalid or has expired',
  emailNotConfirmed: 'Email not confirmed',
  verifyEmailFirst: 'Please verify your email first.',
  reauthenticationNeeded: 'Password update requires reauthentication',
  nonceInvalid: 'Nonce has expired or is invalid',
  recoverEmailRequired: 'Password recovery requires an email',
} as const;
