// Security: whether an email is registered cannot be asked in bulk. Sign-up and email change say
// "already registered" (as GoTrue does without email confirmation), but only within their rate
// limits, per client and per user; past them, taken and new emails get the same 429. Password
// reset and resend answer alike for any address, limits included.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type Shopper,
  startTestServer,
  type TestServer,
} from '../../src/server/test-support/index.ts';

describe.each(databaseTargets())('account enumeration on $name', (target) => {
  let shop: TestServer;
  let known: Shopper;
  beforeAll(async () => {
    shop = await startTestServer({
      target,
      env: {
        TRUST_PROXY: 'true',
        SIGNUP_RATE_LIMIT_PER_IP: '5',
        USER_UPDATE_RATE_LIMIT_PER_USER: '5',
        USER_UPDATE_RATE_LIMIT_PER_IP: '8',
      },
    });
    known = await shop.signUp('known');
  });
  afterAll(() => shop?.close());

  const fresh = () => `new-${randomUUID()}@example.com`;
  const signUp = (email: string, ip: string) =>
    shop.call('/auth/v1/signup', {
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password: 'probe-password' }),
    });
  const changeEmail = (who: Shopper, email: string, ip: string) =>
    shop.call('/auth/v1/user', {
      method: 'PUT',
      token: who.accessToken,
      headers: { 'x-forwarded-for': ip },
      body: JSON.stringify({ email }),
    });
  const codeOf = async (res: Response) =>
    res.status === 200 ? 200 : `${res.status} ${((await res.json()) as { code: string }).code}`;

  it('answers sign-up probes only up to the per-client limit, then 429 for taken and new alike', async () => {
    const ip = '203.0.113.7';
    const answers = [];
    for (const email of [known.email, fresh(), known.email, fresh(), known.email]) {
      answers.push(await codeOf(await signUp(email, ip)));
    }
    expect(answers).toEqual([
      '422 user_already_exists',
      200,
      '422 user_already_exists',
      200,
      '422 user_already_exists',
    ]);
    const taken = await signUp(known.email, ip);
    const unused = await signUp(fresh(), ip);
    expect([taken.status, unused.status]).toEqual([429, 429]);
    expect(await taken.json()).toEqual(await unused.json());
    expect(Number(taken.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect(await codeOf(await signUp(fresh(), '203.0.113.8'))).toBe(200);
  });

  it('answers email-change probes only up to the per-user limit, then 429 for taken and new alike', async () => {
    const prober = await shop.signUp('prober');
    const ip = '198.51.100.30';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await codeOf(await changeEmail(prober, known.email, ip)));
    expect(answers).toEqual(Array<string>(5).fill('422 email_exists'));
    const taken = await changeEmail(prober, known.email, '198.51.100.31');
    const unused = await changeEmail(prober, fresh(), '198.51.100.32');
    expect([taken.status, unused.status]).toEqual([429, 429]);
    expect(await taken.json()).toMatchObject({ code: 'over_request_rate_limit' });

    // Several accounts from one client share that client's limit (8 here).
    const second = await shop.signUp('prober-2');
    const more = [];
    for (let i = 0; i < 4; i++) more.push((await changeEmail(second, known.email, ip)).status);
    expect(more).toEqual([422, 422, 422, 429]);
  });

  it('answers password-reset and resend probes alike for known and unknown addresses', async () => {
    const post = (path: string, body: object) =>
      shop.call(path, { method: 'POST', body: JSON.stringify(body) });
    const answer = async (res: Response) => ({
      status: res.status,
      body: (await res.json()) as unknown,
      retryAfter: res.headers.get('retry-after') !== null,
    });
    const unknown = fresh();
    for (const [path, extra] of [
      ['/auth/v1/recover', {}],
      ['/auth/v1/resend', { type: 'signup' }],
      ['/auth/v1/resend', { type: 'email_change' }],
    ] as const) {
      const firstKnown = await answer(await post(path, { ...extra, email: known.email }));
      const firstUnknown = await answer(await post(path, { ...extra, email: unknown }));
      expect(firstKnown).toEqual({ status: 200, body: {}, retryAfter: false });
      expect(firstUnknown).toEqual(firstKnown);
      // A second one within the interval is refused for both, in the same words (the seconds
      // left may differ by one between the two).
      const refused = {
        status: 429,
        body: expect.objectContaining({
          code: 'over_email_send_rate_limit',
          msg: expect.stringMatching(/^For security purposes, you can only request this after/),
        }),
        retryAfter: true,
      };
      expect(await answer(await post(path, { ...extra, email: known.email }))).toEqual(refused);
      expect(await answer(await post(path, { ...extra, email: unknown }))).toEqual(refused);
    }
  });
});
