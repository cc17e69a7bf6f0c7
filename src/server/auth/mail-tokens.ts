import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';

// The one-time tokens mailed links and codes carry (migrations/auth/0004_one_time_tokens.sql,
// docs/decisions/0030-auth-mail-flows.md): stored as SHA-256 only, one per user and type, deleted
// by their use.

export type TokenType = 'recovery' | 'confirmation' | 'email_change_new' | 'reauthentication';

/** The `type` of a /verify link or body for each token type a link carries. */
export const VERIFY_TYPES = {
  recovery: 'recovery',
  signup: 'confirmation',
  email_change: 'email_change_new',
} as const satisfies Record<string, TokenType>;
export type VerifyType = keyof typeof VERIFY_TYPES;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What is stored for a link's token; the link itself holds the token. */
export const linkTokenHash = (token: string) => sha256(`link:${token}`);
/** What is stored for a user's 6-digit code (the user in it: codes of two users may be equal). */
const codeHash = (userId: string, code: string) => sha256(`code:${userId}:${code}`);

export interface TokenRow {
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  created_at: Date;
}

async function storeToken(
  ctx: AuthContext,
  tx: Queryable,
  token: { userId: string; type: TokenType; hash: string; relatesTo: string },
): Promise<void> {
  const now = ctx.now();
  // Expired tokens are never accepted; clear some as new ones are made (rows another request
  // holds are skipped, so two cleanups never wait on each other).
  await tx.query(
    `DELETE FROM auth.one_time_tokens WHERE id IN (
       SELECT id FROM auth.one_time_tokens WHERE created_at < $1
       LIMIT 100 FOR UPDATE SKIP LOCKED)`,
    [new Date(now.getTime() - ctx.settings.mail.tokenTtlSeconds * 1000)],
  );
  await tx.query(
    `INSERT INTO auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, token_type) DO UPDATE
       SET id = EXCLUDED.id, token_hash = EXCLUDED.token_hash, relates_to = EXCLUDED.relates_to,
           created_at = EXCLUDED.created_at`,
    [crypto.randomUUID(), token.userId, token.type, token.hash, token.relatesTo, now],
  );
}

/** Makes a link token for `userId` (replacing the previous one of its type); returns it. */
export async function issueLinkToken(
  ctx: AuthContext,
  tx: Queryable,
  userId: string,
  type: Exclude<TokenType, 'reauthentication'>,
  relatesTo: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await storeToken(ctx, tx, { userId, type, hash: linkTokenHash(token), relatesTo });
  return token;
}

/** Makes a 6-digit reauthentication code for `userId` (replacing the previous one); returns it. */
export async function issueCode(
  ctx: AuthContext,
  tx: Queryable,
  userId: string,
  relatesTo: string,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await storeToken(ctx, tx, {
    userId,
    type: 'reauthentication',
    hash: codeHash(userId, code),
    relatesTo,
  });
  return code;
}

async function takeToken(
  ctx: AuthContext,
  tx: Queryable,
  where: { hash: string; type: TokenType; userId?: string },
): Promise<TokenRow | undefined> {
  const oldest = new Date(ctx.now().getTime() - ctx.settings.mail.tokenTtlSeconds * 1000);
  // The DELETE takes the row: of two uses at once, only one gets it back.
  const { rows } = await tx.query<TokenRow>(
    `DELETE FROM auth.one_time_tokens
     WHERE token_hash = $1 AND token_type = $2 AND created_at >= $3
       AND ($4::uuid IS NULL OR user_id = $4::uuid)
     RETURNING user_id, token_type, relates_to, created_at`,
    [where.hash, where.type, oldest, where.userId ?? null],
  );
  return rows[0];
}

/** Uses a link's token: its row, or undefined when unknown, used or expired. */
export function takeLinkToken(
  ctx: AuthContext,
  tx: Queryable,
  token: string,
  type: TokenType,
): Promise<TokenRow | undefined> {
  return takeToken(ctx, tx, { hash: linkTokenHash(token), type });
}

/** Uses a user's reauthentication code: true when it was valid (and now is spent). */
export async function takeCode(
  ctx: AuthContext,
  tx: Queryable,
  userId: string,
  code: string,
): Promise<boolean> {
  const hash = codeHash(userId, code);
  return (await takeToken(ctx, tx, { hash, type: 'reauthentication', userId })) !== undefined;
}

