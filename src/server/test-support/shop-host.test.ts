// The web component tests' shop hosts (forked.ts, shop-host.ts, shop-host-broker.ts): one host
// process per Vitest worker for the whole run, a fresh database and the file's own settings for
// every shop it hosts, its control API closed to anyone without its token, and nothing left
// running once the run ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_ENV, forkShopServer, type ShopHost } from './forked.ts';
import { startShopHostBroker, type ShopHostBroker } from './shop-host-broker.ts';

let broker: ShopHostBroker;
let stopped = false;
beforeAll(async () => {
  broker = await startShopHostBroker();
}, 60_000);
afterAll(async () => {
  if (!stopped) await broker.close();
});

async function hostOf(worker: string): Promise<ShopHost> {
  const res = await fetch(`${broker.url}/hosts/${worker}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ShopHost;
}

/** A shop from worker 7's host, as a test file of that worker gets one. */
async function shopWith(env: Record<string, string> = {}) {
  const saved = { broker: process.env[BROKER_ENV], pool: process.env.VITEST_POOL_ID };
  process.env[BROKER_ENV] = broker.url;
  process.env.VITEST_POOL_ID = '7';
  try {
    return await forkShopServer({ env });
  } finally {
    process.env[BROKER_ENV] = saved.broker;
    process.env.VITEST_POOL_ID = saved.pool;
    if (saved.broker === undefined) delete process.env[BROKER_ENV];
  }
}

const autoconfirms = async (url: string, anonKey: string) =>
  (
    (await (await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } })).json()) as {
      mailer_autoconfirm: boolean;
    }
  ).mailer_autoconfirm;

describe('the shop host broker', () => {
  it('gives a worker the same host every time, and another worker a host of its own', async () => {
    const [first, again, other] = [await hostOf('7'), await hostOf('7'), await hostOf('8')];
    expect(again.controlUrl).toBe(first.controlUrl);
    expect(other.controlUrl).not.toBe(first.controlUrl);
  });

  it('hosts each shop on a fresh database with its own settings, until it is closed', async () => {
    const first = await shopWith();
    await first.query(`CREATE TABLE only_here (n int)`);
    const second = await shopWith({ AUTH_CONFIRM_EMAIL: 'true' });
    try {
      expect(second.url).not.toBe(first.url);
      const tables = `SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_here'`;
      expect(await first.query(tables)).toEqual([{ n: 1 }]);
      expect(await second.query(tables)).toEqual([{ n: 0 }]);
      expect(await autoconfirms(first.url, first.anonKey)).toBe(true);
      expect(await autoconfirms(second.url, second.anonKey)).toBe(false);
      await expect(second.query('SELECT nonsense FROM nowhere')).rejects.toThrow(/nowhere/);
    } finally {
      await first.close();
      await second.close();
    }
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();
  });

  it('refuses control requests without the host token', async () => {
    const { controlUrl } = await hostOf('7');
    const res = await fetch(`${controlUrl}/shops`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });

  it('stops every host when the run ends', async () => {
    const hosts = [await hostOf('7'), await hostOf('8')];
    await broker.close();
    stopped = true;
    for (const { controlUrl } of hosts) await expect(fetch(controlUrl)).rejects.toThrow();
  });
});
