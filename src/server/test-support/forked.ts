// The web component tests' real shop: the production app over a fresh PGlite database, in a host
// process (shop-host.ts) reached over loopback ports. During a Vitest run each worker has one host,
// started on first use by the run's broker (shop-host-broker.ts), so a test file pays for a fresh
// database, not for a process loading the whole server; run any other way, a file forks a host of
// its own.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { HostedShop, ShopHostReady } from './shop-host.ts';

export interface ForkedShopServer {
  /** The server's origin on 127.0.0.1: the page's supabaseUrl. */
  url: string;
  anonKey: string;
  /** Runs SQL as the database owner (seeding what only the server may write, such as orders). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface ForkOptions {
  /** Server settings over the test defaults, e.g. { AUTH_CONFIRM_EMAIL: 'true' }. */
  env?: Record<string, string>;
}

/** The broker's address, which tests/setup/shop-hosts.global.ts puts in the environment. */
export const BROKER_ENV = 'KEEBSHOP_SHOP_HOST_BROKER';

/** A running host: its control API, and the process when this file owns it. */
export interface ShopHost extends ShopHostReady {
  child?: ChildProcess;
}

/** Forks a shop host and waits until its control API listens. */
export function forkShopHost(): Promise<ShopHost> {
  const child = fork(path.resolve(import.meta.dirname, 'shop-host.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, DATABASE_URL: '' },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the shop host exited (${code})`)));
    child.once('message', (ready: ShopHostReady) => resolve({ ...ready, child }));
  });
}

/** Stops a host this process forked, and waits for it to exit. */
export function stopShopHost(host: ShopHost): Promise<void> {
  const child = host.child;
  return new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.disconnect();
  });
}

/** This worker's host from the broker, or a host of this file's own when there is no broker. */
async function hostForThisFile(): Promise<{ host: ShopHost; owned: boolean }> {
  const broker = process.env[BROKER_ENV];
  if (!broker) return { host: await forkShopHost(), owned: true };
  const pool = process.env.VITEST_POOL_ID ?? '0';
  const res = await fetch(`${broker}/hosts/${encodeURIComponent(pool)}`);
  if (!res.ok) throw new Error(`the shop host broker answered ${res.status}: ${await res.text()}`);
  return { host: (await res.json()) as ShopHost, owned: false };
}

/** Starts the production app over a fresh PGlite database, in this worker's shop host. */
export async function forkShopServer(options: ForkOptions = {}): Promise<ForkedShopServer> {
  const { host, owned } = await hostForThisFile();
  const control = (pathname: string, init: { method: string; body?: unknown }) =>
    fetch(`${host.controlUrl}${pathname}`, {
      method: init.method,
      headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const created = await control('/shops', { method: 'POST', body: { env: options.env ?? {} } });
  if (!created.ok) throw new Error(`no test shop: ${created.status} ${await created.text()}`);
  const shop = (await created.json()) as HostedShop;
  let closed = false;
  return {
    url: shop.url,
    anonKey: shop.anonKey,
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await control(`/shops/${shop.id}/query`, {
        method: 'POST',
        body: { sql, params },
      });
      const answer = (await res.json()) as { rows?: T[]; error?: string };
      if (!res.ok) throw new Error(answer.error ?? `query: ${res.status}`);
      return answer.rows ?? [];
    },
    async close() {
      if (closed) return;
      closed = true;
      await control(`/shops/${shop.id}`, { method: 'DELETE' });
      if (owned) await stopShopHost(host);
    },
  };
}
