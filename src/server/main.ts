import path from 'node:path';
import { serve } from '@hono/node-server';
import { composeApp } from './compose.ts';
import { ConfigError, loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { createLogger } from './http/logger.ts';
import { startServerPayments } from './payments/index.ts';

/**
 * Reads config, opens and migrates the database, loads the keys, then listens; stops cleanly
 * (server, then database) on SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  let ready = false;

  const db = await openDatabase(config);
  const applied = await runMigrations(db);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  // Stripe when configured; otherwise the payments sandbox, ready before the shop listens (and so
  // before /healthz answers 200). Its webhooks come to this server over loopback.
  const payments = await startServerPayments(config, db, logger);
  if (payments.provider === 'sandbox') {
    console.log(`Payments sandbox (test mode, no real money) at ${payments.checkoutOrigin}`);
  }
  const { app } = await composeApp({
    config,
    db,
    webDir: path.resolve('dist/web'),
    isReady: () => ready,
    logger,
    payments,
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    ready = true;
    console.log(`Keebshop is running at http://localhost:${info.port}/keebshop/`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    console.log(`${signal} received, shutting down`);
    const exit = (code: number) => {
      payments
        .close()
        .then(() => db.close())
        .then(
          () => process.exit(code),
          () => process.exit(1),
        );
    };
    server.close(() => exit(0));
    // Idle keep-alive sockets must not hold the process open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(() => exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
