import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Hono } from 'hono';
import type { AuthService } from '../../src/server/auth/service.ts';
import { composeApp } from '../../src/server/compose.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/types.ts';

/** The test clock: real time plus an offset the test moves forward. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface TestServer {
  app: Hono;
  /** The server's origin (the "supabaseUrl"): a real port with `listen`, else a fake host. */
  url: string;
  anonKey: string;
  auth: AuthService;
  config: Config;
  clock: TestClock;
  /** fetch() into the app: in-process (app.request) unless listening on a port. */
  fetch: typeof fetch;
  /** The official auth client (@supabase/auth-js) pointed at this server, with memory storage. */
  authClient(options?: { headers?: Record<string, string>; fetch?: typeof fetch }): GoTrueClient;
  /** The official PostgREST client, as anon or with a user's access token. */
  restClient(accessToken?: string): PostgrestClient;
  close(): Promise<void>;
}

/** Settings for fast, independent tests; any of them can be overridden per test file. */
const TEST_ENV: Record<string, string> = {
  // In-process requests have no client address: they all share one "unknown" IP bucket.
  SIGNIN_RATE_LIMIT_PER_IP: '10000',
  LOG_LEVEL: 'silent',
};

let webDir: Promise<string> | undefined;
function testWebDir(): Promise<string> {
  webDir ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'keebshop-web-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Keebshop</title></head><body><div id="root"></div></body></html>',
    );
    return dir;
  })();
  return webDir;
}

/**
 * Runs the REAL app over `db` (open and migrated; the caller closes it). Requests go in-process
 * through app.request(), or to a real port on 127.0.0.1 with `listen: true`.
 */
export async function startTestServer(
  db: Database,
  overrides: { env?: Record<string, string>; listen?: boolean } = {},
): Promise<TestServer> {
  const config = loadConfig({ ...TEST_ENV, ...overrides.env });
  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
  const { app, auth } = await composeApp({
    config,
    db,
    webDir: await testWebDir(),
    isReady: () => true,
    now: clock.now,
  });

  let url = 'http://keebshop.test';
  let server: ServerType | undefined;
  let doFetch: typeof fetch = async (input, init) =>
    app.request(input instanceof Request ? input : String(input), init);
  if (overrides.listen) {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    doFetch = fetch;
  }

  const anonKey = auth.anonKey;
  return {
    app,
    url,
    anonKey,
    auth,
    config,
    clock,
    fetch: doFetch,
    authClient(options = {}) {
      const memory = new Map<string, string>();
      return new GoTrueClient({
        url: `${url}/auth/v1`,
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, ...options.headers },
        fetch: options.fetch ?? doFetch,
        storage: {
          getItem: (k) => memory.get(k) ?? null,
          setItem: (k, v) => void memory.set(k, v),
          removeItem: (k) => void memory.delete(k),
        },
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      });
    },
    restClient(accessToken) {
      return new PostgrestClient(`${url}/rest/v1`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${accessToken ?? anonKey}` },
        fetch: doFetch,
      });
    },
    async close() {
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
