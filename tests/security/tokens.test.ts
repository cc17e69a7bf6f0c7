// Security: forged, expired, alg-none and HS256-confusion tokens are refused (401) on every API;
// a refresh token reused after rotation revokes its session; password guessing meets a 429.
import { createHmac } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../../src/server/test-support/index.ts';
import { statusesWith } from './support.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

describe.each(databaseTargets())('tokens and sign-in on $name', (target) => {
  let shop: PayingTestServer;
  let alice: Shopper;
  beforeAll(async () => {
    shop = await startTestServer({
      target,
      payments: true,
      listen: true,
      env: {
        SIGNIN_RATE_LIMIT_PER_EMAIL: '5',
        // A day-long window: the count cannot reset in the middle of the test.
        SIGNIN_RATE_LIMIT_WINDOW: '86400',
        REFRESH_TOKEN_REUSE_INTERVAL: '0',
      },
    });
    alice = await shop.signUp('alice');
  });
  afterAll(() => shop?.close());

  it("accepts Alice's own token (so the refusals below are about the forgery)", async () => {
    expect(await statusesWith(shop, alice.accessToken)).toEqual([200, 200, 200]);
  });

  it('refuses a token whose signature or payload was tampered with', async () => {
    const [h, p, s] = alice.accessToken.split('.') as [string, string, string];
    const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await statusesWith(shop, `${h}.${p}.${flipped}`)).toEqual([403, 401, 401]);
    const promoted = b64({
      ...decode(p),
      role: 'service_role',
      sub: '00000000-0000-4000-8000-000000000000',
    });
    expect(await statusesWith(shop, `${h}.${promoted}.${s}`)).toEqual([403, 401, 401]);
  });

  it('refuses an expired token, even one properly signed with the server key', async () => {
    const [h, p] = alice.accessToken.split('.') as [string, string];
    const { rows } = await shop.db.query<{ private_jwk: JWK }>(
      'SELECT private_jwk FROM auth.signing_keys WHERE active',
    );
    const key = await importJWK(rows[0]!.private_jwk, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...decode(p), iat: now - 7200, exp: now - 60 })
      .setProtectedHeader(decode(h) as { alg: string })
      .sign(key);
    expect(await statusesWith(shop, expired)).toEqual([403, 401, 401]);
  });

  it('refuses alg "none"', async () => {
    const [h, p] = alice.accessToken.split('.') as [string, string];
    const none = b64({ ...decode(h), alg: 'none' });
    expect(await statusesWith(shop, `${none}.${p}.`)).toEqual([403, 401, 401]);
  });

  it('refuses HS256 tokens keyed with the public key or the anon key (algorithm confusion)', async () => {
    const [h, p] = alice.accessToken.split('.') as [string, string];
    const jwks = (await (await fetch(`${shop.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: JWK[];
    };
    const header = b64({ ...decode(h), alg: 'HS256' });
    for (const secret of [JSON.stringify(jwks.keys[0]), jwks.keys[0]!.x!, shop.anonKey]) {
      const sig = createHmac('sha256', secret).update(`${header}.${p}`).digest('base64url');
      expect(await statusesWith(shop, `${header}.${p}.${sig}`)).toEqual([403, 401, 401]);
    }
  });

  it('revokes the whole session when a rotated refresh token is used again', async () => {
    const bob = await shop.signUp('bob');
    const refresh = (token: string) =>
      shop.call('/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: token }),
      });
    const first = await refresh(bob.refreshToken);
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as { access_token: string; refresh_token: string };

    // A thief replays the old token: refused, and the session it belonged to is over.
    const replay = await refresh(bob.refreshToken);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'refresh_token_already_used' });
    expect((await refresh(rotated.refresh_token)).status).toBe(400);
    expect((await shop.call('/auth/v1/user', { token: rotated.access_token })).status).toBe(403);
  });

  it('answers password guessing with 429 and Retry-After, even for the right password', async () => {
    const carol = await shop.signUp('carol');
    const guess = (password: string) =>
      shop.call('/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: carol.email, password }),
      });
    const statuses: number[] = [];
    // Five wrong guesses (failures count; the sign-up's own sign-in succeeded and did not).
    for (let i = 0; i < 5; i++) statuses.push((await guess(`guess-${i}-password`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const blocked = await guess(carol.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});
