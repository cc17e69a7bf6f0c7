import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { knownHosts } from './http/known-host.ts';
import { createAuthService, type AuthService } from './auth/service.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { Logger } from './http/logger.ts';
import type { Payments } from './payments/index.ts';
import { seedStock } from './orders/index.ts';
import { appConfigRenderer } from './web/app-config.ts';
import { ignoreCssImports } from './web/css-imports.ts';
import { createWebAssets } from './web/static.ts';

export interface ComposeOptions {
  config: Config;
  /** Open and migrated. */
  db: Database;
  /** The built web app (dist/web) to serve under /keebshop/. */
  webDir: string;
  isReady: () => boolean;
  /** True while the server drains after SIGTERM. */
  isStopping?: () => boolean;
  logger?: Logger;
  /** The clock auth uses; tests move it. */
  now?: () => Date;
  /** Stripe or the payments sandbox, started by the caller (main.ts); unset: functions answer 503. */
  payments?: Payments;
}

/**
 * Builds the whole app over an open database: the one place main.ts and the test harness share,
 * so tests run exactly what production runs.
 */
export async function composeApp(
  options: ComposeOptions,
): Promise<{ app: Hono; auth: AuthService }> {
  const { config, db } = options;
  // Every catalogue product and colour gets its starting stock once; staff edits stay.
  await seedStock(db);
  const auth = await createAuthService(db, {
    settings: config.auth,
    publicUrl: config.publicUrl,
    siteUrl: config.siteUrl,
    ...(options.now ? { now: options.now } : {}),
  });
  const web = await createWebAssets(
    options.webDir,
    appConfigRenderer({ publicUrl: config.publicUrl, anonKey: auth.anonKey }),
  );
  const app = createApp({
    web,
    db,
    auth,
    isReady: options.isReady,
    ...(options.isStopping ? { isStopping: options.isStopping } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    publicUrl: config.publicUrl,
    siteUrl: config.siteUrl,
    // Free space matters where the embedded database writes; PostgreSQL's disk is its server's.
    dataDir: db.kind === 'pglite' ? config.dataDir : undefined,
    minFreeBytes: config.dataDirMinFreeMb * 1024 * 1024,
    ...(options.now ? { now: options.now } : {}),
    allowedHosts: knownHosts(config),
    stockHoldMinutes: config.stockHoldMinutes,
    checkoutLimits: config.checkoutLimits,
    shipping: config.shipping,
    // The web app's own components render the product and category pages: loaded with the first.
    pageRenderer: () => {
      ignoreCssImports();
      return import('../web/pages/render.tsx');
    },
  });
  return { app, auth };
}
