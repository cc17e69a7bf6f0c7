import type { AccessTokenClaims, VerifyAccessToken } from './claims.ts';

/** Who a request acts as: the anon role (publishable key, no user token) or a verified user. */
export type RequestIdentity =
  { role: 'anon' } | { role: 'authenticated'; claims: AccessTokenClaims; token: string };

/** A missing or unknown API key; each API answers it in its own error shape. */
export class ApiKeyError extends Error {
  constructor(readonly code: 'no_api_key' | 'invalid_api_key') {
    super(code === 'no_api_key' ? 'No API key found in request' : 'Invalid API key');
    this.name = 'ApiKeyError';
  }
}

/** What a request presents: its API key and Authorization headers, and the URL it was sent to. */
export interface RequestCredentials {
  apikey: string | undefined;
  authorization: string | undefined;
  /** The request's URL: an access token must name the issuer this server uses for it. */
  url: string;
}

/** Reads the bearer token of an Authorization header, if any. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Decides the role of a request from its `apikey` and `Authorization` headers, as Supabase's
 * gateway does: the apikey must be ours; a bearer equal to it (or none) means anon; any other
 * bearer must be a valid access token. Rejects with ApiKeyError or AccessTokenError.
 */
export async function identifyRequest(
  request: RequestCredentials,
  anonKey: string,
  verify: VerifyAccessToken,
): Promise<RequestIdentity> {
  const bearer = bearerToken(request.authorization);
  const apikey = request.apikey ?? (bearer === anonKey ? bearer : undefined);
  if (!apikey) throw new ApiKeyError('no_api_key');
  if (apikey !== anonKey) throw new ApiKeyError('invalid_api_key');
  if (!bearer || bearer === anonKey) return { role: 'anon' };
  return { role: 'authenticated', claims: await verify(bearer, request.url), token: bearer };
}
