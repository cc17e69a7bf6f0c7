import path from 'node:path';
import Stripe from 'stripe';
import { createSandbox } from '../../payments-sandbox/index.ts';
import type { Queryable } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import {
  paymentsFor,
  sandboxStripeClient,
  STRIPE_CHECKOUT_ORIGIN,
  type Payments,
} from './provider.ts';
import { loadSandboxKeys } from './sandbox-keys.ts';
import type { PaymentsSettings } from './settings.ts';

/** This server's webhook endpoint as the sandbox reaches it: over loopback when bound to all interfaces. */
export function localWebhookUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}/functions/v1/stripe-webhook`;
}

export interface StartPaymentsOptions {
  settings: PaymentsSettings;
  /** Holds the sandbox keys (keebshop.payments_sandbox_keys). */
  db: Queryable;
  /** The sandbox keeps its sessions and events under <dataDir>/payments-sandbox. */
  dataDir: string;
  /** This server's /functions/v1/stripe-webhook, where the sandbox sends events. */
  webhookUrl: string;
  logger?: Logger;
}

/**
 * Connects to real Stripe when configured, otherwise starts the payments sandbox on its port.
 * When the port is taken by a sandbox with our key (another instance on this database started it),
 * that one is used: only one process may own the sandbox's data directory.
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
  const sandbox = createSandbox({
    dataDir: path.join(options.dataDir, 'payments-sandbox'),
    secretKey: keys.secretKey,
    webhookSecret: keys.webhookSecret,
    webhookUrl: options.webhookUrl,
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
  try {
    const running = await sandbox.start(settings.port);
    return {
      ...paymentsFor({
        stripe: sandboxStripeClient(keys.secretKey, running.port),
        webhookSecret: keys.webhookSecret,
        checkoutOrigin: running.url,
      }),
      close: running.close,
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const url = `http://127.0.0.1:${settings.port}`;
    const stripe = sandboxStripeClient(keys.secretKey, settings.port);
    if (!(await answersWithOurKey(stripe))) {
      throw new Error(
        `SANDBOX_PORT ${settings.port} is in use by something other than this shop's payments sandbox`,
      );
    }
    logger?.info(`using the payments sandbox another instance runs at ${url}`);
    return paymentsFor({ stripe, webhookSecret: keys.webhookSecret, checkoutOrigin: url });
  }
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
  db: Queryable,
  logger?: Logger,
): Promise<Payments> {
  return startPayments({
    settings: config.payments,
    db,
    dataDir: config.dataDir,
    webhookUrl: localWebhookUrl(config.host, config.port),
    logger,
  });
}
