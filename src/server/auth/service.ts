import { randomBytes } from 'node:crypto';
import type { Handler } from 'hono';
import type { VerifyAccessToken } from './claims.ts';
import type { Database } from '../db/types.ts';
import type { AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import type { SignedIn } from './guards.ts';
import { healthHandler, settingsHandler } from './info.ts';
import { identifyRequest, type RequestCredentials, type RequestIdentity } from './identify.ts';
import { jwksHandler } from './jwks.ts';
import { reauthenticateHandler } from './reauthenticate.ts';
import { recoverHandler } from './recover.ts';
import { resendHandler } from './resend.ts';
import { verifyGetHandler, verifyPostHandler } from './verify.ts';
import { loadAuthKeys, syncAuthKeys } from './keys.ts';
import { logoutHandler, type ScopeChosen } from './logout.ts';
import { hashPassword } from './password.ts';
import type { AuthSettings } from './settings.ts';
import { signupHandler } from './signup.ts';
import { tokenHandler } from './token.ts';
import { createVerifyAccessToken } from './tokens.ts';
import { getUserHandler, updateUserHandler } from './user.ts';

/** One handler per /auth/v1 endpoint; app.ts routes them behind their guards (auth/guards.ts). */
export interface AuthHandlers {
  jwks: Handler;
  signup: Handler;
  token: Handler;
  getUser: Handler<SignedIn>;
  updateUser: Handler<SignedIn>;
  logout: Handler<SignedIn & ScopeChosen>;
  /** The mailed flows (docs/decisions/0030-auth-mail-flows.md). */
  recover: Handler;
  resend: Handler;
  /** The link in a mail: no API key, answers 303 with the session or error in the fragment. */
  verifyLink: Handler;
  verify: Handler;
  reauthenticate: Handler<SignedIn>;
  health: Handler;
  settings: Handler;
  /** Any other /auth/v1 path, in GoTrue's error shape. */
  notFound: Handler;
}

/** The auth service as the rest of the server sees it. */
export interface AuthService {
  /** The publishable key browsers send as `apikey` (and as the bearer when signed out). */
  anonKey: string;
  verifyAccessToken: VerifyAccessToken;
  /** Whether tokens signed by `kid` still verify (a pruned key's do not, within KEY_SYNC_INTERVAL_MS). */
  trustsSigningKey(kid: string): Promise<boolean>;
  /** The role of a request from its apikey and Authorization headers (see identifyRequest). */
  identify(request: RequestCredentials): Promise<RequestIdentity>;
  /** The /auth/v1 endpoints' handlers, for app.ts to route. */
  handlers: AuthHandlers;
  /** What the handlers and the guards share: database, settings, keys, clock. */
  context: AuthContext;
}

export interface AuthOptions {
  settings: AuthSettings;
  publicUrl?: string | undefined;
  /** Where mailed links point (config.siteUrl); default: PUBLIC_URL or http://localhost:3000. */
  siteUrl?: string;
  /** The clock; tests move it to cross the refresh-token reuse window or expire tokens. */
  now?: () => Date;
}

/** Loads (or creates on first start) the keys and builds the auth service. Run migrations first. */
export async function createAuthService(db: Database, options: AuthOptions): Promise<AuthService> {
  const now = options.now ?? (() => new Date());
  const keys = await loadAuthKeys(db, now);
  const tokens = {
    db,
    keys,
    expirySeconds: options.settings.jwtExpirySeconds,
    now,
    publicUrl: options.publicUrl,
  };
  const verify = createVerifyAccessToken(tokens);
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  const context: AuthContext = {
    db,
    settings: options.settings,
    tokens,
    verify,
    anonKey: keys.anonKey,
    now,
    dummyHash,
    publicUrl: options.publicUrl,
    siteUrl: options.siteUrl ?? options.publicUrl ?? 'http://localhost:3000',
  };

  return {
    anonKey: keys.anonKey,
    verifyAccessToken: verify,
    trustsSigningKey: async (kid) => {
      await syncAuthKeys(db, keys, now().getTime());
      return keys.publicKeys.has(kid);
    },
    identify: (request) => identifyRequest(request, keys.anonKey, verify),
    handlers: {
      jwks: jwksHandler(context),
      signup: signupHandler(context),
      token: tokenHandler(context),
      getUser: getUserHandler(context),
      updateUser: updateUserHandler(context),
      logout: logoutHandler(context),
      recover: recoverHandler(context),
      resend: resendHandler(context),
      verifyLink: verifyGetHandler(context),
      verify: verifyPostHandler(context),
      reauthenticate: reauthenticateHandler(context),
      health: healthHandler(),
      settings: settingsHandler(options.settings),
      notFound: () => {
        throw authError('not_found', AUTH_MESSAGES.notFound);
      },
    },
    context,
  };
}
