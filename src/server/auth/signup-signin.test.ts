import { AuthApiError, AuthWeakPasswordError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { databaseTargets, legacyScryptHash, serverFixture } from '../test-support/index.ts';

describe.each(databaseTargets())('sign-up and password sign-in on $name', (target) => {
  const fx = serverFixture(target);

  it('signs up with a session, and the account signs in again at once', async () => {
    const client = fx.server.authClient();
    const signUp = await client.signUp({ email: 'Ada@Example.com', password: 'correct horse' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(signUp.data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: 'ada@example.com',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      factors: [],
      is_anonymous: false,
    });
    expect(signUp.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const signIn = await client.signInWithPassword({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(signIn.error).toBeNull();
    const { session, user } = signIn.data;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session?.refresh_token).toEqual(expect.any(String));
    expect(session!.expires_at! - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
    expect(user?.id).toBe(signUp.data.user?.id);
    expect(user?.last_sign_in_at).toEqual(expect.any(String));
    expect(user?.identities).toEqual([
      expect.objectContaining({
        provider: 'email',
        id: user?.id,
        user_id: user?.id,
        identity_id: expect.any(String),
        email: 'ada@example.com',
        identity_data: expect.objectContaining({ email: 'ada@example.com', sub: user?.id }),
      }),
    ]);
    // The access token carries GoTrue's claims.
    const claims = JSON.parse(
      Buffer.from(session!.access_token.split('.')[1]!, 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      sub: user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: 'ada@example.com',
      aal: 'aal1',
      is_anonymous: false,
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
    });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('signs in an account whose password was hashed with scrypt, and stores Argon2id instead', async () => {
    const client = fx.server.authClient();
    await client.signUp({ email: 'old@example.com', password: 'old-timer-123' });
    const legacy = legacyScryptHash('old-timer-123');
    await fx.db.query('UPDATE auth.users SET encrypted_password = $1 WHERE email = $2', [
      legacy,
      'old@example.com',
    ]);
    const stored = async () =>
      (
        await fx.db.query<{ encrypted_password: string }>(
          'SELECT encrypted_password FROM auth.users WHERE email = $1',
          ['old@example.com'],
        )
      ).rows[0]?.encrypted_password;

    const wrong = await client.signInWithPassword({
      email: 'old@example.com',
      password: 'nope-nope-1',
    });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(await stored()).toBe(legacy);

    const first = await client.signInWithPassword({
      email: 'old@example.com',
      password: 'old-timer-123',
    });
    expect(first.error).toBeNull();
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const again = await client.signInWithPassword({
      email: 'old@example.com',
      password: 'old-timer-123',
    });
    expect(again.error).toBeNull();
  });

  it('refuses a second account for the same email, however it is typed', async () => {
    const client = fx.server.authClient();
    await client.signUp({ email: 'grace@example.com', password: 'password-1' });
    const { error } = await client.signUp({ email: ' GRACE@example.com', password: 'password-2' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('refuses an invalid email and a password under 8 characters', async () => {
    const client = fx.server.authClient();
    const bad = await client.signUp({ email: 'not-an-email', password: 'long enough' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const weak = await client.signUp({ email: 'short@example.com', password: 'seven77' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
      message: 'Password should be at least 8 characters.',
    });
  });

  it('answers "Invalid login credentials" for a wrong password and for an unknown email', async () => {
    const client = fx.server.authClient();
    await client.signUp({ email: 'linus@example.com', password: 'password-ok' });
    for (const attempt of [
      { email: 'linus@example.com', password: 'password-no' },
      { email: 'nobody@example.com', password: 'password-ok' },
    ]) {
      const { data, error } = await client.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('answers bad requests with 400 JSON errors carrying code, error_code, msg, message and the version header', async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fx.server.fetch(`${fx.server.url}/auth/v1${path}`, {
        method: 'POST',
        headers: { apikey: fx.server.anonKey, 'content-type': 'application/json', ...headers },
        body,
      });
    const cases: [Response, number, string][] = [
      [await post('/token?grant_type=magic', '{}'), 400, 'invalid_credentials'],
      [await post('/token', '{}'), 400, 'invalid_credentials'],
      [await post('/token?grant_type=password', '{"email":'), 400, 'bad_json'],
      [await post('/token?grant_type=password', '[1]'), 400, 'bad_json'],
      [
        await post('/token?grant_type=password', '{"email":1,"password":2}'),
        400,
        'validation_failed',
      ],
      [await post('/signup', '{"email":"a@b.co"}'), 400, 'validation_failed'],
      [await post('/token?grant_type=refresh_token', '{}'), 400, 'validation_failed'],
      [await post('/signup', '{}', { apikey: 'sb_publishable_wrong' }), 401, 'invalid_api_key'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      const body = await res.json();
      expect(body).toMatchObject({ code, error_code: code });
      expect(body.msg).toEqual(expect.any(String));
      expect(body.message).toBe(body.msg);
    }
    const noKey = await fx.server.fetch(`${fx.server.url}/auth/v1/signup`, {
      method: 'POST',
      body: '{}',
    });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ code: 'no_api_key' });
  });

  it('sends the version header on successful answers too', async () => {
    const res = await fx.server.fetch(`${fx.server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: fx.server.anonKey, 'content-type': 'application/json;charset=UTF-8' },
      body: JSON.stringify({ email: 'hdr@example.com', password: 'password-ok', data: {} }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });
});
