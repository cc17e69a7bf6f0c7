// The server the checkout benchmark loads: the real app wired as main.ts wires it (composeApp, the
// payments sandbox started by startPayments with its keys in the database) on a fresh database,
// with one signed-in shopper and a pool of sessions already paid on the hosted page. A child
// process, so the load generator does not share its event loop. Reports over IPC once listening.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { composeApp } from '../../src/server/compose.ts';
import { loadConfig } from '../../src/server/config.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { startServerPayments } from '../../src/server/payments/index.ts';
import { payOnHostedPage } from '../../src/server/test-support/paying.ts';
import { freePort } from '../../src/server/test-support/launch.ts';
import { BENCH_CART, type CheckoutBenchServer } from './checkout-shared.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'keebshop-bench-checkout-'));
writeFileSync(path.join(tmp, 'index.html'), '<!doctype html><title>bench</title>');
const PAID_SESSIONS = Number(process.env.BENCH_PAID_SESSIONS ?? 40);

async function main(): Promise<void> {
  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SANDBOX_PORT: '0',
    DATA_DIR: path.join(tmp, 'data'),
    LOG_LEVEL: 'warn',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
  });
  const db = await openDatabase({ ...config, poolSize: 10 });
  await runMigrations(db);
  const payments = await startServerPayments(config, db);
  const { app, auth } = await composeApp({
    config,
    db,
    webDir: tmp,
    isReady: () => true,
    payments,
  });
  // Thousands of sessions each hold their lines' stock: enough on hand that none sells out.
  await db.query('UPDATE public.stock SET on_hand = 1000000');
  const origin = `http://127.0.0.1:${port}`;
  // Counted, so stopping waits for requests the load generator abandoned at its deadline.
  let inFlight = 0;
  const server = serve({
    fetch: async (request) => {
      inFlight += 1;
      try {
        return await app.fetch(request);
      } finally {
        inFlight -= 1;
      }
    },
    port,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));

  const json = { apikey: auth.anonKey, 'Content-Type': 'application/json' };
  const email = `bench-${process.pid}-${Date.now()}@keebshop.test`;
  const password = 'bench-password-123';
  const post = (url: string, body: unknown, headers: Record<string, string> = json) =>
    fetch(`${origin}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const signup = await post('/auth/v1/signup', { email, password });
  if (!signup.ok) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const signIn = await post('/auth/v1/token?grant_type=password', { email, password });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { access_token: accessToken } = (await signIn.json()) as { access_token: string };
  const asShopper = { ...json, Authorization: `Bearer ${accessToken}` };

  // Sessions paid on the hosted page, as a shopper would: confirm then replays fulfilment on them.
  const paidSessionIds: string[] = [];
  for (let i = 0; i < PAID_SESSIONS; i++) {
    const res = await post('/functions/v1/checkout', BENCH_CART, asShopper);
    if (!res.ok) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
    const session = (await res.json()) as { id: string; url: string };
    // With the address and rate the hosted page asks for; a refused form answers 303 too.
    const paid = await payOnHostedPage(session);
    if (paid.status !== 303 || !paid.headers.get('location')?.includes('orderSuccess')) {
      throw new Error(`paying a session answered ${paid.status} ${paid.headers.get('location')}`);
    }
    paidSessionIds.push(session.id);
  }

  const ready: CheckoutBenchServer = {
    origin,
    anonKey: auth.anonKey,
    accessToken,
    paidSessionIds,
    kind: db.kind,
  };
  process.send?.(ready);

  // Requests still in flight when the load stops finish before the database closes.
  let finishing = false;
  const finish = () => {
    if (finishing) return;
    finishing = true;
    void payments
      .close()
      .then(() => db.close())
      .finally(() => {
        rmSync(tmp, { recursive: true, force: true });
        process.exit(0);
      });
  };
  const stop = () => {
    const drained = () => (inFlight === 0 ? finish() : void setTimeout(drained, 20));
    server.close(drained);
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(finish, 10_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
});
