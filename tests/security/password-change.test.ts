// Security: changing the password ends every other session of the account (a thief holding an
// older session loses it), as GoTrue does; the session that made the change stays signed in.
import { AuthSessionMissingError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import {
  databaseTargets,
  serverFixture,
  signUpAndIn,
} from '../../src/server/test-support/index.ts';

describe.each(databaseTargets())('a password change on $name', (target) => {
  const fx = serverFixture(target);

  /** The status of a data API read with `token` as the bearer. */
  async function ordersStatus(token: string) {
    return (await fx.server.restClient(token).from('orders').select('*')).status;
  }

  it("ends the other sessions' access and refresh tokens, and keeps the current one", async () => {
    const email = 'mallory-target@example.com';
    const thief = await signUpAndIn(fx.server, email, 'old-password-1');
    const owner = await signUpAndIn(fx.server, email, 'old-password-1');
    // The thief's token is in use (and remembered by the data API's token cache) before the change.
    expect(await ordersStatus(thief.session.access_token)).toBe(200);

    const changed = await owner.client.updateUser({ password: 'new-password-2' });
    expect(changed.error).toBeNull();

    // The other session: its access token is refused everywhere, its refresh token is dead.
    expect(await ordersStatus(thief.session.access_token)).toBe(401);
    const user = await fx.server.call('/auth/v1/user', { token: thief.session.access_token });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
    const refreshed = await fx.server
      .authClient()
      .refreshSession({ refresh_token: thief.session.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect(refreshed.data.session).toBeNull();
    const { error } = await thief.client.getUser();
    expect(error).toBeInstanceOf(AuthSessionMissingError);

    // The session that changed the password goes on: user, data and a refresh.
    const { data: current } = await owner.client.getSession();
    expect(await ordersStatus(current.session!.access_token)).toBe(200);
    expect((await owner.client.getUser()).error).toBeNull();
    const again = await owner.client.refreshSession();
    expect(again.error).toBeNull();
    expect(again.data.session?.access_token).toBeTruthy();

    // Only the new password signs in.
    const fresh = fx.server.authClient();
    const old = await fresh.signInWithPassword({ email, password: 'old-password-1' });
    expect(old.error?.code).toBe('invalid_credentials');
    expect(
      (await fresh.signInWithPassword({ email, password: 'new-password-2' })).error,
    ).toBeNull();
  });

  it('leaves the other sessions alone when only the metadata or the email changes', async () => {
    const email = 'keeps-sessions@example.com';
    const other = await signUpAndIn(fx.server, email);
    const editor = await signUpAndIn(fx.server, email);
    expect((await editor.client.updateUser({ data: { nickname: 'K' } })).error).toBeNull();
    expect(await ordersStatus(other.session.access_token)).toBe(200);
  });
});
