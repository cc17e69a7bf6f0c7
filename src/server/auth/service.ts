import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { VerifyAccessToken } from './claims.ts';
import type { Database } from '../db/types.ts';
import type { AuthContext } from './context.ts';
import { API_VERSION, API_VERSION_HEADER, authError, AUTH_MESSAGES } from './errors.ts';
import { identifyRequest, type RequestIdentity } from './identify.ts';
import { jwksRoutes } from './jwks.ts';
import { loadAuthKeys, syncAuthKeys } from './keys.ts';
import { logoutRoutes } from './logout.ts';
import { hashPassword } from './password.ts';
import type { AuthSettings } from './settings.ts';
import { signupRoutes } from './signup.ts';
import { tokenRoutes } from './token.ts';
import { createVerifyAccessToken } from './tokens.ts';
import { userRoutes } from './user.ts';

/** The auth service as the rest of the server sees it. */
export interface AuthService {
  /** The publishable key browsers send as `apikey` (and as the bearer when signed out). */
  anonKey: string;
  verifyAccessToken: VerifyAccessToken;
  /** Whether tokens signed by `kid` still verify (a pruned key's do not, within KEY_SYNC_INTERVAL_MS). */
  trustsSigningKey(kid: string): Promise<boolean>;
  /** The role of a request from its apikey and Authorization headers (see identifyRequest). */
  identify(headers: {
    apikey: string | undefined;
    authorization: string | undefined;
  }): Promise<RequestIdentity>;
  /** The /auth/v1 endpoints, to mount at /auth/v1. */
  routes: Hono;
}

export interface AuthOptions {
  settings: AuthSettings;
  publicUrl?: string | undefined;
  /** The clock; tests move it to cross the refresh-token reuse window or expire tokens. */
  now?: () => Date;
}

/** Loads (or creates on first start) the keys and builds the auth service. Run migrations first. */
export async function createAuthService(db: Database, options: AuthOptions): Promise<AuthService> {
  const now = options.now ?? (() => new Date());
  const keys = await loadAuthKeys(db, now);
  const tokens = { db, keys, expirySeconds: options.settings.jwtExpirySeconds, now };
  const verify = createVerifyAccessToken(tokens);
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  const ctx: AuthContext = {
    db,
    settings: options.settings,
    tokens,
    verify,
    anonKey: keys.anonKey,
    now,
    dummyHash,
    publicUrl: options.publicUrl,
  };

  const routes = new Hono();
  routes.use(async (c, next) => {
    await next();
    c.res.headers.set(API_VERSION_HEADER, API_VERSION);
  });
  // A key rotated by another process (npm run keys:rotate) signs here within a minute; read
  // before the handlers, which issue tokens inside transactions.
  routes.use(async (_c, next) => {
    await syncAuthKeys(db, keys, now().getTime());
    await next();
  });
  jwksRoutes(routes, ctx); // public, like GoTrue's: no API key needed
  // Supabase's gateway refuses requests without the project's API key.
  routes.use(async (c, next) => {
    if (c.req.method === 'OPTIONS') return next(); // CORS preflights carry no headers of ours
    const apikey = c.req.header('apikey') ?? c.req.query('apikey');
    if (!apikey) throw authError('no_api_key', AUTH_MESSAGES.noApiKey);
    if (apikey !== keys.anonKey) throw authError('invalid_api_key', AUTH_MESSAGES.invalidApiKey);
    await next();
  });
  signupRoutes(routes, ctx);
  tokenRoutes(routes, ctx);
  userRoutes(routes, ctx);
  logoutRoutes(routes, ctx);
  routes.all('*', () => {
    throw authError('not_found', AUTH_MESSAGES.notFound);
  });

  return {
    anonKey: keys.anonKey,
    verifyAccessToken: verify,
    trustsSigningKey: async (kid) => {
      await syncAuthKeys(db, keys, now().getTime());
      return keys.publicKeys.has(kid);
    },
    identify: (headers) => identifyRequest(headers, keys.anonKey, verify),
    routes,
  };
}
