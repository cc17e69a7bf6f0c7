// Security: nobody can lock a shopper out by guessing at their email. Only failed sign-ins count,
// per email and client together, with a looser cap per email from every client; guessing from
// one client or from many stays bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type Shopper,
  startTestServer,
  type TestServer,
} from '../../src/server/test-support/index.ts';

describe.each(databaseTargets())('sign-in lockout on $name', (target) => {
  let shop: TestServer;
  let victim: Shopper;
  beforeAll(async () => {
    shop = await startTestServer({
      target,
      env: {
        // The documented defaults (docs/operations.md, Configuration), client addresses from
        // X-Forwarded-For as behind a balancer.
        SIGNIN_RATE_LIMIT_PER_EMAIL_AND_IP: '10',
        SIGNIN_RATE_LIMIT_PER_EMAIL: '50',
        SIGNIN_RATE_LIMIT_PER_IP: '30',
        SIGNIN_RATE_LIMIT_WINDOW: '300',
        TRUST_PROXY: 'true',
      },
    });
    victim = await shop.signUp('victim');
  });
  afterAll(() => shop?.close());

  const signIn = (email: string, password: string, ip: string) =>
    shop.call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });
  /**
   * Moves the server's clock to the start of a fresh limit window (300 s, aligned to the epoch),
   * so a test's attempts are not split between two windows' counts, as they would be now and then
   * if one began while the test ran.
   */
  const atWindowStart = () => {
    const windowMs = 300_000;
    shop.clock.advance(windowMs - (shop.clock.now().getTime() % windowMs) + 1000);
  };
  const statuses = async (n: number, attempt: (i: number) => Promise<Response>) => {
    const all: number[] = [];
    for (let i = 0; i < n; i++) all.push((await attempt(i)).status);
    return all;
  };

  it("an attacker's guesses at a known email do not stop its owner signing in", async () => {
    atWindowStart();
    const attacker = '203.0.113.9';
    // Ten wrong guesses, then the attacker's client is refused, even with the right password...
    const guesses = await statuses(12, (i) =>
      signIn(victim.email, `guess-${i}-password`, attacker),
    );
    expect(guesses).toEqual([...Array<number>(10).fill(400), 429, 429]);
    expect((await signIn(victim.email, victim.password, attacker)).status).toBe(429);
    // ...and hammering on does not fill the per-email cap (refused attempts are not counted).
    const hammering = await statuses(45, () => signIn(victim.email, 'wrong-password', attacker));
    expect(new Set(hammering)).toEqual(new Set([429]));

    // The shopper, on their own client, signs in as usual.
    const own = await signIn(victim.email, victim.password, '198.51.100.7');
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ user: { email: victim.email } });
  });

  it('counts failures, not successes: signing in often never meets a 429', async () => {
    atWindowStart();
    const shopper = await shop.signUp('frequent');
    const ip = '198.51.100.20';
    // More than either cap on failures (10 per email and client, 50 per email).
    const signIns = await statuses(55, () => signIn(shopper.email, shopper.password, ip));
    expect(signIns).toEqual(Array<number>(55).fill(200));
    // A typo among them is one failure, not the eleventh attempt.
    expect((await signIn(shopper.email, 'typo-password', ip)).status).toBe(400);
    expect((await signIn(shopper.email, shopper.password, ip)).status).toBe(200);
  });

  it('bounds guessing at one email from many clients (50) and from one client at many emails (30)', async () => {
    atWindowStart();
    const target = await shop.signUp('target');
    // Five addresses, ten wrong guesses each: the per-email cap is reached...
    for (let a = 0; a < 5; a++) {
      const ip = `192.0.2.${10 + a}`;
      const guesses = await statuses(10, (i) => signIn(target.email, `guess-${a}-${i}`, ip));
      expect(guesses).toEqual(Array<number>(10).fill(400));
    }
    // ...so a sixth address is refused, right password or not, with Retry-After.
    const blocked = await signIn(target.email, target.password, '192.0.2.99');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ code: 'over_request_rate_limit' });

    // One client trying a password at many emails meets its own cap after 30 failures.
    const sprayer = '203.0.113.50';
    const spray = await statuses(31, (i) => signIn(`user-${i}@example.com`, 'Password1!', sprayer));
    expect(spray).toEqual([...Array<number>(30).fill(400), 429]);
  });
});
