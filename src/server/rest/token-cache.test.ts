import { describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '../auth/claims.ts';
import { VerifiedTokenCache } from './token-cache.ts';

const claims = (exp: number) => ({ sub: 'u', exp }) as AccessTokenClaims;

describe('VerifiedTokenCache', () => {
  it('answers only for the exact token text, until the token expires', () => {
    const cache = new VerifiedTokenCache();
    cache.set('a.b.c', claims(1000));
    expect(cache.get('a.b.c', 999_000)).toMatchObject({ sub: 'u' });
    expect(cache.get('a.b.C', 999_000)).toBeUndefined();
    expect(cache.get('a.b.c', 1_000_000)).toBeUndefined();
    // Expired entries are dropped, not revived by a clock moving back.
    expect(cache.get('a.b.c', 0)).toBeUndefined();
  });

  it('forgets a token on request and keeps at most maxEntries, dropping the oldest', () => {
    const cache = new VerifiedTokenCache(2);
    cache.set('t1', claims(10));
    cache.set('t2', claims(10));
    cache.set('t3', claims(10));
    expect(cache.get('t1', 0)).toBeUndefined();
    expect(cache.get('t2', 0)).toBeDefined();
    cache.delete('t2');
    expect(cache.get('t2', 0)).toBeUndefined();
    expect(cache.get('t3', 0)).toBeDefined();
  });
});
