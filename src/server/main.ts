// First: stack traces of the compiled server name src/ lines.
import './source-maps.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './http/logger.ts';
import { lockDataDir, type DataDirLock } from './lifecycle/data-dir-lock.ts';
import { openShopDatabase } from './lifecycle/database.ts';
import { trackRequests } from './lifecycle/drain.ts';
import { checkFreePort, checkSandboxPort, listenFirst } from './lifecycle/listen.ts';
import { StartupError } from './lifecycle/startup-error.ts';
import { startMail } from './mail/start.ts';

/**
 * Checks what the operator can get wrong first (build, DATA_DIR lock, ports, database), so each
 * fails in one line before the slow steps; then migrates, loads the keys and serves. SIGINT or
 * SIGTERM drains: answer what was received, then close the sandbox and the database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  let ready = false;
  let stopping = false;

  const webDir = path.resolve('dist/web');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new StartupError(
      `The web app is not built (${path.join(webDir, 'index.html')} is missing): run \`npm run build\`, or start with \`npm start\`, which builds it.`,
    );
  }
  // One process per embedded database; PostgreSQL is shared by design.
  const lock: DataDirLock | undefined = config.databaseUrl
    ? undefined
    : await lockDataDir(config.dataDir);
  const listener = await listenFirst(config.port, config.host);
  const requests = trackRequests(listener.server);
  if (config.payments.provider === 'sandbox') await checkSandboxPort(config.payments.port);
  if (!config.mail.smtpUrl) {
    await checkFreePort('MAILBOX_PORT', config.mail.mailbox.port, '127.0.0.1');
    await checkFreePort('MAILBOX_SMTP_PORT', config.mail.mailbox.smtpPort, '127.0.0.1');
  }
  // The rest of the shop's code loads while the database opens (shop-modules.ts).
  const shopModules = import('./shop-modules.ts');
  shopModules.catch(() => {}); // awaited below; a failed open must not leave it unhandled
  const db = await openShopDatabase(config);
  const applied = await runMigrations(db);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  const {
    composeApp,
    serveStaffControl,
    startAddressRetention,
    startServerPayments,
    startStockSweep,
  } = await shopModules;
  // Stripe when configured; otherwise the payments sandbox, ready before the shop is (and so
  // before /healthz answers 200). Its webhooks come to this server over loopback.
  const payments = await startServerPayments({ ...config, port: listener.port }, db, logger).catch(
    (err: unknown) => {
      // Another shop's sandbox on SANDBOX_PORT: an operator's mistake, said in one line.
      if (err instanceof Error && err.message.startsWith('SANDBOX_PORT')) {
        throw new StartupError(`${err.message}: stop it or set SANDBOX_PORT to a free port.`);
      }
      throw err;
    },
  );
  if (payments.provider === 'sandbox') {
    console.log(`Payments sandbox (test mode, no real money) at ${payments.checkoutOrigin}`);
  }
  // PGlite: this process alone opens DATA_DIR, so `npm run staff` asks it over a local socket.
  const staffControl = config.databaseUrl ? undefined : await serveStaffControl(config.dataDir, db);
  const { app } = await composeApp({
    // The port taken (PORT=0: the system's choice) is the one the Host header must name.
    config: { ...config, port: listener.port },
    db,
    webDir,
    isReady: () => ready,
    isStopping: () => stopping,
    logger,
    payments,
  });
  // Stock held by sessions whose expired event was missed goes back on sale (after the seed).
  const stockSweep = await startStockSweep(db, logger);
  listener.serve(app.fetch);
  ready = true;
  // Erases the addresses of orders past ORDER_ADDRESS_RETENTION_DAYS: now, then hourly.
  const retention = startAddressRetention({
    db,
    days: config.orderAddressRetentionDays,
    logger,
  });
  console.log(`Keebshop is running at http://localhost:${listener.port}/keebshop/`);
  // Sends the outbox through SMTP_URL, or the development mailbox once it listens. Without
  // SMTP_URL that mailbox is a process of its own, started a second after the shop answers: its
  // start-up took the shop's cores for a quarter of a second when it overlapped the shop's own,
  // forking it held the first requests, and mail waits in the outbox meanwhile (its ports were
  // checked above).
  const mail = startMail(config.mail, logger, { mailboxDelayMs: 1000 });
  const mailer = mail.sendFrom(db);
  void mailer.ready.then((line) => line && console.log(line));

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false; // /healthz answers 503 on the connections still open
    const seconds = config.drainTimeoutMs / 1000;
    console.log(
      `${signal} received, shutting down: answering ${requests.inFlight()} requests in progress (DRAIN_TIMEOUT ${seconds} s)`,
    );
    const { cut } = await requests.drain(config.drainTimeoutMs);
    if (cut > 0) console.error(`DRAIN_TIMEOUT (${seconds} s) reached: ${cut} requests cut off`);
    stockSweep.stop();
    try {
      await retention.stop();
      await mailer.stop();
      await payments.close();
      await staffControl?.close();
      await db.close();
      lock?.release();
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
    process.exit(cut > 0 ? 1 : 0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Under `npm start` (scripts/start.mjs): if that process is killed, even with SIGKILL, stop at
  // once as if killed with it, rather than live on holding DATA_DIR and the port.
  if (process.send) {
    process.channel?.unref();
    process.on('disconnect', () => {
      console.error('npm start ended without stopping the server: stopping at once');
      process.exit(1);
    });
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof StartupError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
