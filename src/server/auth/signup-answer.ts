import type { Queryable } from '../db/types.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { madeUpUserJson, userJson, type UserRow } from './users.ts';

/** How a sign-up turned out: a new account, or an email that already has one. */
export type SignupOutcome =
  { created: UserRow } | { taken: string; metadata: Record<string, unknown>; now: Date };

/**
 * What POST /signup answers: the one place that decides it, so a new and a taken email look alike
 * where they must.
 *
 * Without email confirmation (AUTH_CONFIRM_EMAIL off, the default; docs/operations.md,
 * Contracts): a new email gets a session (signup.ts opens it) and a taken one 422
 * user_already_exists, as GoTrue answers with autoconfirm. Sign-ups are rate-limited per
 * client (auth/limits.ts), so the "taken" answer cannot be asked for in bulk.
 *
 * With email confirmation, both outcomes answer 200 with a user-shaped body and no session: for
 * a taken email, a made-up user (random id, the email, no identities, timestamps of now) and no
 * new account; for a new one, the unconfirmed user, whose confirmation mail is queued. The handler
 * hashes the password before looking the email up, so both take one hash's time
 * (docs/decisions/0030-auth-mail-flows.md).
 */
export async function signupAnswer(
  db: Queryable,
  outcome: SignupOutcome,
  confirmEmail: boolean,
): Promise<Record<string, unknown>> {
  if ('taken' in outcome) {
    if (!confirmEmail) throw authError('user_already_exists', AUTH_MESSAGES.userAlreadyExists);
    return madeUpUserJson(outcome.taken, outcome.metadata, outcome.now);
  }
  return userJson(db, outcome.created);
}
