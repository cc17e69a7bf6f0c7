import { errors as joseErrors, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { AccessTokenClaims, VerifyAccessToken } from './claims.ts';
import type { Queryable } from '../db/types.ts';
import { loadPublicKeys, SIGNING_ALG, syncAuthKeys, type AuthKeys } from './keys.ts';

export const AUDIENCE = 'authenticated';

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
  expirySeconds: number;
  now: () => Date;
}

export interface IssuedToken {
  token: string;
  expiresAt: number;
  claims: AccessTokenClaims;
}

/** Signs an access token with GoTrue's claims for this user and session. */
export async function issueAccessToken(
  deps: TokenDeps,
  user: { id: string; email: string },
  sessionId: string,
  signedInAt: Date,
  issuer: string,
): Promise<IssuedToken> {
  const iat = Math.floor(deps.now().getTime() / 1000);
  const claims: AccessTokenClaims = {
    sub: user.id,
    aud: AUDIENCE,
    role: 'authenticated',
    email: user.email,
    session_id: sessionId,
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: Math.floor(signedInAt.getTime() / 1000) }],
    is_anonymous: false,
    iat,
    exp: iat + deps.expirySeconds,
  };
  const token = await new SignJWT({
    ...claims,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
  })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: deps.keys.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .sign(deps.keys.privateKey);
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

/** The VerifyAccessToken the data API and /auth/v1 use: signature, alg, aud, exp, user and session. */
export function createVerifyAccessToken(deps: TokenDeps): VerifyAccessToken {
  return async (token) => {
    await syncAuthKeys(deps.db, deps.keys, deps.now().getTime());
    const key = await keyFor(deps, token);
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [SIGNING_ALG],
        audience: AUDIENCE,
        currentDate: deps.now(),
        requiredClaims: ['sub', 'exp', 'session_id'],
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
    if (claims.role !== 'authenticated' || !isUuid(claims.sub) || !isUuid(claims.session_id)) {
      throw new AccessTokenError('bad_jwt', 'invalid JWT: missing claims');
    }
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
