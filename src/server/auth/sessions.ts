import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { issueAccessToken } from './tokens.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
async function sessionJson(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  session: { id: string; createdAt: Date; method?: SignInMethod },
  refreshToken: string,
  iss: string,
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
    user: await userJson(tx, user),
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
  return sessionJson(ctx, tx, user, { id, createdAt: now, method }, refreshToken, iss);
}

interface TokenRow {
  id: number;
  session_id: string;
  user_id: string;
  revoked: boolean;
  revoked_at: Date | null;
}

/**
 * Exchanges a refresh token for a new session, rotating it. A token already rotated within the
 * reuse interval (another tab refreshing at the same moment) still yields a session of the same
 * login; later, reuse means the token leaked, so the whole session is revoked.
 */
export async function refreshSession(ctx: AuthContext, token: string, iss: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const found = await tx.query<TokenRow>(
      'SELECT id, session_id, user_id, revoked, revoked_at FROM auth.refresh_tokens WHERE token_hash = $1',
      [hashToken(token)],
    );
    const row = found.rows[0];
    if (!row) return { error: 'refresh_token_not_found' as const };
    // Serialises concurrent refreshes of one session.
    const session = await tx.query<{ id: string; created_at: Date }>(
      'SELECT id, created_at FROM auth.sessions WHERE id = $1 FOR UPDATE',
      [row.session_id],
    );
    const sessionRow = session.rows[0];
    if (!sessionRow) return { error: 'session_not_found' as const };
    const fresh = await tx.query<{ revoked: boolean; revoked_at: Date | null }>(
      'SELECT revoked, revoked_at FROM auth.refresh_tokens WHERE id = $1',
      [row.id],
    );
    const state = fresh.rows[0] ?? row;
    if (state.revoked) {
      const revokedAt = state.revoked_at ? new Date(state.revoked_at).getTime() : 0;
      if (now.getTime() - revokedAt > ctx.settings.refreshReuseSeconds * 1000) {
        await tx.query('DELETE FROM auth.sessions WHERE id = $1', [row.session_id]);
        return { error: 'refresh_token_already_used' as const };
      }
    } else {
      await tx.query(
        'UPDATE auth.refresh_tokens SET revoked = true, revoked_at = $2 WHERE id = $1',
        [row.id, now],
      );
    }
    await tx.query('UPDATE auth.sessions SET refreshed_at = $2, updated_at = $2 WHERE id = $1', [
      row.session_id,
      now,
    ]);
    const user = await findUserById(tx, row.user_id);
    if (!user) return { error: 'session_not_found' as const };
    const next = await newRefreshToken(
      tx,
      { id: row.session_id, userId: row.user_id },
      row.id,
      now,
    );
    return {
      session: await sessionJson(
        ctx,
        tx,
        user,
        { id: sessionRow.id, createdAt: sessionRow.created_at },
        next,
        iss,
      ),
    };
  });
  // The revocation above is committed before the error is thrown.
  if (result.session) return result.session;
  const messages = {
    refresh_token_already_used: AUTH_MESSAGES.refreshAlreadyUsed,
    session_not_found: AUTH_MESSAGES.sessionNotFound,
    refresh_token_not_found: AUTH_MESSAGES.refreshNotFound,
  } as const;
  const code = result.error ?? 'refresh_token_not_found';
  throw authError(code, messages[code]);
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
