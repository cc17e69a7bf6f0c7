import type { Handler } from 'hono';
import { z } from 'zod';
import { readJson, validate, type AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import type { SignedIn } from './guards.ts';
import { checkUserMetadata } from './metadata.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { checkSentAt, codeIsValid, dropTokens, takeCode } from './mail-tokens.ts';
import { sendEmailChange, sendPasswordChanged } from './mails.ts';
import { endOtherSessions } from './sessions.ts';
import { findUserByEmail, findUserById, userJson } from './users.ts';
import { checkEmail, checkPassword } from './validation.ts';

// auth-js also sends code_challenge(_method) (null unless PKCE); accepted and unused.
const updateBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  /** The reauthentication code (GET /reauthenticate) a password change from an older session needs. */
  nonce: z.string().nullish(),
});

/**
 * Whether a password change from this session needs the mailed code: its sign-in is older than
 * AUTH_REAUTHENTICATE_AFTER (GoTrue's "recent sign-in" rule). Throws GoTrue's errors for a
 * missing or wrong code; a valid one is spent in the change's transaction.
 */
async function needsCode(
  ctx: AuthContext,
  userId: string,
  sessionId: string,
  nonce: string | null | undefined,
): Promise<string | undefined> {
  const after = ctx.settings.mail.reauthenticateAfterSeconds;
  if (after === 0) return undefined;
  const { rows } = await ctx.db.query<{ created_at: Date }>(
    'SELECT created_at FROM auth.sessions WHERE id = $1',
    [sessionId],
  );
  const signedInAt = rows[0] ? new Date(rows[0].created_at).getTime() : 0;
  if (ctx.now().getTime() - signedInAt <= after * 1000) return undefined;
  if (!nonce) throw authError('reauthentication_needed', AUTH_MESSAGES.reauthenticationNeeded);
  if (!(await codeIsValid(ctx, ctx.db, userId, nonce))) {
    throw authError('reauthentication_not_valid', AUTH_MESSAGES.nonceInvalid);
  }
  return nonce;
}

/** GET /user: the signed-in user (behind requireUser). */
export function getUserHandler(ctx: AuthContext): Handler<SignedIn> {
  return async function getUser(c) {
    const user = await findUserById(ctx.db, c.get('claims').sub);
    if (!user) throw authError('user_not_found', AUTH_MESSAGES.userNotFound);
    return c.json(await userJson(ctx.db, user));
  };
}

/**
 * PUT /user: changes the signed-in user's password or metadata, and asks for an email change: the
 * new address is pending (new_email) until the link mailed to it is followed (auth/verify.ts).
 * Behind requireUser and userUpdateRateLimit.
 */
export function updateUserHandler(ctx: AuthContext): Handler<SignedIn> {
  return async function updateUser(c) {
    const claims = c.get('claims');
    const body = validate(updateBody, await readJson(c));
    const current = await findUserById(ctx.db, claims.sub);
    if (!current) throw authError('user_not_found', AUTH_MESSAGES.userNotFound);
    // The metadata as it would be after the update (merged key by key, as jsonb || does).
    if (body.data) checkUserMetadata({ ...current.raw_user_meta_data, ...body.data });

    const email = body.email === undefined ? undefined : checkEmail(body.email);
    if (email !== undefined && email !== current.email) {
      const other = await findUserByEmail(ctx.db, email);
      if (other) throw authError('email_exists', AUTH_MESSAGES.emailExists);
    }
    // GoTrue's per-user interval between email-change mails (the caller is signed in).
    if (email !== undefined && email !== current.email)
      checkSentAt(ctx, current.email_change_sent_at);
    let hash: string | undefined;
    let code: string | undefined;
    if (body.password !== undefined) {
      checkPassword(body.password);
      code = await needsCode(ctx, current.id, claims.session_id, body.nonce);
      if (await verifyPassword(body.password, current.encrypted_password)) {
        throw authError('same_password', AUTH_MESSAGES.samePassword);
      }
      hash = await hashPassword(body.password);
    }

    const updated = await ctx.db
      .transaction(async (tx) => {
        const now = ctx.now();
        if (hash) {
          if (code && !(await takeCode(ctx, tx, current.id, code))) {
            throw authError('reauthentication_not_valid', AUTH_MESSAGES.nonceInvalid);
          }
          await tx.query(
            `UPDATE auth.users SET encrypted_password = $2, email_change = '',
               email_change_sent_at = NULL, updated_at = $3
             WHERE id = $1`,
            [current.id, hash, now],
          );
          // A new password also cancels a pending email change (the old address's notice says so).
          await dropTokens(tx, current.id, 'email_change_new');
          await endOtherSessions(tx, current.id, claims.session_id);
          await sendPasswordChanged(ctx, tx, current);
        }
        if (email !== undefined && email !== current.email) {
          await sendEmailChange(ctx, tx, current, email, c.req.query('redirect_to'));
        }
        if (body.data) {
          await tx.query(
            `UPDATE auth.users SET raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = $3
             WHERE id = $1`,
            [current.id, JSON.stringify(body.data), now],
          );
        }
        const row = await findUserById(tx, current.id);
        if (!row) throw authError('user_not_found', AUTH_MESSAGES.userNotFound);
        return userJson(tx, row);
      })
      .catch((err: unknown) => {
        const unique = (err as { code?: unknown } | null)?.code === '23505';
        throw unique ? authError('email_exists', AUTH_MESSAGES.emailExists) : err;
      });
    return c.json(updated);
  };
}
