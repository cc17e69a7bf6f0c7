// What /auth/v1 answers where a Supabase client or tool compares it with GoTrue: the same codes
// for bad input, /settings and /health; and the differences ADR 0020 records, pinned.
import { readFileSync } from 'node:fs';
import { AuthApiError, AuthSessionMissingError } from '@supabase/auth-js';
import { importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { databaseTargets, fetchUser, serverFixture, signUpAndIn } from '../test-support/index.ts';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

describe.each(databaseTargets())('GoTrue fidelity on $name', (target) => {
  const fx = serverFixture(target);
  const get = (path: string, headers: Record<string, string> = { apikey: fx.server.anonKey }) =>
    fx.server.fetch(`${fx.server.url}/auth/v1${path}`, { headers });

  it('answers an invalid email with 400 validation_failed, as GoTrue does', async () => {
    const client = fx.server.authClient();
    for (const email of ['not-an-email', 'a b@example.com', `${'x'.repeat(250)}@example.com`, '']) {
      const { error } = await client.signUp({ email, password: 'password-123' });
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    const invalid = await client.signUp({ email: 'nope', password: 'password-123' });
    expect(invalid.error?.message).toBe('Unable to validate email address: invalid format');
    const long = await client.signUp({
      email: `${'x'.repeat(250)}@example.com`,
      password: 'password-123',
    });
    expect(long.error?.message).toBe('An email address is too long');

    const { client: signedIn } = await signUpAndIn(fx.server, 'valid@example.com');
    const update = await signedIn.updateUser({ email: 'still not an email' });
    expect(update.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('answers a grant it does not support as GoTrue does: 400 invalid_credentials', async () => {
    const { data, error } = await fx.server
      .authClient()
      .signInWithIdToken({ provider: 'google', token: 'an-id-token' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    });
  });

  it("GET /settings tells clients this shop's sign-in methods in GoTrue's shape", async () => {
    const res = await get('/settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const body = (await res.json()) as { external: Record<string, boolean> };
    expect(body).toEqual({
      external: expect.any(Object),
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    });
    // Email and password only: every other provider GoTrue lists is off.
    expect(body.external.email).toBe(true);
    const others = Object.entries(body.external).filter(([name]) => name !== 'email');
    expect(others.length).toBe(25);
    expect(others.every(([, enabled]) => enabled === false)).toBe(true);
    expect(Object.keys(body.external)).toEqual(
      expect.arrayContaining(['anonymous_users', 'google', 'github', 'apple', 'phone', 'zoom']),
    );
  });

  it('GET /health answers 200 with the version, name and description', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      version: packageVersion,
      name: 'GoTrue',
      description: expect.stringContaining('authentication API'),
    });
  });

  it('asks for the API key on /settings and /health, as Supabase’s gateway does', async () => {
    for (const path of ['/settings', '/health']) {
      const res = await get(path, {});
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'no_api_key' });
    }
  });

  it('answers sign-up with a session, as GoTrue with mailer_autoconfirm does', async () => {
    const settings = await (await get('/settings')).json();
    expect(settings).toMatchObject({ mailer_autoconfirm: true });
    const client = fx.server.authClient();
    const { data, error } = await client.signUp({
      email: 'session@example.com',
      password: 'password-123',
    });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session?.refresh_token).toEqual(expect.any(String));
    expect(data.user).toMatchObject({ email: 'session@example.com' });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.last_sign_in_at).toEqual(expect.any(String));
    // The session is real: the client is signed in with it.
    expect((await client.getUser()).data.user?.id).toBe(data.user?.id);
  });

  it('answers a malformed or dead token on /user with 403, as GoTrue does', async () => {
    const { client, session } = await signUpAndIn(fx.server, 'statuses@example.com');
    const junk = await fetchUser(fx.server, 'a.b.c');
    expect(junk.status).toBe(403);
    expect(await junk.json()).toMatchObject({ code: 'bad_jwt' });
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());
    const sessionId = decode(session.access_token.split('.')[1]!).session_id;
    await fx.db.query('DELETE FROM auth.sessions WHERE id = $1', [sessionId]);
    const gone = await fetchUser(fx.server, session.access_token);
    expect(gone.status).toBe(403);
    expect(await gone.json()).toMatchObject({ code: 'session_not_found' });
    // auth-js: the session is missing and dropped locally.
    expect((await client.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await client.getSession()).data.session).toBeNull();
  });

  describe('where the shop deliberately differs (ADR 0020)', () => {
    it('a token for another audience is 403 bad_jwt, where GoTrue answers 400', async () => {
      const { session } = await signUpAndIn(fx.server, 'audience@example.com');
      // Another audience, properly signed with the server's key.
      const [h, p] = session.access_token.split('.') as [string, string];
      const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());
      const { rows } = await fx.db.query<{ private_jwk: JWK }>(
        'SELECT private_jwk FROM auth.signing_keys WHERE active',
      );
      const otherAudience = await new SignJWT({ ...decode(p), aud: 'service' })
        .setProtectedHeader(decode(h))
        .sign(await importJWK(rows[0]!.private_jwk, 'ES256'));
      const aud = await fetchUser(fx.server, otherAudience);
      expect(aud.status).toBe(403);
      expect(await aud.json()).toMatchObject({ code: 'bad_jwt' });
    });
  });
});
