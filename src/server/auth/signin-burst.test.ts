// A burst of wrong passwords from a few addresses must not crowd real sign-ins out of the
// hashing queue (docs/operations.md, Security). Success is compared with a control in the same run.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type Shopper, type TestServer } from '../test-support/index.ts';

const ATTACKERS = 10;
const BURST = 25; // per attacker address, under every rate limit (30 per address)
let shop: TestServer;
let shoppers: Shopper[];

beforeAll(async () => {
  shop = await startTestServer({
    env: {
      // The documented defaults, client addresses from X-Forwarded-For as behind a balancer.
      SIGNIN_RATE_LIMIT_PER_EMAIL_AND_IP: '10',
      SIGNIN_RATE_LIMIT_PER_EMAIL: '50',
      SIGNIN_RATE_LIMIT_PER_IP: '30',
      TRUST_PROXY: 'true',
    },
  });
  shoppers = [];
  for (let i = 0; i < 10; i++) shoppers.push(await shop.signUp(`real-${i}`));
});
afterAll(() => shop?.close());

const signIn = async (email: string, password: string, ip: string) => {
  const res = await shop.call('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  return res.status;
};

/** The shoppers' sign-ins, each from its own address, sent after `burst` at the same moment. */
async function realSignIns(round: string, burst: Promise<number>[]) {
  const real = shoppers.map((s, i) => signIn(s.email, s.password, `198.51.${round}.${i}`));
  const [statuses, attack] = await Promise.all([Promise.all(real), Promise.all(burst)]);
  return { ok: statuses.filter((s) => s === 200).length, statuses, attack };
}

it('real sign-ins succeed during a burst of wrong passwords as without it', async () => {
  const control = await realSignIns('100', []);
  // Each attacker address sprays wrong passwords at 25 emails at once.
  const burst = Array.from({ length: ATTACKERS * BURST }, (_, n) => {
    const a = n % ATTACKERS;
    return signIn(`guess-${n}@example.com`, 'wrong-password', `203.0.113.${a}`);
  });
  const during = await realSignIns('101', burst);
  expect(control.ok).toBe(shoppers.length);
  expect(during.statuses).toEqual(control.statuses);
  // The burst was held back (by the queue), not let through to hash all at once.
  expect(during.attack.filter((s) => s === 429).length).toBeGreaterThan(0);
});
