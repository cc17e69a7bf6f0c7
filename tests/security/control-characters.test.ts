// Security: a NUL byte or another control character in an auth field is a 400 validation_failed,
// as GoTrue answers bad input, never a 500 whose log would hold the SQL and its parameters; the
// database is left as it was. (What each field may hold: ADR 0020.)
import { AuthApiError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import {
  databaseTargets,
  serverFixture,
  signUpAndIn,
} from '../../src/server/test-support/index.ts';

describe.each(databaseTargets())('control characters in auth input on $name', (target) => {
  const fx = serverFixture(target);
  const users = async () =>
    (await fx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.users')).rows[0]?.n;

  function expectValidationFailed(error: unknown, field: string) {
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((error as Error).message).toBe(`${field}: must not contain control characters`);
  }

  it('refuses them in the email of a sign-up or a sign-in, and creates nothing', async () => {
    const client = fx.server.authClient();
    const before = await users();
    for (const email of ['a\u0000b@example.com', 'a\u0007b@example.com', 'ab@example.com\u007f']) {
      const signUp = await client.signUp({ email, password: 'password-123' });
      expectValidationFailed(signUp.error, 'email');
      const signIn = await client.signInWithPassword({ email, password: 'password-123' });
      expectValidationFailed(signIn.error, 'email');
    }
    const c1 = await client.signUp({ email: 'a\u0085b@example.com', password: 'password-123' });
    expectValidationFailed(c1.error, 'email');
    expect(await users()).toBe(before);
  });

  it('refuses NUL in a password, and half a surrogate pair anywhere', async () => {
    const client = fx.server.authClient();
    const before = await users();
    const nul = await client.signUp({ email: 'nul@example.com', password: 'pass\u0000word-1' });
    expectValidationFailed(nul.error, 'password');
    const half = await client.signUp({ email: 'half@example.com', password: 'pass\ud800word-1' });
    expectValidationFailed(half.error, 'password');
    const meta = await client.signUp({
      email: 'meta@example.com',
      password: 'password-123',
      options: { data: { name: 'A\udc00' } },
    });
    expectValidationFailed(meta.error, 'data.name');
    expect(await users()).toBe(before);
  });

  it('refuses NUL and control characters in metadata values and keys, at any depth', async () => {
    const client = fx.server.authClient();
    const before = await users();
    const cases: [Record<string, unknown>, string][] = [
      [{ bio: 'x\u0000y' }, 'data.bio'],
      [{ address: { city: ['Bern', 'B\u001bern'] } }, 'data.address.city.1'],
      [{ 'ni\u0000ck': 'K' }, 'data'],
    ];
    for (const [data, field] of cases) {
      const { error } = await client.signUp({
        email: 'metadata@example.com',
        password: 'password-123',
        options: { data },
      });
      expectValidationFailed(error, field);
    }
    expect(await users()).toBe(before);
  });

  it('refuses them when a signed-in user updates the account, changing nothing', async () => {
    const { client } = await signUpAndIn(fx.server, 'update@example.com');
    expectValidationFailed(
      (await client.updateUser({ email: 'new\u0000@example.com' })).error,
      'email',
    );
    expectValidationFailed(
      (await client.updateUser({ data: { bio: '\u0000' } })).error,
      'data.bio',
    );
    expectValidationFailed(
      (await client.updateUser({ password: 'new\u0000password' })).error,
      'password',
    );
    const { data } = await client.getUser();
    expect(data.user).toMatchObject({ email: 'update@example.com', user_metadata: {} });
  });

  it('refuses them in a refresh token', async () => {
    const { error } = await fx.server.authClient().refreshSession({ refresh_token: 'token\u0000' });
    expectValidationFailed(error, 'refresh_token');
  });

  it('still takes line breaks and tabs in metadata, and any other character in a password', async () => {
    const password = 'tab\there-and-\u0001-and-é';
    const { client } = await signUpAndIn(fx.server, 'free-text@example.com', password);
    const { data, error } = await client.updateUser({ data: { bio: 'line one\nline two\ttab' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ bio: 'line one\nline two\ttab' });
    const again = await fx.server.authClient().signInWithPassword({
      email: 'free-text@example.com',
      password,
    });
    expect(again.error).toBeNull();
  });

  it('logged no error for any of it (no 500 was answered)', () => {
    expect(fx.server.logs.filter((l) => Number(l.level) >= 40)).toEqual([]);
  });
});
