import { AuthApiError, AuthWeakPasswordError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { databaseTargets, serverFixture } from '../test-support/index.ts';

describe.each(databaseTargets())('GET and PUT /user on $name', (target) => {
  const fx = serverFixture(target);

  async function signedIn(email: string, password = 'password-1') {
    const client = fx.server.authClient();
    expect((await client.signUp({ email, password })).error).toBeNull();
    expect((await client.signInWithPassword({ email, password })).error).toBeNull();
    return client;
  }

  it('getUser answers the signed-in user from the server', async () => {
    const client = await signedIn('get@example.com');
    const { data, error } = await client.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'get@example.com', factors: [], identities: [{}] });
  });

  it('getUser without a session fails with "Auth session missing!"', async () => {
    const { error } = await fx.server.authClient().getUser();
    expect(error?.message).toBe('Auth session missing!');
  });

  it('updateUser with an email only asks for the change: the old one still signs in', async () => {
    const client = await signedIn('old@example.com');
    const { data, error } = await client.updateUser({ email: 'New@Example.com' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'old@example.com', new_email: 'new@example.com' });
    expect(data.user?.identities?.[0]?.identity_data?.email).toBe('old@example.com');

    const other = fx.server.authClient();
    const oldLogin = await other.signInWithPassword({
      email: 'old@example.com',
      password: 'password-1',
    });
    expect(oldLogin.error).toBeNull();
    const newLogin = await other.signInWithPassword({
      email: 'new@example.com',
      password: 'password-1',
    });
    expect(newLogin.error?.message).toBe('Invalid login credentials');
  });

  it('updateUser refuses an email that is taken or invalid', async () => {
    await signedIn('taken@example.com');
    const client = await signedIn('wants@example.com');
    const taken = await client.updateUser({ email: 'taken@example.com' });
    expect(taken.error).toBeInstanceOf(AuthApiError);
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    const invalid = await client.updateUser({ email: 'nope' });
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await client.getUser()).data.user?.email).toBe('wants@example.com');
  });

  it('updateUser changes the password under the same policy', async () => {
    const client = await signedIn('pw@example.com', 'first-password');
    const weak = await client.updateUser({ password: 'short' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    const same = await client.updateUser({ password: 'first-password' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const ok = await client.updateUser({ password: 'second-password' });
    expect(ok.error).toBeNull();

    const other = fx.server.authClient();
    const oldLogin = await other.signInWithPassword({
      email: 'pw@example.com',
      password: 'first-password',
    });
    expect(oldLogin.error?.message).toBe('Invalid login credentials');
    const newLogin = await other.signInWithPassword({
      email: 'pw@example.com',
      password: 'second-password',
    });
    expect(newLogin.error).toBeNull();
  });

  it('refuses GET /user without a bearer token, with 401 no_authorization', async () => {
    const res = await fx.server.fetch(`${fx.server.url}/auth/v1/user`, {
      headers: { apikey: fx.server.anonKey, authorization: `Bearer ${fx.server.anonKey}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'no_authorization' });
  });
});
