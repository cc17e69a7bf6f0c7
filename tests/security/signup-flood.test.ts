// Security: a flood of sign-ups cannot starve sign-in. Password hashing has a bounded queue (429
// at once when full, sign-ins ahead of new passwords), every endpoint that hashes a password is
// rate-limited in the database, and user_metadata is capped.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type Shopper,
  startTestServer,
  type TestServer,
} from '../../src/server/test-support/index.ts';

const FLOOD = 400;

/** The 99th percentile of `ms` (the largest of fewer than 100 samples). */
const p99 = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};

describe.each(databaseTargets())('sign-up flood on $name', (target) => {
  let shop: TestServer;
  let shopper: Shopper;
  beforeAll(async () => {
    // In-process (the test's own 400 HTTP clients would cost this process more than the server
    // does), clients told apart by X-Forwarded-For as behind a balancer: the flood comes from as
    // many addresses as requests, so only the hashing queue can hold it back.
    shop = await startTestServer({
      target,
      env: {
        TRUST_PROXY: 'true',
        // The shopper signs in some 60 times (tests/security/lockout.test.ts covers those limits).
        SIGNIN_RATE_LIMIT_PER_EMAIL: '100000',
        SIGNUP_RATE_LIMIT_PER_IP: '3',
        USER_UPDATE_RATE_LIMIT_PER_USER: '3',
      },
    });
    shopper = await shop.signUp('shopper');
  });
  afterAll(() => shop?.close());

  const post = (path: string, body: unknown, ip: string, token?: string) =>
    shop.call(path, {
      method: path === '/auth/v1/user' ? 'PUT' : 'POST',
      headers: { 'x-forwarded-for': ip },
      body: JSON.stringify(body),
      ...(token ? { token } : {}),
    });
  const signUp = (ip: string, data?: unknown, email = `flood-${randomUUID()}@example.com`) =>
    post('/auth/v1/signup', { email, password: 'flood-password', data }, ip);
  async function timedSignIn(): Promise<number> {
    const started = performance.now();
    const res = await post(
      '/auth/v1/token?grant_type=password',
      { email: shopper.email, password: shopper.password },
      '198.51.100.1',
    );
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    return performance.now() - started;
  }

  /** Sends `FLOOD` sign-ups at once while the shopper signs in, one after the other. */
  async function signInsDuring(withApiKey: boolean) {
    let settled = false;
    const answers = Promise.all(
      Array.from({ length: FLOOD }, async (_, i) => {
        const res = await shop.fetch(`${shop.url}/auth/v1/signup`, {
          method: 'POST',
          headers: {
            ...(withApiKey ? { apikey: shop.anonKey } : {}),
            'content-type': 'application/json',
            'x-forwarded-for': `10.1.${i >> 8}.${i & 255}`,
          },
          body: JSON.stringify({
            email: `flood-${randomUUID()}@example.com`,
            password: 'pw-123456',
          }),
        });
        await res.arrayBuffer();
        return { status: res.status, retryAfter: res.headers.get('retry-after') };
      }),
    ).finally(() => {
      settled = true;
    });
    const signIns: number[] = [];
    while (!settled || signIns.length < 20) signIns.push(await timedSignIn());
    return { signIns, answers: await answers };
  }

  it(`keeps a shopper's sign-in p99 under 1 s while ${FLOOD} sign-ups arrive at once`, async () => {
    await timedSignIn();
    // What merely receiving 400 requests at once costs this machine now (shared, 2 cores): the
    // same requests without the API key, refused before any auth work.
    // Measured before and after the flood, so a change in the machine's load meanwhile counts.
    const before = await signInsDuring(false);
    const flood = await signInsDuring(true);
    const after = await signInsDuring(false);
    const control = p99(before.signIns) > p99(after.signIns) ? before : after;
    expect(new Set(control.answers.map((a) => a.status))).toEqual(new Set([401]));

    // 1 s, unless the machine is so busy that the control alone took a third of that: then three
    // times the control. Without the bounded queue, sign-ins waited behind every sign-up's hash:
    // 400 hashes, two at a time, at about 20 ms each on an idle machine.
    const bound = Math.max(1000, 3 * p99(control.signIns));
    const ms = (values: number[]) => `${Math.round(p99(values))} ms`;
    const summary = `sign-in p99 ${ms(flood.signIns)} during the flood (${flood.signIns.length} sign-ins), ${ms(control.signIns)} during the control burst`;
    expect(p99(flood.signIns), summary).toBeLessThan(bound);
    // The flood was turned away by the full queue at once (429, Retry-After: 1), not served late.
    const statuses = new Set(flood.answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 200 || s === 429)).toBe(true);
    const refused = flood.answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(FLOOD / 2);
    expect(refused.every((r) => r.retryAfter === '1')).toBe(true);
  }, 120_000);

  it('limits sign-ups per client in the database (SIGNUP_RATE_LIMIT_PER_IP)', async () => {
    const ip = '203.0.113.1';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUp(ip)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const blocked = await signUp(ip);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect((await signUp('203.0.113.2')).status).toBe(200);
  });

  it('limits password changes per user in the database (USER_UPDATE_RATE_LIMIT_PER_USER)', async () => {
    const user = await shop.signUp('changer');
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(
        '/auth/v1/user',
        { password: `new-password-${i}` },
        `192.0.2.${i}`,
        user.accessToken,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Metadata-only updates cost no hash and are not counted.
    const metadata = await post(
      '/auth/v1/user',
      { data: { nickname: 'k' } },
      '192.0.2.9',
      user.accessToken,
    );
    expect(metadata.status).toBe(200);
  });

  it('refuses user_metadata over 8 KB with 422 validation_failed, storing nothing', async () => {
    const email = `big-${randomUUID()}@example.com`;
    // Over the cap but under the auth body limit (64 KB; bigger bodies are 413, nested-json.test.ts).
    const big = await signUp('203.0.113.20', { bio: 'x'.repeat(20_000) }, email);
    expect(big.status).toBe(422);
    expect(big.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await big.json()).toMatchObject({
      code: 'validation_failed',
      error_code: 'validation_failed',
      msg: expect.stringMatching(/metadata.*8192 bytes/),
    });
    const stored = await shop.db.query('SELECT 1 FROM auth.users WHERE email = $1', [email]);
    expect(stored.rows).toHaveLength(0);

    // Just under the cap is fine; an update that would take it over is refused and changes nothing.
    const user = await shop.signUp('metadata');
    const update = (data: unknown) =>
      post('/auth/v1/user', { data }, '203.0.113.21', user.accessToken);
    expect((await update({ bio: 'x'.repeat(7_000) })).status).toBe(200);
    const over = await update({ more: 'y'.repeat(2_000) });
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({ code: 'validation_failed' });
    const { rows } = await shop.db.query<{ keys: string[] }>(
      `SELECT array(SELECT jsonb_object_keys(raw_user_meta_data)) AS keys FROM auth.users WHERE id = $1`,
      [user.id],
    );
    expect(rows[0]!.keys).toEqual(['bio']);
  });
});
