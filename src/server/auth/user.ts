import type { Handler } from 'hono';
import { z } from 'zod';
import { readJson, validate, type AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import type { SignedIn } from './guards.ts';
import { checkUserMetadata } from './metadata.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { endOtherSessions } from './sessions.ts';
import { findUserByEmail, findUserById, identityData, userJson } from './users.ts';
import { checkEmail, checkPassword } from './validation.ts';

// auth-js also sends code_challenge(_method) (null unless PKCE); accepted and unused.
const updateBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

/** GET /user: the signed-in user (behind requireUser). */
export function getUserHandler(ctx: AuthContext): Handler<SignedIn> {
  return async function getUser(c) {
    const user = await findUserById(ctx.db, c.get('claims').sub);
    if (!user) throw authError('user_not_found', AUTH_MESSAGES.userNotFound);
    return c.json(await userJson(ctx.db, user));
  };
}

/** PUT /user: changes the signed-in user's email, password or metadata (behind requireUser). */
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
    let hash: string | undefined;
    if (body.password !== undefined) {
      checkPassword(body.password);
      if (await verifyPassword(body.password, current.encrypted_password)) {
        throw authError('same_password', AUTH_MESSAGES.samePassword);
      }
      hash = await hashPassword(body.password);
    }

    const updated = await ctx.db
      .transaction(async (tx) => {
        const now = ctx.now();
        if (email !== undefined && email !== current.email) {
          await tx.query('UPDATE auth.users SET email = $2, updated_at = $3 WHERE id = $1', [
            current.id,
            email,
            now,
          ]);
          await tx.query(
            `UPDATE auth.identities SET identity_data = $2, updated_at = $3
             WHERE user_id = $1 AND provider = 'email'`,
            [current.id, identityData(current.id, email), now],
          );
        }
        if (hash) {
          await tx.query(
            'UPDATE auth.users SET encrypted_password = $2, updated_at = $3 WHERE id = $1',
            [current.id, hash, now],
          );
          await endOtherSessions(tx, current.id, claims.session_id);
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
