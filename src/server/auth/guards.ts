import type { MiddlewareHandler } from 'hono';
import type { AccessTokenClaims } from './claims.ts';
import type { AuthContext } from './context.ts';
import { API_VERSION, API_VERSION_HEADER, authError, AUTH_MESSAGES } from './errors.ts';
import { bearerToken } from './identify.ts';
import { syncAuthKeys } from './keys.ts';
import { AccessTokenError } from './tokens.ts';

// The middleware app.ts puts in front of the /auth/v1 handlers, in GoTrue's order. Each factory
// takes the auth service and reads its context only per request.

/** What a guard needs of the auth service. */
export interface Guarded {
  context: AuthContext;
}

/** What requireUser leaves for the handlers after it: the verified claims of the user's token. */
export interface SignedIn {
  Variables: { claims: AccessTokenClaims };
}

/** Every /auth/v1 answer says GoTrue's API version: auth-js reads error codes only then. */
export const authApiVersion: MiddlewareHandler = async function authApiVersion(c, next) {
  await next();
  c.res.headers.set(API_VERSION_HEADER, API_VERSION);
};

/**
 * Reads a signing key rotated by another process (npm run keys:rotate) within a minute; before the
 * handlers, which issue tokens inside transactions.
 */
export function syncSigningKeys(auth: Guarded): MiddlewareHandler {
  return async function syncSigningKeys(_c, next) {
    const { db, tokens, now } = auth.context;
    await syncAuthKeys(db, tokens.keys, now().getTime());
    await next();
  };
}

/** Supabase's gateway refuses requests without the project's API key (header or ?apikey=). */
export function requireApiKey(auth: Guarded): MiddlewareHandler {
  return async function requireApiKey(c, next) {
    if (c.req.method === 'OPTIONS') return next(); // CORS preflights carry no headers of ours
    const apikey = c.req.header('apikey') ?? c.req.query('apikey');
    if (!apikey) throw authError('no_api_key', AUTH_MESSAGES.noApiKey);
    if (apikey !== auth.context.anonKey) {
      throw authError('invalid_api_key', AUTH_MESSAGES.invalidApiKey);
    }
    await next();
  };
}

/**
 * A user's access token as the bearer, verified; its claims go to the handler. No bearer is 401
 * no_authorization; a bad, expired or foreign token, or one whose user or session is gone, is 403
 * with GoTrue's code (bad_jwt, user_not_found, session_not_found), as GoTrue answers.
 */
export function requireUser(auth: Guarded): MiddlewareHandler<SignedIn> {
  return async function requireUser(c, next) {
    const { anonKey, verify } = auth.context;
    const token = bearerToken(c.req.header('authorization'));
    if (!token || token === anonKey) {
      throw authError('no_authorization', AUTH_MESSAGES.noAuthorization);
    }
    let claims: AccessTokenClaims;
    try {
      claims = await verify(token, c.req.url);
    } catch (err) {
      if (err instanceof AccessTokenError) throw authError(err.code, err.message, { status: 403 });
      throw err;
    }
    c.set('claims', claims);
    await next();
  };
}
