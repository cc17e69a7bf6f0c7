import type { Context } from 'hono';
import type { VerifyAccessToken } from '../auth/claims.ts';
import { ApiKeyError, identifyRequest, type RequestIdentity } from '../auth/identify.ts';
import type { Database, Queryable } from '../db/types.ts';
import { fromDatabaseError, isDatabaseError, restError } from './errors.ts';

export type { RequestIdentity };

/** The parts of the server the data API needs. */
export interface RestDeps {
  db: Database;
  anonKey: string;
  verifyAccessToken: VerifyAccessToken;
}

function unauthorized(code: string, message: string, hint: string | null, description: string) {
  return restError(401, code, message, null, hint, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });
}

/**
 * Who the request acts as, from `apikey` and `Authorization`. A missing or foreign API key, and a
 * bearer that is neither the anon key nor a valid access token, are 401 in PostgREST's shape.
 */
export async function identify(c: Context, deps: RestDeps): Promise<RequestIdentity> {
  try {
    return await identifyRequest(
      { apikey: c.req.header('apikey'), authorization: c.req.header('authorization') },
      deps.anonKey,
      deps.verifyAccessToken,
    );
  } catch (err) {
    if (err instanceof ApiKeyError) {
      const hint =
        err.code === 'no_api_key'
          ? 'No `apikey` request header was found.'
          : "Send the project's anon key in the `apikey` header.";
      throw unauthorized('PGRST301', err.message, hint, err.message);
    }
    if (isDatabaseError(err)) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    if (/expired/i.test(reason)) {
      throw unauthorized('PGRST303', 'JWT expired', null, 'JWT expired');
    }
    if (err instanceof Error && 'code' in err) {
      throw unauthorized('PGRST301', reason, null, 'JWT invalid');
    }
    throw err;
  }
}

/**
 * Runs `fn` in one transaction as the request's role with its claims set, as PostgREST does, so
 * the database's grants and row-level-security policies decide what the request may see and do.
 */
export async function runAs<T>(
  db: Database,
  identity: RequestIdentity,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const claims =
    identity.role === 'anon'
      ? { role: 'anon' }
      : (identity.claims as unknown as Record<string, unknown>);
  const sub = identity.role === 'anon' ? '' : identity.claims.sub;
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        `SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
        [identity.role, JSON.stringify(claims), sub],
      );
      return fn(tx);
    });
  } catch (err) {
    if (isDatabaseError(err)) throw fromDatabaseError(err, identity.role);
    throw err;
  }
}
