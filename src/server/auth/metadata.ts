import { authError } from './errors.ts';

/** The most `user_metadata` a user may hold, serialized as JSON (UTF-8 bytes). */
export const MAX_USER_METADATA_BYTES = 8 * 1024;

/**
 * Throws 422 validation_failed when `metadata` (what the user would hold afterwards) is larger than
 * MAX_USER_METADATA_BYTES: it comes back with every sign-in and every /user answer, so an unbounded
 * one fills the database and slows every request of that user.
 */
export function checkUserMetadata(metadata: Record<string, unknown>): void {
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw authError(
      'validation_failed',
      `User metadata must be at most ${MAX_USER_METADATA_BYTES} bytes as JSON (got ${bytes})`,
      { status: 422 },
    );
  }
}
