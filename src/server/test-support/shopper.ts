// A shopper of a test shop: signed up and in through /auth/v1 with the official auth-js client,
// as the shop's pages do.
import { randomUUID } from 'node:crypto';
import type { GoTrueClient, Session } from '@supabase/auth-js';
import type { FunctionsClient } from '@supabase/functions-js';

export interface Shopper {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** functions-js as the browser uses it: apikey plus this shopper's bearer. */
  functions: FunctionsClient;
}

export const SHOPPER_PASSWORD = 'correct horse battery';

/**
 * Signs `email` up and in on `client`, as the shop's pages do; throws a sign-up error unless
 * `existingOk`, and throws when sign-in gives no session.
 */
export async function signUpThenIn(
  client: GoTrueClient,
  email: string,
  password: string,
  { existingOk = false } = {},
): Promise<Session> {
  const signUp = await client.signUp({ email, password });
  if (signUp.error && !existingOk) throw signUp.error;
  const { data, error } = await client.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

/** Signs a new shopper (`<label>-<random>@keebshop.test`) up and in on `client`. */
export async function signUpShopper(
  client: GoTrueClient,
  label: string,
  functionsFor: (accessToken: string) => FunctionsClient,
): Promise<Shopper> {
  const email = `${label}-${randomUUID().slice(0, 8)}@keebshop.test`;
  const session = await signUpThenIn(client, email, SHOPPER_PASSWORD);
  return {
    id: session.user.id,
    email,
    password: SHOPPER_PASSWORD,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    functions: functionsFor(session.access_token),
  };
}
