import type { Queryable } from '../db/types.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { userJson, type UserRow } from './users.ts';

/** How a sign-up turned out: a new account, or an email that already has one. */
export type SignupOutcome = { created: UserRow } | { taken: string };

/**
 * What POST /signup answers: the one place that decides it, so a new and a taken email can be
 * made to look alike in one change.
 *
 * Today accounts need no email confirmation (docs/operations.md, Contracts): a new email gets the
 * bare, confirmed user (no session: log in next) and a taken one 422 user_already_exists, as
 * GoTrue answers with confirmation off. Sign-ups are rate-limited per client (auth/limits.ts), so
 * the "taken" answer cannot be asked for in bulk.
 *
 * With email confirmation (the mail work), both outcomes answer 200 with a user-shaped body and
 * no session: for a taken email, a made-up user (random id, the email, no identities, timestamps
 * of now) and no mail; for a new one, the unconfirmed user and a confirmation mail. The handler
 * must then also hash the password before looking the email up, so both take one hash's time.
 */
export async function signupAnswer(
  db: Queryable,
  outcome: SignupOutcome,
): Promise<Record<string, unknown>> {
  if ('taken' in outcome) throw authError('user_already_exists', AUTH_MESSAGES.userAlreadyExists);
  return userJson(db, outcome.created);
}
