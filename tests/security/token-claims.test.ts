// Security: an access token properly signed with the server's own key is still refused on every
// API when it names another issuer, an audience other than exactly "authenticated", or a lifetime
// beyond JWT_EXPIRY (what a leaked signing key or a forging insider would mint to last for years).
import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgliteTarget,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../../src/server/test-support/index.ts';
import { statusesWith } from './support.ts';

const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

describe.each([pgliteTarget])('access-token claims on $name', (target) => {
  let shop: PayingTestServer;
  let alice: Shopper;
  let sign: (claims: Record<string, unknown>) => Promise<string>;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    shop = await startTestServer({ target, payments: true, env: { JWT_EXPIRY: '900' } });
    alice = await shop.signUp('alice');
    const [h, p] = alice.accessToken.split('.') as [string, string];
    claims = decode(p);
    const { rows } = await shop.db.query<{ private_jwk: JWK }>(
      'SELECT private_jwk FROM auth.signing_keys WHERE active',
    );
    const key = await importJWK(rows[0]!.private_jwk, 'ES256');
    const header = decode(h) as { alg: string };
    sign = (payload) => new SignJWT(payload).setProtectedHeader(header).sign(key);
  });
  afterAll(() => shop?.close());

  it('issues tokens naming this server and living exactly JWT_EXPIRY', () => {
    expect(claims).toMatchObject({ iss: `${shop.url}/auth/v1`, aud: 'authenticated' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });

  it('accepts the same claims re-signed (so each refusal below is about one claim)', async () => {
    expect(await statusesWith(shop, await sign(claims))).toEqual([200, 200, 200]);
  });

  it('refuses a token from another issuer, or naming none', async () => {
    const foreign = await sign({ ...claims, iss: 'https://evil.example/auth/v1' });
    expect(await statusesWith(shop, foreign)).toEqual([403, 401, 401]);
    const body = await (await shop.call('/auth/v1/user', { token: foreign })).json();
    expect(body).toMatchObject({ code: 'bad_jwt', message: 'invalid JWT: iss claim is invalid' });
    const { iss: _iss, ...anonymous } = claims;
    expect(await statusesWith(shop, await sign(anonymous))).toEqual([403, 401, 401]);
  });

  it('refuses an audience that is not exactly "authenticated"', async () => {
    for (const aud of [['authenticated'], ['authenticated', 'admin'], 'anon', 'Authenticated']) {
      expect(await statusesWith(shop, await sign({ ...claims, aud }))).toEqual([403, 401, 401]);
    }
  });

  it('refuses a lifetime beyond JWT_EXPIRY, and an iat in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    const tenYears = await sign({ ...claims, iat: now, exp: now + 10 * 365 * 86_400 });
    expect(await statusesWith(shop, tenYears)).toEqual([403, 401, 401]);
    const body = await (await shop.call('/auth/v1/user', { token: tenYears })).json();
    expect(body).toMatchObject({ message: 'invalid JWT: token lifetime exceeds the maximum' });
    expect(await statusesWith(shop, await sign({ ...claims, iat: now, exp: now + 901 }))).toEqual([
      403, 401, 401,
    ]);
    // Dated ahead: the lifetime looks right but would start counting in a year.
    const later = now + 365 * 86_400;
    expect(
      await statusesWith(shop, await sign({ ...claims, iat: later, exp: later + 900 })),
    ).toEqual([403, 401, 401]);
    const { iat: _iat, ...undated } = claims;
    expect(await statusesWith(shop, await sign(undated))).toEqual([403, 401, 401]);
    // The full allowed lifetime is still fine.
    expect(await statusesWith(shop, await sign({ ...claims, iat: now, exp: now + 900 }))).toEqual([
      200, 200, 200,
    ]);
  });
});
