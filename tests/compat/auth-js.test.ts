// What the auth service claims for the official @supabase/auth-js (docs/api-compatibility.md):
// sign-up, sign-in, refresh, getUser, updateUser and sign-out, as an app sees them, including the
// session events the client emits. GoTrue's finer points are tested beside the service
// (src/server/auth).
import type { AuthChangeEvent } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../src/server/test-support/index.ts';

const PASSWORD = 'correct horse battery';

describe.each(databaseTargets())('auth-js against /auth/v1 on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it('a session from sign-up to sign-out: each step answers what the client expects', async () => {
    const client = server.authClient();
    const events: AuthChangeEvent[] = [];
    client.onAuthStateChange((event) => void events.push(event));
    const email = `compat-${Date.now()}@keebshop.test`;

    const signUp = await client.signUp({
      email,
      password: PASSWORD,
      options: { data: { plan: 'a' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user).toMatchObject({ email, user_metadata: { plan: 'a' } });
    // Confirmed at once (mailer_autoconfirm), so sign-up signs in, as on GoTrue.
    expect(signUp.data.session).toMatchObject({ token_type: 'bearer', user: { email } });
    expect(signUp.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(events).toContain('SIGNED_IN');

    const signIn = await client.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session).toMatchObject({ token_type: 'bearer', user: { email } });
    expect(session.expires_in).toBeGreaterThan(0);

    const user = await client.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user).toMatchObject({ id: signUp.data.user?.id, email, aud: 'authenticated' });

    server.clock.advance(1_000); // a new iat, so a new access token
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.access_token).not.toBe(session.access_token);
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed.data.user?.email).toBe(email);

    const updated = await client.updateUser({ data: { plan: 'b' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ plan: 'b' });
    const changed = await client.updateUser({ password: `${PASSWORD} 2` });
    expect(changed.error).toBeNull();

    const current = (await client.getSession()).data.session!;
    const signOut = await client.signOut();
    expect(signOut.error).toBeNull();
    expect((await client.getSession()).data.session).toBeNull();

    // The signed-out session is gone on the server: its tokens no longer work.
    const stale = await server.authClient().getUser(current.access_token);
    expect(stale.data.user).toBeNull();
    expect(stale.error?.message).toBe('Auth session missing!');
    const reused = await server
      .authClient()
      .refreshSession({ refresh_token: current.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });

    expect(events).toEqual(
      expect.arrayContaining(['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']),
    );
    expect(events.at(-1)).toBe('SIGNED_OUT');

    // The new password signs in; the old one is refused as GoTrue refuses it.
    const fresh = server.authClient();
    const again = await fresh.signInWithPassword({ email, password: `${PASSWORD} 2` });
    expect(again.error).toBeNull();
    const old = await fresh.signInWithPassword({ email, password: PASSWORD });
    expect(old.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('a signed-in client reaches the data API as its user, and as anon again after sign-out', async () => {
    const client = server.authClient();
    const email = `compat-data-${Date.now()}@keebshop.test`;
    await client.signUp({ email, password: PASSWORD });
    await client.signInWithPassword({ email, password: PASSWORD });
    const token = (await client.getSession()).data.session!.access_token;
    const own = await server.restClient(token).from('orders').select('*');
    expect(own).toMatchObject({ status: 200, data: [] });
    await client.signOut();
    const after = await server.restClient(token).from('orders').select('*');
    expect(after).toMatchObject({ status: 401, error: { code: 'PGRST301' } });
  });
});
