/** The claims of a verified access token, as GoTrue issues them and as `request.jwt.claims` carries them. */
export interface AccessTokenClaims {
  sub: string;
  aud: string;
  role: 'authenticated';
  email: string;
  session_id: string;
  aal: 'aal1';
  amr: { method: string; timestamp: number }[];
  is_anonymous: boolean;
  iat: number;
  exp: number;
}

/**
 * Verifies an access token (ES256 signature with the current key, aud, exp, and that its session and user
 * still exist). Resolves the claims, or rejects with an error whose `code` says why (e.g. "bad_jwt").
 */
export type VerifyAccessToken = (token: string) => Promise<AccessTokenClaims>;
