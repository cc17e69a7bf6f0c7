import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { AuthContext } from './context.ts';
import { issueAccessToken } from './tokens.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

/** What is stored of a refresh token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function newRefreshToken(
  tx: Queryable,
  session: { id: string; userId: string },
  parentId: number | null,
  now: Date,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.query(
    `INSERT INTO auth.refresh_tokens (token_hash, user_id, session_id, parent_id, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashToken(token), session.userId, session.id, parentId, now],
  );
  return token;
}

/** The session as GoTrue answers it; auth-js needs access_token, refresh_token, expires_in and user. */
export async function sessionJson(
  ctx: AuthContext,
  user: UserRow,
  session: { id: string; createdAt: Date; method?: SignInMethod },
  refreshToken: string,
  iss: string,
  userBody: Record<string, unknown>,
) {
  const access = await issueAccessToken(
    ctx.tokens,
    user,
    session.id,
    session.createdAt,
    iss,
    session.method,
  );
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: ctx.settings.jwtExpirySeconds,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: userBody,
  };
}

/** How a session began, as its access tokens' `amr` says: a password, or a mailed link or code. */
export type SignInMethod = 'password' | 'otp';

/** Opens a new session for a user who just proved their password. */
export async function startSession(ctx: AuthContext, userId: string, iss: string) {
  return ctx.db.transaction((tx) => openSession(ctx, tx, userId, iss, 'password'));
}

/** Opens a new session in the caller's transaction (a mailed link signs in with what it changes). */
export async function openSession(
  ctx: AuthContext,
  tx: Queryable,
  userId: string,
  iss: string,
  method: SignInMethod,
) {
  const now = ctx.now();
  const id = crypto.randomUUID();
  await tx.query(
    'INSERT INTO auth.sessions (id, user_id, created_at, updated_at) VALUES ($1, $2, $3, $3)',
    [id, userId, now],
  );
  await tx.query('UPDATE auth.users SET last_sign_in_at = $2 WHERE id = $1', [userId, now]);
  await tx.query('UPDATE auth.identities SET last_sign_in_at = $2 WHERE user_id = $1', [
    userId,
    now,
  ]);
  const refreshToken = await newRefreshToken(tx, { id, userId }, null, now);
  const user = await findUserById(tx, userId);
  if (!user) throw new Error('user vanished while signing in');
  const body = await userJson(tx, user);
  return sessionJson(ctx, user, { id, createdAt: now, method }, refreshToken, iss, body);
}

/**
 * Ends every session of a user but `keepSessionId` (a password change, as GoTrue does): their
 * refresh tokens go with them (ON DELETE CASCADE) and their access tokens are refused at the next
 * request, since every API confirms the token's session exists.
 */
export async function endOtherSessions(tx: Queryable, userId: string, keepSessionId: string) {
  await tx.query('DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2', [
    userId,
    keepSessionId,
  ]);
}
