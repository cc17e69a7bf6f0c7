// Shared by the functions' tests: the real app (composeApp, as main.ts builds it) over a fresh
// database, the real payments sandbox on a free port with the keys kept in that database, and the
// official clients (auth-js to sign in, functions-js to call the functions, stripe for the sandbox).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { GoTrueClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import type { Hono } from 'hono';
import Stripe from 'stripe';
import { createSandbox } from '../../payments-sandbox/index.ts';
import { payForm } from '../../payments-sandbox/test-support.ts';
import { composeApp } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { signUpThenIn } from '../auth/test-support.ts';
import { createLogger } from '../http/logger.ts';
import type { DatabaseTarget } from '../../../tests/helpers/databases.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Database } from '../db/types.ts';
import { loadSandboxKeys, paymentsFor, sandboxStripeClient } from '../payments/index.ts';

export const ORIGIN = 'http://shop.test';

export { databaseTargets } from '../../../tests/helpers/databases.ts';

let emails = 0;
function newEmail(): string {
  emails += 1;
  return `buyer-${process.pid}-${Date.now()}-${emails}@example.com`;
}

function pick(headers: Headers, names: string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((n) => (headers.has(n) ? [[n, headers.get(n) ?? '']] : [])),
  );
}

/** A node:http server on a free loopback port answering with `handle`. */
async function listen(handle: (request: Request) => Response | Promise<Response>) {
  const server = serve({ fetch: handle, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/** Routes a client's requests into an app in-process (no port). */
function fetchInto(app: Hono): typeof fetch {
  return (input, init) => Promise.resolve(app.request(new Request(input, init)));
}

export interface Shopper {
  userId: string;
  accessToken: string;
  /** functions-js as the browser uses it: apikey plus the shopper's bearer. */
  functions: FunctionsClient;
}

export type CheckoutServer = Awaited<ReturnType<typeof startCheckoutServer>>;

/**
 * One or more app instances on one database (PostgreSQL: each with its own pool, as separate
 * processes would be) sharing one sandbox. Webhooks are not sent by the sandbox here; tests deliver
 * them themselves, signed with the sandbox's secret.
 */
export interface CheckoutServerOptions {
  /** A target from databaseTargets(): a fresh, migrated database for this server. */
  target: DatabaseTarget;
  /** App instances on the one database (default 1). */
  instances?: number;
  /** Serve the first instance on a port and let the sandbox deliver its webhooks there. */
  deliverWebhooks?: boolean;
  /** The built web app to serve (default: a bare index.html). */
  webDir?: string;
  /** Rewrites the sandbox's JSON answers on their way to the SDK (data a provider might send). */
  rewrite?: (path: string, body: Record<string, unknown>) => Record<string, unknown>;
}

export async function startCheckoutServer(options: CheckoutServerOptions) {
  const dir = mkdtempSync(path.join(tmpdir(), 'keebshop-functions-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  const config = loadConfig({
    DATA_DIR: dir,
    SIGNIN_RATE_LIMIT_PER_IP: '100000',
  });
  const db = await options.target.open();
  // More instances get pools of their own on the same PostgreSQL database; PGlite lives in this
  // process, so every "instance" shares the one database object.
  const dbs: Database[] = [db];
  for (let i = 1; i < (options.instances ?? 1); i++) {
    dbs.push(db.url ? await openPostgres(db.url, 5) : db);
  }

  // The webhook endpoint listens before the sandbox exists; it serves the app once composed.
  const served: { app?: Hono } = {};
  const listener = options.deliverWebhooks
    ? await listen((request) =>
        served.app ? served.app.fetch(request) : new Response(null, { status: 503 }),
      )
    : undefined;

  const keys = await loadSandboxKeys(db);
  const sandbox = createSandbox({
    dataDir: path.join(dir, 'payments-sandbox'),
    ...keys,
    ...(listener ? { webhookUrl: `${listener.url}/functions/v1/stripe-webhook` } : {}),
    webhookRetry: { initialDelayMs: 50, maxDelayMs: 200 },
  });
  const running = await sandbox.start(0);
  const stripe = sandboxStripeClient(keys.secretKey, running.port);
  const rewrite = options.rewrite;
  const proxy = rewrite
    ? await listen(async (request) => {
        const url = new URL(request.url);
        const upstream = await fetch(`${running.url}${url.pathname}${url.search}`, {
          method: request.method,
          headers: pick(request.headers, ['authorization', 'content-type', 'stripe-version']),
          ...(request.method === 'GET' ? {} : { body: await request.text() }),
        });
        const body = (await upstream.json()) as Record<string, unknown>;
        const headers = {
          'content-type': 'application/json',
          'request-id': upstream.headers.get('request-id') ?? '',
        };
        return new Response(JSON.stringify(upstream.ok ? rewrite(url.pathname, body) : body), {
          status: upstream.status,
          headers,
        });
      })
    : undefined;
  const payments = paymentsFor({
    stripe: proxy ? sandboxStripeClient(keys.secretKey, proxy.port) : stripe,
    webhookSecret: keys.webhookSecret,
    checkoutOrigin: running.url,
  });

  // Warnings are kept for tests to read; errors still reach console.error, which fails a test
  // unless it expects them.
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'warn',
    destination: {
      write(line) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (typeof entry.level === 'number' && entry.level >= 50) console.error(line.trimEnd());
      },
    },
  });

  const apps: Hono[] = [];
  let anonKey = '';
  for (const [i, instanceDb] of dbs.entries()) {
    const composed = await composeApp({
      config,
      db: instanceDb,
      webDir: options.webDir ?? dir,
      isReady: () => true,
      // Each instance has its own SDK client, as separate processes would.
      payments:
        i === 0
          ? payments
          : {
              ...payments,
              stripe: sandboxStripeClient(keys.secretKey, proxy?.port ?? running.port),
            },
      logger,
    });
    apps.push(composed.app);
    anonKey = composed.auth.anonKey;
  }
  const app = apps[0] as Hono;
  served.app = app;

  function functionsFor(accessToken: string | undefined, target: Hono = app): FunctionsClient {
    return new FunctionsClient(`${ORIGIN}/functions/v1`, {
      headers: {
        apikey: anonKey,
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      customFetch: fetchInto(target),
    });
  }

  /** Signs a new shopper up and in with auth-js, as the browser does. */
  async function shopper(): Promise<Shopper> {
    const auth = new GoTrueClient({
      url: `${ORIGIN}/auth/v1`,
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      persistSession: false,
      autoRefreshToken: false,
      fetch: fetchInto(app),
    });
    const session = await signUpThenIn(auth, newEmail(), 'correct horse battery staple');
    return {
      userId: session.user.id,
      accessToken: session.access_token,
      functions: functionsFor(session.access_token),
    };
  }

  /** Pays a session on the hosted page as a browser would post its form. */
  async function pay(session: { url: string | null }, cardNumber = '4242 4242 4242 4242') {
    if (!session.url) throw new Error('the session has no url');
    const res = await payForm(session.url, { email: 'buyer@example.com', cardNumber });
    await res.arrayBuffer();
    return res;
  }

  /** A webhook delivery of `event`, signed with the sandbox's secret as Stripe signs. */
  async function webhook(
    event: unknown,
    target: Hono = app,
    secret = keys.webhookSecret,
  ): Promise<Response> {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return target.request('/functions/v1/stripe-webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  }

  async function ordersOf(sessionId: string) {
    const { rows } = await db.query<{
      user_id: string;
      product_name: string;
      selected_color: string;
      quantity: number;
      price: string;
      line_number: number;
      product_key: string;
    }>(
      `SELECT user_id, product_name, selected_color, quantity, price::text AS price, line_number, product_key
       FROM public.orders WHERE checkout_session_id = $1 ORDER BY line_number`,
      [sessionId],
    );
    return rows;
  }

  async function close() {
    await running.close();
    await listener?.close();
    await proxy?.close();
    for (const instanceDb of new Set(dbs)) if (instanceDb !== db) await instanceDb.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }

  return {
    app,
    apps,
    db,
    stripe,
    keys,
    anonKey,
    logs,
    sandboxUrl: running.url,
    functionsFor,
    shopper,
    pay,
    webhook,
    ordersOf,
    close,
  };
}
