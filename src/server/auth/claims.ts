/** The claims of a verified access token, as GoTrue issues them and as `request.jwt.claims` carries them. */
export interface AccessTokenClaims {
  /** `<public origin>/auth/v1`: who issued the token (see issuerFor). */
  iss: string;
  sub: string;
  aud: string;
  role: 'authenticated';
  email: string;
  session_id: string;
  aal: 'aal1';
  amr: { method: string; timestamp: number }[];
  is_anonymous: boolean;
  /** The account's app_metadata when the token was issued (provider, and `role: 'staff'` for staff). */
  app_metadata?: Record<string, unknown>;
  iat: number;
  exp: number;
}

/**
 * Verifies an access token presented with a request to `requestUrl`: ES256 signature with a known
 * key, `iss` as this server issues for that URL, `aud` exactly "authenticated", `exp`, a lifetime
 * within JWT_EXPIRY, and that its session and user still exist. Resolves the claims, or rejects
 * with an error whose `code` says why (e.g. "bad_jwt").
 */
export type VerifyAccessToken = (token: string, requestUrl: string) => Promise<AccessTokenClaims>;
