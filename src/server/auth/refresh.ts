import { randomBytes } from 'node:crypto';
import type { Database, QueryResult, Statement } from '../db/types.ts';
import type { AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { hashToken, sessionJson } from './sessions.ts';
import { userJsonWith, type IdentityRow, type UserRow } from './users.ts';

// A refresh is one batch: on PostgreSQL one round trip (db.batch), the statements in one
// transaction, each with its own snapshot (READ COMMITTED) as when they were sent one by one. Every
// statement finds the presented token by its hash and does its part only when the state the ones
// before it left calls for it, so the branches of the rotation need no answer in between:
//
// 1. the token exists (else refresh_token_not_found, nothing written);
// 2. its session, locked: refreshes of one session run one after another (else session_not_found);
// 3. a live token is revoked (rotated), stamped now;
// 4. a token revoked longer ago than the reuse interval was leaked: its session is deleted (with
//    every token of it), committed, and the answer is refresh_token_already_used;
// 5. otherwise the session is stamped refreshed (a token revoked within the interval is another
//    tab refreshing at the same moment: it gets a session of the same login too);
// 6. the next token is stored as the presented one's child, if the user still exists;
// 7-8. the user and identities the answer carries, found through the token just stored.
const SESSION_OF_TOKEN = '(SELECT session_id FROM auth.refresh_tokens WHERE token_hash = $1)';
const USER_OF_TOKEN = '(SELECT user_id FROM auth.refresh_tokens WHERE token_hash = $1)';

function statements(hash: string, now: Date, reuseSeconds: number, nextHash: string): Statement[] {
  return [
    { sql: 'SELECT id FROM auth.refresh_tokens WHERE token_hash = $1', params: [hash] },
    {
      sql: `SELECT id, created_at FROM auth.sessions WHERE id = ${SESSION_OF_TOKEN} FOR UPDATE`,
      params: [hash],
    },
    {
      sql: `UPDATE auth.refresh_tokens SET revoked = true, revoked_at = $2
              WHERE token_hash = $1 AND NOT revoked`,
      params: [hash, now],
    },
    {
      sql: `DELETE FROM auth.sessions WHERE id = (
              SELECT session_id FROM auth.refresh_tokens
               WHERE token_hash = $1 AND revoked
                 AND (revoked_at IS NULL OR revoked_at < $2::timestamptz - make_interval(secs => $3)))`,
      params: [hash, now, reuseSeconds],
    },
    {
      sql: `UPDATE auth.sessions SET refreshed_at = $2, updated_at = $2 WHERE id = ${SESSION_OF_TOKEN}`,
      params: [hash, now],
    },
    {
      sql: `INSERT INTO auth.refresh_tokens (token_hash, user_id, session_id, parent_id, created_at)
            SELECT $3::text, t.user_id, t.session_id, t.id, $2::timestamptz
              FROM auth.refresh_tokens t JOIN auth.users u ON u.id = t.user_id
             WHERE t.token_hash = $1`,
      params: [hash, now, nextHash],
    },
    { sql: `SELECT * FROM auth.users WHERE id = ${USER_OF_TOKEN}`, params: [nextHash] },
    {
      sql: `SELECT * FROM auth.identities WHERE user_id = ${USER_OF_TOKEN} ORDER BY created_at`,
      params: [nextHash],
    },
  ];
}

async function runBatch(db: Database, batch: Statement[]): Promise<QueryResult[]> {
  if (db.batch) return db.batch(batch);
  return db.transaction(async (tx) => {
    const results: QueryResult[] = [];
    for (const s of batch) results.push(await tx.query(s.sql, s.params));
    return results;
  });
}

const MESSAGES = {
  refresh_token_already_used: AUTH_MESSAGES.refreshAlreadyUsed,
  session_not_found: AUTH_MESSAGES.sessionNotFound,
  refresh_token_not_found: AUTH_MESSAGES.refreshNotFound,
} as const;

/**
 * Exchanges a refresh token for a new session, rotating it. A token already rotated within the
 * reuse interval (another tab refreshing at the same moment) still yields a session of the same
 * login; later, reuse means the token leaked, so the whole session is revoked.
 */
export async function refreshSession(ctx: AuthContext, token: string, iss: string) {
  const now = ctx.now();
  const next = randomBytes(24).toString('base64url');
  const batch = statements(
    hashToken(token),
    now,
    ctx.settings.refreshReuseSeconds,
    hashToken(next),
  );
  const [found, session, , leaked, , , users, identities] = await runBatch(ctx.db, batch);
  const sessionRow = session?.rows[0] as { id: string; created_at: Date } | undefined;
  const user = users?.rows[0] as UserRow | undefined;
  const code = !found?.rows.length
    ? 'refresh_token_not_found'
    : !sessionRow
      ? 'session_not_found'
      : leaked?.rowCount
        ? 'refresh_token_already_used'
        : !user
          ? 'session_not_found'
          : undefined;
  // What the batch wrote is committed: a leaked token's session stays deleted.
  if (code || !sessionRow || !user) {
    const error = code ?? 'session_not_found';
    throw authError(error, MESSAGES[error]);
  }
  const rows = (identities?.rows ?? []) as unknown as IdentityRow[];
  return sessionJson(
    ctx,
    user,
    { id: sessionRow.id, createdAt: sessionRow.created_at },
    next,
    iss,
    userJsonWith(user, rows),
  );
}
