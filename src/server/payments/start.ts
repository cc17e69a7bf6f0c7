import Stripe from 'stripe';
import { createSandbox, type RunningSandbox } from '../../payments-sandbox/index.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import {
  paymentsFor,
  sandboxStripeClient,
  STRIPE_CHECKOUT_ORIGIN,
  type Payments,
} from './provider.ts';
import { importSandboxDirectory } from './sandbox-import.ts';
import { loadSandboxKeys } from './sandbox-keys.ts';
import { databaseSandboxStore } from './sandbox-store.ts';
import type { PaymentsSettings } from './settings.ts';

/** How often an instance whose sandbox port is taken tries to take it over. */
const TAKEOVER_INTERVAL_MS = 1000;

/** This server's webhook endpoint as the sandbox reaches it: over loopback when bound to all interfaces. */
export function localWebhookUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}/functions/v1/stripe-webhook`;
}

export interface StartPaymentsOptions {
  settings: PaymentsSettings;
  /** Holds the sandbox keys and the sandbox's state (keebshop.payments_sandbox_keys, sandbox_*). */
  db: Database;
  /** This server's /functions/v1/stripe-webhook, where the sandbox sends events. */
  webhookUrl: string;
  /** Days the sandbox keeps finished sessions (default 30). */
  retentionDays?: number;
  /** DATA_DIR: sessions an older version kept in its payments-sandbox/ move into the database. */
  dataDir?: string;
  logger?: Logger;
}

/**
 * Connects to real Stripe when configured, otherwise serves the payments sandbox on its port.
 * The sandbox's state lives in the database, so any instance on it can serve the sandbox: the one
 * that gets the port does; the others use it there, and keep trying to take the port, so when the
 * serving instance dies one of them serves the same sessions a moment later.
 */
export async function startPayments(options: StartPaymentsOptions): Promise<Payments> {
  const { settings, logger } = options;
  if (settings.provider === 'stripe') {
    return paymentsFor({
      provider: 'stripe',
      stripe: new Stripe(settings.secretKey, { telemetry: false }),
      webhookSecret: settings.webhookSecret,
      checkoutOrigin: STRIPE_CHECKOUT_ORIGIN,
    });
  }

  const keys = await loadSandboxKeys(options.db);
  if (options.dataDir) {
    const moved = await importSandboxDirectory(options.db, options.dataDir);
    if (moved > 0) logger?.info(`moved ${moved} payments sandbox sessions into the database`);
  }
  const sandbox = createSandbox({
    storage: { store: databaseSandboxStore(options.db) },
    secretKey: keys.secretKey,
    webhookSecret: keys.webhookSecret,
    webhookUrl: options.webhookUrl,
    ...(options.retentionDays ? { retentionDays: options.retentionDays } : {}),
    ...(logger
      ? {
          logger: {
            info: (m: string) => logger.info(m),
            warn: (m: string) => logger.warn(m),
            error: (m: string, err?: unknown) => logger.error({ err }, m),
          },
        }
      : {}),
  });
  const served = await startUnlessTaken(sandbox.start, settings.port);
  if (served) {
    return {
      ...paymentsFor({
        stripe: sandboxStripeClient(keys.secretKey, served.port),
        webhookSecret: keys.webhookSecret,
        checkoutOrigin: served.url,
      }),
      close: served.close,
    };
  }

  const url = `http://127.0.0.1:${settings.port}`;
  const stripe = sandboxStripeClient(keys.secretKey, settings.port);
  if (!(await answersWithOurKey(stripe))) {
    throw new Error(
      `SANDBOX_PORT ${settings.port} is in use by something other than this shop's payments sandbox`,
    );
  }
  logger?.info(`using the payments sandbox another instance serves at ${url}`);
  const standby = standBy(sandbox.start, settings.port, () =>
    logger?.warn(`took over the payments sandbox at ${url}: the instance serving it stopped`),
  );
  return {
    ...paymentsFor({ stripe, webhookSecret: keys.webhookSecret, checkoutOrigin: url }),
    close: standby.close,
  };
}

type Start = (port: number) => Promise<RunningSandbox>;

/** Starts the sandbox on `port`; undefined when another process holds the port. */
async function startUnlessTaken(start: Start, port: number): Promise<RunningSandbox | undefined> {
  try {
    return await start(port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    return undefined;
  }
}

/** Tries to take `port` every second until it gets it or is closed. */
function standBy(start: Start, port: number, tookOver: () => void) {
  let closed = false;
  let running: RunningSandbox | undefined;
  let attempt: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    attempt = attempt.then(async () => {
      if (closed || running) return;
      running = await startUnlessTaken(start, port).catch(() => undefined);
      if (!running) return;
      clearInterval(timer);
      if (closed) await running.close();
      else tookOver();
    });
  }, TAKEOVER_INTERVAL_MS);
  timer.unref();
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await attempt;
      await running?.close();
    },
  };
}

// A sandbox with our key answers an unknown session with 404 resource_missing; anything else
// (wrong key: 401, another program: no Stripe error at all) means the port is not ours to use.
async function answersWithOurKey(stripe: Stripe): Promise<boolean> {
  try {
    await stripe.checkout.sessions.retrieve('cs_test_probe', {}, { maxNetworkRetries: 0 });
    return false;
  } catch (err) {
    return (
      err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing'
    );
  }
}

/** What startServerPayments reads of the server's configuration (a Config has it all). */
export interface ServerPaymentsConfig {
  payments: PaymentsSettings;
  sandboxRetentionDays: number;
  dataDir: string;
  host: string;
  port: number;
}

/**
 * Payments as this server runs them (main.ts, the checkout benchmark): Stripe when configured,
 * otherwise the sandbox, whose webhooks come back to this server's own port over loopback.
 */
export function startServerPayments(
  config: ServerPaymentsConfig,
  db: Database,
  logger?: Logger,
): Promise<Payments> {
  return startPayments({
    settings: config.payments,
    db,
    webhookUrl: localWebhookUrl(config.host, config.port),
    retentionDays: config.sandboxRetentionDays,
    dataDir: config.dataDir,
    logger,
  });
}
