import { errors as joseErrors, decodeProtectedHeader, jwtVerify } from 'jose';
import type { AccessTokenClaims, VerifyAccessToken } from './claims.ts';
import type { Queryable } from '../db/types.ts';
import { signEs256 } from './jws.ts';
import { loadPublicKeys, SIGNING_ALG, syncAuthKeys, type AuthKeys } from './keys.ts';

export const AUDIENCE = 'authenticated';

/**
 * The `iss` of the tokens issued for a request to `requestUrl`: `<PUBLIC_URL or the request's own
 * origin>/auth/v1`. Issuing and verifying both use it, so a token names the server it came from.
 */
export function issuerFor(publicUrl: string | undefined, requestUrl: string): string {
  return `${publicUrl ?? new URL(requestUrl).origin}/auth/v1`;
}

/** Why an access token was refused; `code` is GoTrue's error code. */
export class AccessTokenError extends Error {
  constructor(
    readonly code: 'bad_jwt' | 'user_not_found' | 'session_not_found',
    message: string,
  ) {
    super(message);
    this.name = 'AccessTokenError';
  }
}

export interface TokenDeps {
  db: Queryable;
  keys: AuthKeys;
  /** JWT_EXPIRY: the lifetime of the tokens issued, and the longest one accepted. */
  expirySeconds: number;
  now: () => Date;
  /** PUBLIC_URL, the origin of every issuer; unset: each request's own origin (issuerFor). */
  publicUrl: string | undefined;
}

export interface IssuedToken {
  token: string;
  expiresAt: number;
  claims: AccessTokenClaims;
}

/**
 * Signs an access token with GoTrue's claims for this user and session. Its `app_metadata` is the
 * account's (auth.users.raw_app_meta_data) as it stands now, as on Supabase: a role granted since
 * shows from the next sign-in or refresh.
 */
export async function issueAccessToken(
  deps: TokenDeps,
  user: { id: string; email: string; raw_app_meta_data: Record<string, unknown> },
  sessionId: string,
  signedInAt: Date,
  issuer: string,
  /** How the session began (amr): 'otp' for a mailed link, as GoTrue says. */
  method = 'password',
): Promise<IssuedToken> {
  const iat = Math.floor(deps.now().getTime() / 1000);
  const claims: AccessTokenClaims = {
    iss: issuer,
    sub: user.id,
    aud: AUDIENCE,
    role: 'authenticated',
    email: user.email,
    session_id: sessionId,
    aal: 'aal1',
    amr: [{ method, timestamp: Math.floor(signedInAt.getTime() / 1000) }],
    is_anonymous: false,
    app_metadata: user.raw_app_meta_data,
    iat,
    exp: iat + deps.expirySeconds,
  };
  const token = signEs256(
    { alg: SIGNING_ALG, kid: deps.keys.kid, typ: 'JWT' },
    { ...claims, phone: '', user_metadata: {} },
    deps.keys.privateKey,
  );
  return { token, expiresAt: claims.exp, claims };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

async function keyFor(deps: TokenDeps, token: string): Promise<CryptoKey> {
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new AccessTokenError('bad_jwt', 'invalid JWT: unable to parse');
  }
  // Only ES256 with a kid we issued: no "none", no HS256 keyed with public bytes, no unknown keys.
  if (header.alg !== SIGNING_ALG || typeof header.kid !== 'string') {
    throw new AccessTokenError('bad_jwt', 'invalid JWT: unsupported signing method');
  }
  let entry = deps.keys.publicKeys.get(header.kid);
  if (!entry) {
    // Another instance may have added a key since this one started.
    deps.keys.publicKeys = await loadPublicKeys(deps.db);
    entry = deps.keys.publicKeys.get(header.kid);
  }
  if (!entry) throw new AccessTokenError('bad_jwt', 'invalid JWT: unknown signing key');
  return entry.key;
}

/**
 * The claims GoTrue's clients and our APIs rely on, checked beyond the signature: `aud` is exactly
 * "authenticated" (not an array holding it), and the token does not live longer than JWT_EXPIRY
 * (a token minted with a longer life, by a leaked key or an older setting, is refused).
 */
/** How far ahead of this instance's clock another instance may have issued a token. */
const CLOCK_SKEW_SECONDS = 60;

function checkClaims(deps: TokenDeps, claims: AccessTokenClaims): void {
  const bad = (reason: string) => new AccessTokenError('bad_jwt', `invalid JWT: ${reason}`);
  if (claims.aud !== AUDIENCE) throw bad('aud claim is invalid');
  if (claims.exp - claims.iat > deps.expirySeconds) throw bad('token lifetime exceeds the maximum');
  // An iat in the future would stretch the lifetime from now; allow instances' clocks to differ.
  if (claims.iat > deps.now().getTime() / 1000 + CLOCK_SKEW_SECONDS) {
    throw bad('iat claim is invalid');
  }
  if (claims.role !== 'authenticated' || !isUuid(claims.sub) || !isUuid(claims.session_id)) {
    throw bad('missing claims');
  }
}

/**
 * The VerifyAccessToken the data API and /auth/v1 use: signature, alg, iss, aud, exp, lifetime,
 * user and session.
 */
export function createVerifyAccessToken(deps: TokenDeps): VerifyAccessToken {
  return async (token, requestUrl) => {
    await syncAuthKeys(deps.db, deps.keys, deps.now().getTime());
    const key = await keyFor(deps, token);
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [SIGNING_ALG],
        issuer: issuerFor(deps.publicUrl, requestUrl),
        audience: AUDIENCE,
        currentDate: deps.now(),
        requiredClaims: ['iss', 'sub', 'iat', 'exp', 'session_id'],
      }));
    } catch (err) {
      const reason =
        err instanceof joseErrors.JWTExpired
          ? 'token has expired'
          : err instanceof joseErrors.JWTClaimValidationFailed
            ? `${err.claim} claim is invalid`
            : 'unable to parse or verify signature';
      throw new AccessTokenError('bad_jwt', `invalid JWT: ${reason}`);
    }
    const claims = payload as unknown as AccessTokenClaims;
    checkClaims(deps, claims);
    const { rows } = await deps.db.query<{ user_ok: boolean; session_ok: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM auth.users WHERE id = $1) AS user_ok,
              EXISTS (SELECT 1 FROM auth.sessions WHERE id = $2 AND user_id = $1) AS session_ok`,
      [claims.sub, claims.session_id],
    );
    if (!rows[0]?.user_ok) {
      throw new AccessTokenError('user_not_found', 'User from sub claim in JWT does not exist');
    }
    if (!rows[0].session_ok) {
      throw new AccessTokenError(
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
    return claims;
  };
}