/** Whether `code` is the user's current reauthentication code (not spending it). */
export async function codeIsValid(
  ctx: AuthContext,
  db: Queryable,
  userId: string,
  code: string,
): Promise<boolean> {
  const oldest = new Date(ctx.now().getTime() - ctx.settings.mail.tokenTtlSeconds * 1000);
  const { rows } = await db.query(
    `SELECT 1 FROM auth.one_time_tokens
     WHERE token_hash = $1 AND token_type = 'reauthentication' AND user_id = $2 AND created_at >= $3`,
    [codeHash(userId, code), userId, oldest],
  );
  return rows.length > 0;
}

/** Deletes a user's token of `type` (a pending email change cancelled). */
export async function dropTokens(tx: Queryable, userId: string, type: TokenType): Promise<void> {
  await tx.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2', [
    userId,
    type,
  ]);
}

/**
 * Records that a mail of `kind` goes to `address` now, or throws GoTrue's 429
 * over_email_send_rate_limit when one went less than AUTH_MAIL_SEND_INTERVAL ago. Keyed by the
 * address, whether or not it has an account, so the answer tells nothing about it.
 */
export async function claimMailSend(
  ctx: AuthContext,
  tx: Queryable,
  kind: string,
  address: string,
): Promise<void> {
  const intervalMs = ctx.settings.mail.sendIntervalSeconds * 1000;
  const now = ctx.now();
  const since = new Date(now.getTime() - intervalMs);
  const bucket = sha256(`${kind}:${address}`);
  await tx.query(
    `DELETE FROM auth.mail_sends WHERE bucket IN (
       SELECT bucket FROM auth.mail_sends WHERE sent_at < $1 AND bucket <> $2
       LIMIT 100 FOR UPDATE SKIP LOCKED)`,
    [since, bucket],
  );
  const claimed = await tx.query(
    `INSERT INTO auth.mail_sends AS m (bucket, sent_at) VALUES ($1, $2)
     ON CONFLICT (bucket) DO UPDATE SET sent_at = EXCLUDED.sent_at WHERE m.sent_at <= $3
     RETURNING sent_at`,
    [bucket, now, since],
  );
  if (claimed.rows.length > 0) return;
  const { rows } = await tx.query<{ sent_at: Date }>(
    'SELECT sent_at FROM auth.mail_sends WHERE bucket = $1',
    [bucket],
  );
  checkSentAt(ctx, rows[0]?.sent_at ?? now);
}

/** Whether a mail sent at `sentAt` was sent within AUTH_MAIL_SEND_INTERVAL. */
export function sentRecently(ctx: AuthContext, sentAt: Date | null): boolean {
  const intervalMs = ctx.settings.mail.sendIntervalSeconds * 1000;
  return sentAt !== null && new Date(sentAt).getTime() + intervalMs > ctx.now().getTime();
}

/**
 * Throws GoTrue's 429 over_email_send_rate_limit when a mail was sent at `sentAt`, less than
 * AUTH_MAIL_SEND_INTERVAL ago (a signed-in user's own request: no account to hide).
 */
export function checkSentAt(ctx: AuthContext, sentAt: Date | null): void {
  if (!sentRecently(ctx, sentAt)) return;
  const intervalMs = ctx.settings.mail.sendIntervalSeconds * 1000;
  const left = Math.max(
    1,
    Math.floor((new Date(sentAt!).getTime() + intervalMs - ctx.now().getTime()) / 1000),
  );
  throw authError('over_email_send_rate_limit', AUTH_MESSAGES.sendInterval(left), {
    headers: { 'Retry-After': String(left) },
  });
}

/** Records a send that must go out whatever the interval (a new account's first confirmation). */
export async function noteMailSend(
  ctx: AuthContext,
  tx: Queryable,
  kind: string,
  address: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO auth.mail_sends (bucket, sent_at) VALUES ($1, $2)
     ON CONFLICT (bucket) DO UPDATE SET sent_at = EXCLUDED.sent_at`,
    [sha256(`${kind}:${address}`), ctx.now()],
  );
}
