// Deeply nested JSON is cheap to send and expensive to parse. Each API reads bodies under a byte
// limit of its own and refuses JSON nested past 32 levels while the bytes arrive, before any
// parser runs, so a flood of such bodies from anyone, unauthenticated, leaves the server (and its
// health check) responsive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgliteTarget,
  startTestServer,
  type TestServer,
} from '../../src/server/test-support/index.ts';

const MB = 1024 * 1024;
const nested = (bytes: number) => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);

describe.each([pgliteTarget])('Nested JSON bodies on $name', (target) => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ target, listen: true });
  });
  afterAll(() => shop?.close());

  const post = (path: string, body: string) =>
    fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { apikey: shop.anonKey, 'content-type': 'application/json' },
      body,
    });

  it('answers 400 in each API shape for JSON nested past 32 levels, and 33 levels is enough', async () => {
    const deep = `{"email":"a@b.co","password":"pw-123456","data":${nested(66)}}`;
    const rest = await post('/rest/v1/rpc/rate_product', deep);
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: 'PGRST102', details: null, hint: null });
    const auth = await post('/auth/v1/signup', deep);
    expect(auth.status).toBe(400);
    expect(await auth.json()).toMatchObject({ code: 'bad_json', error_code: 'bad_json' });
    const fn = await post('/functions/v1/confirm-checkout', deep);
    expect(fn.status).toBe(400);
    expect(await fn.json()).toMatchObject({ error: 'bad_json' });
    // 32 levels are read and parsed as usual (here: arguments the function does not take).
    const fits = await post('/rest/v1/rpc/rate_product', `{"x":${nested(62)}}`);
    expect(fits.status).toBe(404);
    expect(await fits.json()).toMatchObject({ code: 'PGRST202' });
  });

  it('keeps auth and functions bodies small: 413 past 64 KB and 128 KB', async () => {
    const pad = (bytes: number) => JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(bytes) });
    expect((await post('/auth/v1/signup', pad(64 * 1024))).status).toBe(413);
    expect((await post('/auth/v1/signup', pad(60 * 1024))).status).not.toBe(413);
    expect((await post('/functions/v1/confirm-checkout', pad(128 * 1024))).status).toBe(413);
    expect((await post('/functions/v1/confirm-checkout', pad(120 * 1024))).status).not.toBe(413);
  });

  it('keeps /healthz fast while 20 clients send 1 MB of nested arrays to every API', async () => {
    const paths = ['/rest/v1/orders', '/rest/v1/rpc/rate_product', '/auth/v1/signup'];

    /** /healthz latencies, checked one after another while 20 clients send `body` for `ms`. */
    async function healthDuring(body: string, ms: number) {
      let attacking = true;
      const attack = async (path: string) => {
        const statuses: number[] = [];
        while (attacking) {
          const res = await post(path, body).catch(() => null);
          if (res) {
            statuses.push(res.status);
            await res.arrayBuffer();
          }
        }
        return statuses;
      };
      const attackers = Array.from({ length: 20 }, (_, i) => attack(paths[i % paths.length]!));
      const latencies: number[] = [];
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(`${shop.url}/healthz`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
      }
      attacking = false;
      return { latencies, statuses: (await Promise.all(attackers)).flat() };
    }

    // The control: as many bytes of flat junk, which no parser can spend long on, from as many
    // clients, before and after the nested flood: what taking in 20 MB-sized bodies costs this
    // machine now. Nested arrays must cost no more: refused after their first bytes, they cost
    // less. A parser let loose on them would hold the event loop for each.
    const before = await healthDuring('x'.repeat(MB - 2), 2000);
    const flood = await healthDuring(nested(MB - 2), 3000);
    const after = await healthDuring('x'.repeat(MB - 2), 2000);
    const worst = (values: number[]) => Math.max(...values);
    const control = worst(before.latencies) > worst(after.latencies) ? before : after;
    const ms = (values: number[]) => values.map(Math.round).join(', ');
    expect(
      worst(flood.latencies),
      `health check latencies: ${ms(flood.latencies)}; during the control: ${ms(control.latencies)}`,
    ).toBeLessThan(2 * worst(control.latencies)); // about 0.7 times here; a parser's 3 to 4 times
    expect(flood.statuses.length).toBeGreaterThan(20);
    expect(new Set(flood.statuses)).toEqual(new Set([400, 413]));
    // The control was refused too, as junk (400) or too large for the API (413).
    expect(new Set(control.statuses)).toEqual(new Set([400, 413]));
  });
});
