import { describe, expect, test } from 'vitest';
import { authStorageKey, hasStoredSession } from './session-hint.ts';

describe('authStorageKey', () => {
  test('uses the first label of the hostname, as supabase-js does', () => {
    expect(authStorageKey('http://localhost:3000')).toBe('sb-localhost-auth-token');
    expect(authStorageKey('http://127.0.0.1:8000')).toBe('sb-127-auth-token');
    expect(authStorageKey('https://abc.supabase.co/')).toBe('sb-abc-auth-token');
  });
});

describe('hasStoredSession', () => {
  const key = 'sb-localhost-auth-token';

  test('is true only for a stored session with a refresh token', () => {
    expect(hasStoredSession(key)).toBe(false);
    localStorage.setItem(
      key,
      JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1 }),
    );
    expect(hasStoredSession(key)).toBe(true);
  });

  test('treats anything else in the key as signed out', () => {
    for (const value of [
      'not json',
      'null',
      '"text"',
      '{}',
      '{"refresh_token":""}',
      '{"refresh_token":1}',
    ]) {
      localStorage.setItem(key, value);
      expect(hasStoredSession(key)).toBe(false);
    }
  });

  test('survives storage that throws (blocked by the browser)', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(hasStoredSession(key, blocked)).toBe(false);
  });
});
