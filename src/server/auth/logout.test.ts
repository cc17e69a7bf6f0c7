import { describe, expect, it } from 'vitest';
import { databaseTargets, fetchUser, serverFixture } from '../test-support/index.ts';

describe.each(databaseTargets())('sign-out scopes on $name', (target) => {
  const fx = serverFixture(target);

  /** Three devices signed in to one account. */
  async function devices(email: string) {
    await fx.server.authClient().signUp({ email, password: 'password-1' });
    const clients = [fx.server.authClient(), fx.server.authClient(), fx.server.authClient()];
    const tokens: string[] = [];
    for (const client of clients) {
      const { data } = await client.signInWithPassword({ email, password: 'password-1' });
      tokens.push(data.session!.access_token);
    }
    return { clients, tokens };
  }

  const alive = async (token: string) => {
    const res = await fetchUser(fx.server, token);
    return res.status === 200;
  };

  it('local ends only this session', async () => {
    const { clients, tokens } = await devices('local@example.com');
    expect((await clients[0]!.signOut({ scope: 'local' })).error).toBeNull();
    expect((await clients[0]!.getSession()).data.session).toBeNull();
    expect(await Promise.all(tokens.map(alive))).toEqual([false, true, true]);
  });

  it('others ends every other session and keeps this one', async () => {
    const { clients, tokens } = await devices('others@example.com');
    expect((await clients[0]!.signOut({ scope: 'others' })).error).toBeNull();
    expect((await clients[0]!.getSession()).data.session).not.toBeNull();
    expect(await Promise.all(tokens.map(alive))).toEqual([true, false, false]);
  });

  it('global (the default) ends every session of the user', async () => {
    const { clients, tokens } = await devices('global@example.com');
    expect((await clients[1]!.signOut()).error).toBeNull();
    expect((await clients[1]!.getSession()).data.session).toBeNull();
    expect(await Promise.all(tokens.map(alive))).toEqual([false, false, false]);
    // The refresh tokens died with the sessions.
    const refresh = await clients[0]!.refreshSession();
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('answers 204 to the empty JSON request auth-js sends, and 400 to an unknown scope', async () => {
    const { tokens } = await devices('raw@example.com');
    const headers = {
      apikey: fx.server.anonKey,
      authorization: `Bearer ${tokens[0]}`,
      'content-type': 'application/json;charset=UTF-8',
    };
    const bad = await fx.server.fetch(`${fx.server.url}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers,
    });
    expect(bad.status).toBe(400);
    const ok = await fx.server.fetch(`${fx.server.url}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers,
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // Signing out again with the dead token is GoTrue's 403, which the client ignores.
    const again = await fx.server.fetch(`${fx.server.url}/auth/v1/logout`, {
      method: 'POST',
      headers,
    });
    expect(again.status).toBe(403);
  });
});
