// The security suite's shop: the real app (composeApp, as main.ts builds it) over a fresh database
// of one target, with the real payments sandbox, served on a loopback port. Attacks go through the
// same doors a browser or a script on the internet would use.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type Stripe from 'stripe';
import { createSandbox } from '../../src/payments-sandbox/index.ts';
import { signUpThenIn } from '../../src/server/auth/test-support.ts';
import { composeApp } from '../../src/server/compose.ts';
import { loadConfig } from '../../src/server/config.ts';
import {
  loadSandboxKeys,
  paymentsFor,
  sandboxStripeClient,
  type SandboxKeys,
} from '../../src/server/payments/index.ts';
import { createLogger } from '../../src/server/http/logger.ts';
import type { DatabaseTarget, TestDatabase } from '../helpers/databases.ts';

export { databaseTargets } from '../helpers/databases.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface Shopper {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export interface SecureShop {
  /** http://127.0.0.1:<port>, the page's supabaseUrl. */
  url: string;
  anonKey: string;
  /** The database, as its owner (RLS does not apply): to check what really happened. */
  db: TestDatabase;
  sandboxUrl: string;
  sandboxKeys: SandboxKeys;
  /** The stripe SDK pointed at the sandbox: reads sessions back as the provider holds them. */
  stripe: Stripe;
  /** fetch(url + path) with the anon key as apikey and `token` (default: the anon key) as bearer. */
  call(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  authClient(): GoTrueClient;
  restClient(accessToken?: string): PostgrestClient;
  /** Signs a new shopper up and in through /auth/v1 with the official client. */
  signUp(label: string): Promise<Shopper>;
  close(): Promise<void>;
}

/** Builds dist/web when missing or stale (the same check as `npm start`). */
export function buildWebApp(): string {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
    cwd: root,
    stdio: 'ignore',
  });
  if (result.status !== 0) throw new Error('the web app did not build');
  return path.join(root, 'dist/web');
}

/**
 * Starts the shop over a fresh database of `target`. `web: 'built'` serves the real dist/web
 * (built first if needed); otherwise a one-line page. `env` overrides settings (rate limits...).
 */
export async function startSecureShop(
  target: DatabaseTarget,
  options: { env?: Record<string, string>; web?: 'built' } = {},
): Promise<SecureShop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-security-'));
  let webDir = dataDir;
  if (options.web === 'built') webDir = buildWebApp();
  else writeFileSync(path.join(dataDir, 'index.html'), '<!doctype html><title>Keebshop</title>');

  const config = loadConfig({
    SIGNIN_RATE_LIMIT_PER_IP: '10000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const db = await target.open();
  const sandboxKeys = await loadSandboxKeys(db);
  const sandbox = await createSandbox({
    dataDir: path.join(dataDir, 'payments-sandbox'),
    ...sandboxKeys,
  }).start(0);
  const stripe = sandboxStripeClient(sandboxKeys.secretKey, sandbox.port);
  // Warnings (an ignored browser price, say) are expected here; errors still fail the test.
  const logger = createLogger({
    level: 'error',
    destination: { write: (line) => console.error(line.trimEnd()) },
  });
  const { app, auth } = await composeApp({
    config,
    db,
    webDir,
    isReady: () => true,
    logger,
    payments: paymentsFor({
      stripe,
      webhookSecret: sandboxKeys.webhookSecret,
      checkoutOrigin: sandbox.url,
    }),
  });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const anonKey = auth.anonKey;

  const authClient = () =>
    new GoTrueClient({
      url: `${url}/auth/v1`,
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    });

  return {
    url,
    anonKey,
    db,
    sandboxUrl: sandbox.url,
    sandboxKeys,
    stripe,
    call: (p, init = {}) => {
      const { token, ...rest } = init;
      return fetch(`${url}${p}`, {
        ...rest,
        headers: {
          apikey: anonKey,
          Authorization: `Bearer ${token ?? anonKey}`,
          ...(rest.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(rest.headers as Record<string, string> | undefined),
        },
      });
    },
    authClient,
    restClient: (accessToken) =>
      new PostgrestClient(`${url}/rest/v1`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${accessToken ?? anonKey}` },
      }),
    async signUp(label) {
      const email = `${label}-${randomUUID().slice(0, 8)}@keebshop.test`;
      const password = 'correct horse battery';
      const session = await signUpThenIn(authClient(), email, password);
      return {
        id: session.user.id,
        email,
        password,
        accessToken: session.access_token,
        refreshToken: session.refresh_token,
      };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await sandbox.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes a paid-looking order for a user as the server's fulfilment does (as the owner). */
export async function seedOrder(db: TestDatabase, userId: string, productName: string) {
  await db.query(
    `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
       checkout_session_id, line_number, product_key)
     VALUES ($1, $2, 'Black', 1, 120.00, $3, 0, 'keyboards:1')`,
    [userId, productName, `cs_test_${randomUUID().replaceAll('-', '')}`],
  );
}

/** Every order row, as the owner sees it: to prove an attack changed nothing. */
export async function allOrders(db: TestDatabase) {
  const { rows } = await db.query(
    'SELECT id, user_id, product_name, quantity, price::text AS price FROM public.orders ORDER BY id',
  );
  return rows;
}
