import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres.ts';
import type { Database } from '../db/types.ts';
import {
  databaseTargets,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/index.ts';

const LIMITS = {
  SIGNIN_RATE_LIMIT_PER_EMAIL: '3',
  SIGNIN_RATE_LIMIT_PER_IP: '5',
  SIGNIN_RATE_LIMIT_WINDOW: '300',
  TRUST_PROXY: 'true',
};

describe.each(databaseTargets())('password sign-in rate limit on $name', (target) => {
  let db: TestDatabase;
  let secondPool: Database | undefined;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await target.open();
    // Two instances of the service on one database (on PostgreSQL, each with its own pool).
    if (db.url) secondPool = await openPostgres(db.url);
    a = await startTestServer({ db, env: LIMITS });
    b = await startTestServer({ db: secondPool ?? db, env: LIMITS });
    await a.authClient().signUp({ email: 'limited@example.com', password: 'password-1' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondPool?.close();
    await db?.close();
  });

  const signIn = (server: TestServer, email: string, ip: string, password = 'wrong-password') =>
    server.fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ email, password }),
    });

  it('allows 3 attempts per email across both instances, then answers 429 with Retry-After', async () => {
    const statuses = [];
    for (const server of [a, b, a]) {
      statuses.push((await signIn(server, 'limited@example.com', '10.0.0.1')).status);
    }
    expect(statuses).toEqual([400, 400, 400]);

    const blocked = await signIn(b, 'Limited@Example.com', '10.0.0.2', 'password-1');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(blocked.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await blocked.json()).toMatchObject({
      code: 'over_request_rate_limit',
      error_code: 'over_request_rate_limit',
    });

    // auth-js reports it as a non-retryable 429 with the code.
    const { error } = await a
      .authClient({ headers: { 'x-forwarded-for': '10.0.0.3' } })
      .signInWithPassword({ email: 'limited@example.com', password: 'password-1' });
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    // Another email is not affected; and the next window starts afresh.
    expect((await signIn(a, 'someone-else@example.com', '10.0.0.4')).status).toBe(400);
    a.clock.advance(300_000);
    const later = await signIn(a, 'limited@example.com', '10.0.0.5', 'password-1');
    a.clock.advance(-300_000);
    expect(later.status).toBe(200);
  });

  it('allows 5 attempts per IP whatever the email, across both instances', async () => {
    const ip = '192.0.2.7';
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await signIn(i % 2 ? b : a, `user${i}@example.com`, ip)).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await signIn(a, 'user9@example.com', '192.0.2.8')).status).toBe(400);
  });
});
