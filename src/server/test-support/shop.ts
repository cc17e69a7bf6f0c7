// The one way tests run the shop: the REAL app (composeApp, as main.ts builds it) over a fresh
// database, optionally with the real payments sandbox, served in-process or on a loopback port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GoTrueClient } from '@supabase/auth-js';
import type { FunctionsClient } from '@supabase/functions-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AuthService } from '../auth/service.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Database } from '../db/types.ts';
import { startMailWorker, type MailWorker } from '../mail/worker.ts';
import {
  authClientFor,
  callFor,
  functionsClientFor,
  restClientFor,
  type ClientTarget,
} from './clients.ts';
import { databaseTargets, type DatabaseTarget, type TestDatabase } from './databases.ts';
import { listen, type Listener } from './listen.ts';
import { capturedLogger, type LogEntry } from './logs.ts';
import { ordersOf, type OrderRow } from './orders.ts';
import type { SandboxKeys } from '../payments/index.ts';
import type { SandboxOptions, TestSandbox } from './sandbox.ts';
import { signUpShopper, type Shopper } from './shopper.ts';
import { webDirOf, type WebApp } from './web-dir.ts';

/** The origin of a shop served in-process (no port): the clients' "supabaseUrl". */
export const IN_PROCESS_ORIGIN = 'http://keebshop.test';

/** The test clock: real time plus an offset the test moves forward. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface TestServerOptions extends SandboxOptions {
  /** Opens a fresh, migrated database there, closed with the server (default: PGlite). */
  target?: DatabaseTarget;
  /** Runs over this open, migrated database instead; the caller closes it. */
  db?: Database;
  /** App instances on the one database (PostgreSQL: each with a pool of its own). Default 1. */
  instances?: number;
  /** Starts the real payments sandbox for the shop; without it the functions answer 503. */
  payments?: boolean;
  /** Serves the first instance on a loopback port (clients then go over the network). */
  listen?: boolean;
  /** The port to listen on (implies `listen`); default: a free one. */
  port?: number;
  /** Serves on a port and lets the sandbox deliver its webhooks there (implies both above). */
  deliverWebhooks?: boolean;
  /** Settings as environment variables, over the harness's quick defaults. */
  env?: Record<string, string>;
  /** Edits the loaded settings (e.g. a token lifetime below the documented floor). */
  configure?: (config: Config) => Config;
  /** What /keebshop/ serves: a bare page (default), the built dist/web, or a directory. */
  web?: WebApp;
  /**
   * Runs the mail worker (one per instance's database) sending through this SMTP server, e.g.
   * startTestSmtp().url; quick polls and retries. Without it mail stays queued in the outbox.
   */
  smtpUrl?: string;
}

