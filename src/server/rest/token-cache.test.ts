import { describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '../auth/claims.ts';
import { VerifiedTokenCache } from './token-cache.ts';

const claims = (exp: number) => ({ sub: 'u', exp }) as AccessTokenClaims;
/** A token-shaped string whose header names `kid` (the cache never checks signatures itself). */
const token = (kid: string, signature = 'sig') =>
  `${Buffer.from(JSON.stringify({ alg: 'ES256', kid, typ: 'JWT' })).toString('base64url')}.e30.${signature}`;

describe('VerifiedTokenCache', () => {
  it('answers only for the exact token text, until the token expires', () => {
    const cache = new VerifiedTokenCache();
    cache.set(token('k1'), claims(1000));
    expect(cache.get(token('k1'), 999_000)).toMatchObject({ claims: { sub: 'u' }, kid: 'k1' });
    expect(cache.get(token('k1', 'siG'), 999_000)).toBeUndefined();
    expect(cache.get(token('k1'), 1_000_000)).toBeUndefined();
    // Expired entries are dropped, not revived by a clock moving back.
    expect(cache.get(token('k1'), 0)).toBeUndefined();
  });

  it('forgets a token on request and keeps at most maxEntries, dropping the oldest', () => {
    const cache = new VerifiedTokenCache(2);
    const [t1, t2, t3] = [token('k', '1'), token('k', '2'), token('k', '3')];
    cache.set(t1, claims(10));
    cache.set(t2, claims(10));
    cache.set(t3, claims(10));
    expect(cache.get(t1, 0)).toBeUndefined();
    expect(cache.get(t2, 0)).toBeDefined();
    cache.delete(t2);
    expect(cache.get(t2, 0)).toBeUndefined();
    expect(cache.get(t3, 0)).toBeDefined();
  });

  it('answers only for the origin the token was verified for (its iss depends on it)', () => {
    const cache = new VerifiedTokenCache();
    cache.set(token('k1'), claims(1000), 'https://shop.example');
    expect(cache.get(token('k1'), 0, 'https://shop.example')).toBeDefined();
    expect(cache.get(token('k1'), 0, 'https://other.example')).toBeUndefined();
    expect(cache.get(token('k1'), 0)).toBeUndefined();
  });
});
