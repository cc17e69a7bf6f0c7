import { decodeProtectedHeader } from 'jose';
import type { AccessTokenClaims } from '../auth/claims.ts';

/** A verified token's claims and the id of the key that signed it. */
export interface VerifiedToken {
  claims: AccessTokenClaims;
  kid: string;
  /** The origin the token was presented to when verified (its expected issuer depends on it). */
  origin: string;
}

/**
 * Access tokens already verified, by their exact text (which includes the signature, so a forged
 * or altered token can never match an entry). A hit skips the ES256 signature check, which is the
 * largest CPU cost of a data request; the token's expiry is checked on every hit, and the caller
 * must still confirm the session exists (runAs does, inside the request's own transaction), so a
 * signed-out session or a deleted user is refused at once, as without the cache. Each entry keeps
 * its signing key's id, so the caller can refuse a token whose key has since been pruned.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(private readonly maxEntries = 10_000) {}

  /**
   * A token verified for a request to `origin` that has not expired by `nowMs`: its claims and its
   * signing key's id. Presented to another origin, it must be verified again (its iss).
   */
  get(token: string, nowMs: number, origin = ''): VerifiedToken | undefined {
    const entry = this.entries.get(token);
    if (!entry || entry.origin !== origin) return undefined;
    if (entry.claims.exp * 1000 <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  /** Remembers a token the auth service verified for `origin` (so its header names its key). */
  set(token: string, claims: AccessTokenClaims, origin = ''): void {
    const { kid } = decodeProtectedHeader(token);
    if (typeof kid !== 'string') return;
    // Oldest first: Map keeps insertion order, so the first key is the one to drop.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { claims, kid, origin });
  }

  /** Forgets a token (its session is gone). */
  delete(token: string): void {
    this.entries.delete(token);
  }
}
