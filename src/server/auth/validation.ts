import { authError, AUTH_MESSAGES } from './errors.ts';
import { normalizeEmail } from './users.ts';

export const MIN_PASSWORD_LENGTH = 8;
// Long enough for any passphrase, short enough that hashing stays cheap to refuse.
export const MAX_PASSWORD_LENGTH = 1024;

// What GoTrue accepts, in short: local@domain.tld, no spaces, at most 255 characters.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Returns the normalized email, or throws 400 validation_failed with GoTrue's messages. */
export function checkEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (normalized === '') throw authError('validation_failed', AUTH_MESSAGES.emailRequired);
  if (normalized.length > 255) throw authError('validation_failed', AUTH_MESSAGES.emailTooLong);
  if (!EMAIL.test(normalized)) throw authError('validation_failed', AUTH_MESSAGES.emailInvalid);
  return normalized;
}

/** Throws 422 weak_password (with weak_password.reasons) under the minimum length. */
export function checkPassword(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    const message = AUTH_MESSAGES.weakPassword(MIN_PASSWORD_LENGTH);
    throw authError('weak_password', message, {
      extra: { weak_password: { reasons: ['length'], message } },
    });
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw authError(
      'validation_failed',
      `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
}
