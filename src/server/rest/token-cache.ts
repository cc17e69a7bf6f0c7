import type { AccessTokenClaims } from '../auth/claims.ts';

/**
 * Access tokens already verified, by their exact text (which includes the signature, so a forged
 * or altered token can never match an entry). A hit skips the ES256 signature check, which is the
 * largest CPU cost of a data request; the token's expiry is checked on every hit, and the caller
 * must still confirm the session exists (runAs does, inside the request's own transaction), so a
 * signed-out session or a deleted user is refused at once, as without the cache.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, AccessTokenClaims>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The claims of a verified token that has not expired by `nowMs`. */
  get(token: string, nowMs: number): AccessTokenClaims | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    if (claims.exp * 1000 <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    return claims;
  }

  /** Remembers a token the auth service verified. */
  set(token: string, claims: AccessTokenClaims): void {
    // Oldest first: Map keeps insertion order, so the first key is the one to drop.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, claims);
  }

  /** Forgets a token (its session is gone). */
  delete(token: string): void {
    this.entries.delete(token);
  }
}