export interface TestServer extends ClientTarget {
  /** The first instance; `apps` holds every instance. */
  app: Hono;
  apps: Hono[];
  /** The database, as its owner (row-level security does not apply). */
  db: Database;
  auth: AuthService;
  config: Config;
  clock: TestClock;
  /** Warnings and errors the app logged (errors also reach console.error, failing the test). */
  logs: LogEntry[];
  authClient(options?: { headers?: Record<string, string>; fetch?: typeof fetch }): GoTrueClient;
  restClient(accessToken?: string): PostgrestClient;
  /** functions-js into `app` (default: the first instance) as anon or with an access token. */
  functionsClient(accessToken?: string, app?: Hono): FunctionsClient;
  /** fetch(url + path) with the anon key as apikey and `token` (default: anon key) as bearer. */
  call(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** Signs a new shopper (`<label>-…@keebshop.test`) up and in with auth-js. */
  signUp(label?: string): Promise<Shopper>;
  /** The order lines recorded for a checkout session. */
  ordersOf(sessionId: string): Promise<OrderRow[]>;
  close(): Promise<void>;
}

/** A shop started with `payments: true`: the sandbox and what a provider's side does. */
export interface PayingTestServer extends TestServer {
  sandboxUrl: string;
  sandboxKeys: SandboxKeys;
  /** The stripe SDK pointed at the sandbox: reads sessions back as the provider holds them. */
  stripe: Stripe;
  /** Pays a session on the hosted page as a browser posts its form. */
  pay(session: { url: string | null }, cardNumber?: string): Promise<Response>;
  /** Delivers `event` to `app`'s webhook endpoint, signed as Stripe signs (default: sandbox secret). */
  webhook(event: unknown, app?: Hono, secret?: string): Promise<Response>;
}

/** Settings for fast, independent tests; `env` overrides any of them. */
const TEST_ENV: Record<string, string> = {
  // In-process requests have no client address: they all share one "unknown" IP bucket.
  SIGNIN_RATE_LIMIT_PER_IP: '100000',
  SIGNUP_RATE_LIMIT_PER_IP: '100000',
  USER_UPDATE_RATE_LIMIT_PER_IP: '100000',
  AUTH_MAIL_RATE_LIMIT_PER_IP: '100000',
  LOG_LEVEL: 'silent',
  // The in-process origin (IN_PROCESS_ORIGIN), and app.request('/path')'s (http://localhost);
  // served on a port, clients use 127.0.0.1 and that port (src/server/http/known-host.ts).
  ALLOWED_HOSTS: 'keebshop.test,localhost',
};

/** Routes a client's requests into an app in-process (no port). */
function fetchInto(app: Hono): typeof fetch {
  return (input, init) => Promise.resolve(app.request(new Request(input, init)));
}

export function startTestServer(
  options: TestServerOptions & { payments: true },
): Promise<PayingTestServer>;
export function startTestServer(options?: TestServerOptions): Promise<TestServer>;
export async function startTestServer(
  options: TestServerOptions = {},
): Promise<TestServer | PayingTestServer> {
  const { composeApp, payOnHostedPage, signedWebhook, startTestSandbox } =
    await import('./app-modules.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-test-'));
  const loaded = loadConfig({
    ...TEST_ENV,
    DATA_DIR: dataDir,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  const config = options.configure ? options.configure(loaded) : loaded;
  const target = options.target ?? (databaseTargets()[0] as DatabaseTarget);
  const db = options.db ?? (await target.open());
  // More instances get pools of their own on one PostgreSQL database, as separate processes would;
  // PGlite lives in this process, so every "instance" shares the one database object.
  const dbs: Database[] = [db];
  const url = (db as TestDatabase).url;
  for (let i = 1; i < (options.instances ?? 1); i++) {
    dbs.push(url ? await openPostgres(url, 5) : db);
  }

  // The port listens before the sandbox exists (it needs the webhook URL); it serves the app once
  // composed.
  const served: { app?: Hono } = {};
  let listener: Listener | undefined;
  if (options.listen || options.port !== undefined || options.deliverWebhooks) {
    listener = await listen(
      (request) => (served.app ? served.app.fetch(request) : new Response(null, { status: 503 })),
      options.port,
    );
  }
  let sandbox: TestSandbox | undefined;
  if (options.payments || options.deliverWebhooks) {
    sandbox = await startTestSandbox(db, {
      ...(options.rewrite ? { rewrite: options.rewrite } : {}),
      ...(options.deliverWebhooks && listener
        ? { webhookUrl: `${listener.url}/functions/v1/stripe-webhook` }
        : {}),
    });
  }

  const logs: LogEntry[] = [];
  const logger = capturedLogger(logs);
  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
  const webDir = await webDirOf(options.web);
  const apps: Hono[] = [];
  let auth: AuthService | undefined;
  for (const instanceDb of dbs) {
    const composed = await composeApp({
      // Served on a port, the Host header names that port (known-host.ts), not PORT's default.
      config: listener ? { ...config, port: listener.port } : config,
      db: instanceDb,
      webDir,
      isReady: () => true,
      logger,
      now: clock.now,
      ...(sandbox ? { payments: sandbox.paymentsForInstance() } : {}),
    });
    apps.push(composed.app);
    auth ??= composed.auth;
  }
  const app = apps[0] as Hono;
  served.app = app;
  // Each instance sends the outbox as its process would; PGlite instances share one database.
  const mailWorkers: MailWorker[] = [];
  if (options.smtpUrl) {
    for (const instanceDb of new Set(dbs)) {
      mailWorkers.push(
        startMailWorker({
          db: instanceDb,
          smtpUrl: options.smtpUrl,
          from: config.mail.from,
          logger,
          pollIntervalMs: 100,
          backoffMs: 200,
          maxBackoffMs: 2000,
        }),
      );
    }
  }

  const to: ClientTarget = {
    url: listener?.url ?? IN_PROCESS_ORIGIN,
    anonKey: (auth as AuthService).anonKey,
    fetch: listener ? fetch : fetchInto(app),
  };
  const functionsClient = (accessToken?: string, into: Hono = app) =>
    functionsClientFor(into === app ? to : { ...to, fetch: fetchInto(into) }, accessToken);
  const server: TestServer = {
    ...to,
    app,
    apps,
    db,
    auth: auth as AuthService,
    config,
    clock,
    logs,
    authClient: (clientOptions) => authClientFor(to, clientOptions),
    restClient: (accessToken) => restClientFor(to, accessToken),
    functionsClient,
    call: callFor(to),
    signUp: (label = 'shopper') =>
      signUpShopper(authClientFor(to), label, (token) => functionsClient(token)),
    ordersOf: (sessionId) => ordersOf(db, sessionId),
    async close() {
      await Promise.all(mailWorkers.map((worker) => worker.stop()));
      await listener?.close();
      await sandbox?.close();
      for (const instanceDb of new Set(dbs)) if (instanceDb !== db) await instanceDb.close();
      if (!options.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (!sandbox) return server;
  const paying = sandbox;
  return {
    ...server,
    sandboxUrl: paying.url,
    sandboxKeys: paying.keys,
    stripe: paying.stripe,
    pay: payOnHostedPage,
    webhook: (event, into = app, secret = paying.keys.webhookSecret) =>
      signedWebhook(into, event, secret),
  };
}
