// Shared steps of the auth server tests, done the way a shop client does them (official auth-js).
import type { TestServer } from '../../../tests/helpers/server.ts';

/** Signs `email` up (an existing account is fine) and in on a fresh client; fails without a session. */
export async function signUpAndIn(on: TestServer, email: string, password = 'password-1') {
  const client = on.authClient();
  await client.signUp({ email, password });
  const { data, error } = await client.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}

/** GET /auth/v1/user with `token` as the bearer and the anon key as apikey. */
export function fetchUser(on: TestServer, token: string): Promise<Response> {
  return on.fetch(`${on.url}/auth/v1/user`, {
    headers: { apikey: on.anonKey, authorization: `Bearer ${token}` },
  });
}
