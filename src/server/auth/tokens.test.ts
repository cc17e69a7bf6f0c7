import { createHmac } from 'node:crypto';
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  databaseTargets,
  fetchUser,
  serverFixture,
  signUpAndIn,
  startTestServer,
} from '../test-support/index.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (jwt: string) => jwt.split('.') as [string, string, string];
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());

describe.each(databaseTargets())('access tokens and JWKS on $name', (target) => {
  const fx = serverFixture(target);

  async function signIn(email: string) {
    const { client, session } = await signUpAndIn(fx.server, email);
    return { client, token: session.access_token };
  }

  async function getUser(token: string) {
    const res = await fetchUser(fx.server, token);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function jwks() {
    const res = await fx.server.fetch(`${fx.server.url}/auth/v1/.well-known/jwks.json`);
    return { res, body: (await res.json()) as { keys: JWK[] } };
  }

  async function serverPrivateKey() {
    const { rows } = await fx.db.query<{ private_jwk: JWK }>(
      'SELECT private_jwk FROM auth.signing_keys WHERE active',
    );
    return importJWK(rows[0]!.private_jwk, 'ES256');
  }

  it('publishes the public ES256 key with its kid, and tokens verify against it', async () => {
    const { res, body } = await jwks();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(body.keys).toHaveLength(1);
    const [key] = body.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
    const { token } = await signIn('jwks@example.com');
    const header = decode(parts(token)[0]);
    expect(header).toEqual({ alg: 'ES256', kid: key!.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, createLocalJWKSet(body), {
      audience: 'authenticated',
    });
    expect(payload.email).toBe('jwks@example.com');
  });

  it("lets auth-js's getClaims verify the token locally with the JWKS", async () => {
    const seen: string[] = [];
    const client = fx.server.authClient({
      fetch: (input, init) => {
        seen.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fx.server.fetch(input, init);
      },
    });
    await client.signUp({ email: 'claims@example.com', password: 'password-1' });
    await client.signInWithPassword({ email: 'claims@example.com', password: 'password-1' });
    seen.length = 0;
    const { data, error } = await client.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ email: 'claims@example.com', role: 'authenticated' });
    // Verified with the published key, not by falling back to GET /user.
    expect(seen).toEqual(['GET /auth/v1/.well-known/jwks.json']);
  });

  it('keeps the same key across restarts (stored in the database)', async () => {
    const before = (await jwks()).body.keys[0]!.kid;
    const second = await startTestServer({ db: fx.db });
    const res = await second.fetch(`${second.url}/auth/v1/.well-known/jwks.json`);
    expect(((await res.json()) as { keys: JWK[] }).keys[0]!.kid).toBe(before);
    expect(second.anonKey).toBe(fx.server.anonKey);
    expect(fx.server.anonKey).toMatch(/^sb_publishable_/);
    await second.close();
  });

  it('refuses a token with a bad signature', async () => {
    const { token } = await signIn('sig@example.com');
    const [h, p, s] = parts(token);
    const flipped = s.startsWith('A') ? `B${s.slice(1)}` : `A${s.slice(1)}`;
    expect(await getUser(`${h}.${p}.${flipped}`)).toMatchObject({
      status: 403,
      body: { code: 'bad_jwt' },
    });
    // The payload changed under a valid signature is refused too.
    const claims = { ...decode(p), email: 'admin@example.com' };
    expect((await getUser(`${h}.${b64(claims)}.${s}`)).status).toBe(403);
  });

  it('refuses alg "none"', async () => {
    const { token } = await signIn('none@example.com');
    const [h, p] = parts(token);
    const header = { ...decode(h), alg: 'none' };
    for (const forged of [`${b64(header)}.${p}.`, `${b64(header)}.${p}`]) {
      expect(await getUser(forged)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    }
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const { token } = await signIn('hs@example.com');
    const [h, p] = parts(token);
    const { body } = await jwks();
    const header = b64({ ...decode(h), alg: 'HS256' });
    for (const secret of [JSON.stringify(body.keys[0]), body.keys[0]!.x!, fx.server.anonKey]) {
      const sig = createHmac('sha256', secret).update(`${header}.${p}`).digest('base64url');
      expect(await getUser(`${header}.${p}.${sig}`)).toMatchObject({
        status: 403,
        body: { code: 'bad_jwt' },
      });
    }
  });

  it('refuses an expired token and one for another audience, even when properly signed', async () => {
    const { token } = await signIn('exp@example.com');
    const claims = decode(parts(token)[1]);
    const kid = decode(parts(token)[0]).kid;
    const key = await serverPrivateKey();
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key);
    // Sanity: the same signing path with the original claims is accepted.
    expect((await getUser(await sign(claims))).status).toBe(200);

    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ ...claims, iat: now - 7200, exp: now - 3600 });
    expect(await getUser(expired)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    const otherAud = await sign({ ...claims, aud: 'anon' });
    expect(await getUser(otherAud)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });

    // The server's own token expires after JWT_EXPIRY (3600 s) on its clock.
    fx.server.clock.advance(3601_000);
    try {
      expect(await getUser(token)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    } finally {
      fx.server.clock.advance(-3601_000);
    }
  });

  it('refuses the token of a deleted user and of a signed-out session', async () => {
    const gone = await signIn('gone@example.com');
    const sub = decode(parts(gone.token)[1]).sub;
    await fx.db.query('DELETE FROM auth.users WHERE id = $1', [sub]);
    expect(await getUser(gone.token)).toMatchObject({
      status: 403,
      body: { code: 'user_not_found' },
    });

    const out = await signIn('out@example.com');
    expect((await getUser(out.token)).status).toBe(200);
    await out.client.signOut();
    expect(await getUser(out.token)).toMatchObject({
      status: 403,
      body: { code: 'session_not_found' },
    });
  });

  it('refuses garbage bearer tokens without a 500', async () => {
    for (const junk of ['x', 'a.b.c', 'e30.e30.e30', `${'A'.repeat(2000)}.${'B'.repeat(10)}.c`]) {
      expect(await getUser(junk)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    }
  });
});
