import type { Context } from 'hono';
import type { AccessTokenClaims, VerifyAccessToken } from '../auth/claims.ts';
import {
  ApiKeyError,
  bearerToken,
  identifyRequest,
  type RequestIdentity,
} from '../auth/identify.ts';
import type { Database, Queryable, QueryResult, Statement } from '../db/types.ts';
import { unavailabilityOf } from '../db/unavailable.ts';
import { fromDatabaseError, isDatabaseError, restError } from './errors.ts';
import { VerifiedTokenCache } from './token-cache.ts';

/** The parts of the server the data API needs. */
export interface RestDeps {
  db: Database;
  anonKey: string;
  verifyAccessToken: VerifyAccessToken;
  /** False once the signing key `kid` is no longer trusted (pruned); refuses cached tokens it signed. */
  trustsSigningKey: (kid: string) => Promise<boolean>;
  /** The clock token expiry is judged by (the auth service's); the real one when omitted. */
  now?: () => Date;
}

/** RestDeps plus what the data API keeps between requests. */
export interface RestContext extends RestDeps {
  tokens: VerifiedTokenCache;
}

/** Builds the data API's context over its dependencies. */
export function restContext(deps: RestDeps): RestContext {
  return { ...deps, tokens: new VerifiedTokenCache() };
}

/** Who a request acts as; a token verified earlier still needs its session confirmed (runAs). */
export type Identity = RequestIdentity & { sessionUnchecked?: boolean };

function unauthorized(code: string, message: string, hint: string | null, description: string) {
  return restError(401, code, message, null, hint, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });
}

/**
 * Who the request acts as, from `apikey` and `Authorization`. A missing or foreign API key, and a
 * bearer that is neither the anon key nor a valid access token, are 401 in PostgREST's shape.
 */
export async function identify(c: Context, deps: RestContext): Promise<Identity> {
  const headers = {
    apikey: c.req.header('apikey'),
    authorization: c.req.header('authorization'),
    url: c.req.url,
  };
  // A token's issuer depends on the origin it is presented to: a cached verification counts only there.
  const origin = new URL(c.req.url).origin;
  const bearer = bearerToken(headers.authorization);
  if (bearer && bearer !== deps.anonKey && headers.apikey === deps.anonKey) {
    const cached = deps.tokens.get(bearer, (deps.now?.() ?? new Date()).getTime(), origin);
    if (cached && (await deps.trustsSigningKey(cached.kid))) {
      return {
        role: 'authenticated',
        claims: cached.claims,
        token: bearer,
        sessionUnchecked: true,
      };
    }
    if (cached) deps.tokens.delete(bearer);
  }
  try {
    const identity = await identifyRequest(headers, deps.anonKey, deps.verifyAccessToken);
    if (identity.role === 'authenticated') {
      deps.tokens.set(identity.token, identity.claims, origin);
    }
    return identity;
  } catch (err) {
    if (err instanceof ApiKeyError) {
      const hint =
        err.code === 'no_api_key'
          ? 'No `apikey` request header was found.'
          : "Send the project's anon key in the `apikey` header.";
      throw unauthorized('PGRST301', err.message, hint, err.message);
    }
    // The database away while checking the token's session: a 503, never "JWT invalid".
    if (isDatabaseError(err) || unavailabilityOf(err)) throw err;
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

const SESSION_GONE = 'Session from session_id claim in JWT does not exist';

/** [session id, user id] to confirm, or nulls when the auth service just did. */
function sessionToCheck(identity: Identity): [string | null, string | null] {
  return identity.role === 'authenticated' && identity.sessionUnchecked
    ? [identity.claims.session_id, identity.claims.sub]
    : [null, null];
}

const ANON_CLAIMS = JSON.stringify({ role: 'anon' });
// The claims of a cached token are one object, reused by every request that presents the token:
// their JSON (about 450 bytes) is written once, not on every request.
const claimsJson = new WeakMap<AccessTokenClaims, string>();

function claimsText(identity: Identity): string {
  if (identity.role === 'anon') return ANON_CLAIMS;
  let text = claimsJson.get(identity.claims);
  if (text === undefined) {
    text = JSON.stringify(identity.claims);
    claimsJson.set(identity.claims, text);
  }
  return text;
}

/** The statement that takes on the request's role and claims, and confirms a cached session. */
function roleStatement(identity: Identity): Statement {
  const sub = identity.role === 'anon' ? '' : identity.claims.sub;
  return {
    // The session check rides along in the same statement: its permissions are checked before
    // set_config switches the role, so it reads auth.sessions as the owner.
    sql: `SELECT ($4::uuid IS NULL OR EXISTS (
                  SELECT 1 FROM auth.sessions WHERE id = $4::uuid AND user_id = $5::uuid
                )) AS session_ok,
                set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
    params: [identity.role, claimsText(identity), sub, ...sessionToCheck(identity)],
  };
}

function checkSession(deps: RestContext, identity: Identity, setup: QueryResult | undefined) {
  if (!setup?.rows[0]?.session_ok && identity.role === 'authenticated') {
    deps.tokens.delete(identity.token);
    throw unauthorized('PGRST301', SESSION_GONE, null, 'JWT invalid');
  }
}

/**
 * Runs `fn` in one transaction as the request's role with its claims set, as PostgREST does, so
 * the database's grants and row-level-security policies decide what the request may see and do.
 */
export async function runAs<T>(
  deps: RestContext,
  identity: Identity,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const setup = roleStatement(identity);
  try {
    return await deps.db.transaction(async (tx) => {
      checkSession(deps, identity, await tx.query(setup.sql, setup.params));
      return fn(tx);
    });
  } catch (err) {
    if (unavailabilityOf(err)) throw err; // the app's 503 with Retry-After
    if (isDatabaseError(err)) throw fromDatabaseError(err, identity.role);
    throw err;
  }
}

/**
 * Runs read-only `statements` as the request's role, like runAs, but as one batch (one round trip
 * with prepared statements on PostgreSQL). Only for reads: a gone session is found after the
 * statements ran, so their results are discarded, which is harmless only when nothing was written.
 */
export async function readAs(
  deps: RestContext,
  identity: Identity,
  statements: readonly Statement[],
): Promise<QueryResult[]> {
  const db = deps.db;
  if (!db.batch) {
    return runAs(deps, identity, async (tx) => {
      const results: QueryResult[] = [];
      for (const s of statements) results.push(await tx.query(s.sql, s.params));
      return results;
    });
  }
  try {
    const [setup, ...results] = await db.batch([roleStatement(identity), ...statements]);
    checkSession(deps, identity, setup);
    return results;
  } catch (err) {
    if (unavailabilityOf(err)) throw err; // the app's 503 with Retry-After
    if (isDatabaseError(err)) throw fromDatabaseError(err, identity.role);
    throw err;
  }
}
