// Shared steps of the auth server tests, done the way a shop client does them (official auth-js).
import { randomBytes, scryptSync } from 'node:crypto';
import type { TestServer } from './shop.ts';
import { signUpThenIn } from './shopper.ts';

/** Signs `email` up (an existing account is fine) and in on a fresh client; fails without a session. */
export async function signUpAndIn(on: TestServer, email: string, password = 'password-1') {
  const client = on.authClient();
  return { client, session: await signUpThenIn(client, email, password, { existingOk: true }) };
}

/** GET /auth/v1/user with `token` as the bearer and the anon key as apikey. */
export function fetchUser(on: TestServer, token: string): Promise<Response> {
  return on.fetch(`${on.url}/auth/v1/user`, {
    headers: { apikey: on.anonKey, authorization: `Bearer ${token}` },
  });
}

/** A hash as the server wrote them before Argon2id (scrypt; the cost lowered to keep tests quick). */
export function legacyScryptHash(password: string, log2N = 10): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** log2N, r: 8, p: 1 });
  return `$scrypt$ln=${log2N},r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
}
