import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { z } from 'zod';
import type { VerifyAccessToken } from './claims.ts';
import type { Database } from '../db/types.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import type { AuthSettings } from './settings.ts';
import { checkBodyText } from './text.ts';
import { issuerFor, type TokenDeps } from './tokens.ts';

/** What every /auth/v1 handler needs. */
export interface AuthContext {
  db: Database;
  settings: AuthSettings;
  tokens: TokenDeps;
  verify: VerifyAccessToken;
  anonKey: string;
  now: () => Date;
  /** A hash of a random password at the current cost, compared when an email is unknown. */
  dummyHash: Promise<string>;
  publicUrl: string | undefined;
  /** Where mailed links point (config.siteUrl: PUBLIC_URL or http://localhost:PORT). */
  siteUrl: string;
}

/** The iss claim of the tokens issued for this request: `<public origin>/auth/v1`. */
export function issuer(ctx: AuthContext, c: Context): string {
  return issuerFor(ctx.publicUrl, c.req.url);
}

/** The client's address, from X-Forwarded-For only when configured to trust a proxy. */
export function clientIp(ctx: AuthContext, c: Context): string {
  if (ctx.settings.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (app.request) have no socket
  }
}

/**
 * Reads a JSON object body; an empty body counts as {} (auth-js sends one with signOut). Text no
 * field may hold (NUL, control characters: see text.ts) is a 400 validation_failed.
 */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw authError('bad_json', AUTH_MESSAGES.badJson);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw authError('bad_json', AUTH_MESSAGES.badJson);
  }
  checkBodyText(value as Record<string, unknown>);
  return value as Record<string, unknown>;
}

/** Validates a parsed body against its schema; the first problem becomes a 400 validation_failed. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw authError('validation_failed', `${where}${issue?.message ?? 'Invalid request'}`);
  }
  return parsed.data;
}
