import { describe, expect, it } from 'vitest';
import { databaseTargets, serverFixture, signUpAndIn } from '../test-support/index.ts';

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe.each(databaseTargets())('refresh-token rotation on $name', (target) => {
  const fx = serverFixture(target);

  const signIn = (email: string) => signUpAndIn(fx.server, email);

  // A fresh client per call: auth-js caches a failed refresh per token for 60 s.
  const refresh = (refresh_token: string) =>
    fx.server.authClient().refreshSession({ refresh_token });

  it('rotates: a new refresh token and access token for the same session, with the user', async () => {
    const { client, session } = await signIn('rotate@example.com');
    fx.server.clock.advance(1000); // a new iat, so a new access token
    const { data, error } = await client.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.access_token).not.toBe(session.access_token);
    expect(data.user?.email).toBe('rotate@example.com');
    expect(data.session?.user.id).toBe(session.user.id);
    expect(claimsOf(data.session!.access_token).session_id).toBe(
      claimsOf(session.access_token).session_id,
    );
    // The new token refreshes again.
    expect((await refresh(data.session!.refresh_token)).error).toBeNull();
  });

  it('returns the current session when a rotated token is reused within 10 s', async () => {
    const { session } = await signIn('tabs@example.com');
    const first = await refresh(session.refresh_token);
    expect(first.error).toBeNull();
    fx.server.clock.advance(9_000);
    const again = await refresh(session.refresh_token);
    expect(again.error).toBeNull();
    expect(claimsOf(again.data.session!.access_token).session_id).toBe(
      claimsOf(session.access_token).session_id,
    );
    // Both tabs' tokens keep working.
    expect((await refresh(first.data.session!.refresh_token)).error).toBeNull();
    expect((await refresh(again.data.session!.refresh_token)).error).toBeNull();
  });

  it('answers tabs refreshing one token at the same moment with sessions of the same login', async () => {
    const { session } = await signIn('race@example.com');
    const answers = await Promise.all([1, 2, 3].map(() => refresh(session.refresh_token)));
    for (const { data, error } of answers) {
      expect(error).toBeNull();
      expect(claimsOf(data.session!.access_token).session_id).toBe(
        claimsOf(session.access_token).session_id,
      );
    }
    const next = new Set(answers.map((a) => a.data.session!.refresh_token));
    expect(next.size).toBe(3);
    for (const token of next) expect((await refresh(token)).error).toBeNull();
  });

  it('revokes the whole session when a rotated token is reused after 10 s', async () => {
    const { session } = await signIn('leak@example.com');
    const next = await refresh(session.refresh_token);
    expect(next.error).toBeNull();
    fx.server.clock.advance(11_000);

    const reuse = await refresh(session.refresh_token);
    expect(reuse.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    // Everything of that session is dead: the newest refresh token and its access token.
    const later = await refresh(next.data.session!.refresh_token);
    expect(later.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await fx.server.authClient().getUser(next.data.session!.access_token);
    expect(user.error?.message).toBe('Auth session missing!');
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await refresh('not-a-token');
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });
});
