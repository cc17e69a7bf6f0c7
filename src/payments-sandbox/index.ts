import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApi } from './api.ts';
import { apiErrors, STORAGE_FULL_HEADER, StripeApiError } from './errors.ts';
import { newId } from './ids.ts';
import { createPages } from './page-routes.ts';
import { FileStore } from './file-store.ts';
import { SandboxState } from './state.ts';
import type { SandboxStore } from './storage.ts';
import { API_VERSION } from './types.ts';
import {
  DEFAULT_RETRY,
  WebhookDispatcher,
  type RetryOptions,
  type SandboxLogger,
} from './webhooks.ts';

export { STORAGE_FULL_HEADER } from './errors.ts';
export { readStoreDirectory } from './file-store.ts';
export { ALLOWED_COUNTRIES } from './shipping.ts';
export { generateSandboxKeys } from './ids.ts';
export type {
  EventPage,
  NewEvent,
  PruneCutoff,
  SandboxStore,
  SessionPage,
  SessionQuery,
} from './storage.ts';
export type {
  CouponRecord,
  DeliveryState,
  EventRecord,
  IdempotencyRecord,
  ObjectKind,
  ObjectOfKind,
  PromotionCodeRecord,
  SandboxObject,
  SessionRecord,
  SessionStatus,
  StripeEvent,
  TaxRateRecord,
} from './types.ts';
export { signatureHeader } from './webhooks.ts';
export type { RetryOptions, SandboxLogger } from './webhooks.ts';

export type SandboxOptions = {
  /**
   * Where sessions, events and pending webhook deliveries are kept: a store (the shop's server
   * passes one over its database, shared by all its instances), or a directory of JSON files that
   * one process owns.
   */
  storage: { store: SandboxStore } | { dataDir: string };
  /** The one key the API accepts; must look like sk_test_... */
  secretKey: string;
  /** Signs webhook deliveries; must look like whsec_... */
  webhookSecret: string;
  /** Where events are POSTed; without it events are only kept (GET /v1/events/:id). */
  webhookUrl?: string;
  /** Base of the hosted page URLs; defaults to http://127.0.0.1:<port> once started. */
  publicUrl?: string;
  /** The sandbox's "now" in milliseconds (created, expires_at, card expiry); Date.now by default. */
  clock?: () => number;
  /** Name shown on the hosted page. */
  businessName?: string;
  webhookRetry?: Partial<RetryOptions>;
  logger?: Partial<SandboxLogger>;
  /** How often open sessions are checked for expiry in the background. */
  sweepIntervalMs?: number;
  /** Days finished sessions and their events are kept; pruned at start and hourly (default 30). */
  retentionDays?: number;
};

export type RunningSandbox = { url: string; port: number; close(): Promise<void> };

export type Sandbox = {
  /** The Hono app: /v1 API, hosted page, /healthz. Usable in-process with app.request(). */
  app: Hono;
  /** Listens on `port` (0 picks a free one) and starts webhook delivery and the expiry sweep. */
  start(port: number, hostname?: string): Promise<RunningSandbox>;
};

const DEFAULT_PORT_URL = 'http://127.0.0.1:12111';
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Creates the Stripe-compatible payments sandbox over its store (a file store loads at once). */
export function createSandbox(options: SandboxOptions): Sandbox {
  if (!/^sk_test_[A-Za-z0-9]{8,}$/.test(options.secretKey)) {
    throw new Error(
      'The payments sandbox needs a test secret key (sk_test_ followed by 8+ letters or digits).',
    );
  }
  if (!/^whsec_[A-Za-z0-9]{8,}$/.test(options.webhookSecret)) {
    throw new Error(
      'The payments sandbox needs a webhook secret (whsec_ followed by 8+ letters or digits).',
    );
  }
  const clock = options.clock ?? Date.now;
  const logger: SandboxLogger = {
    info: () => undefined,
    warn: () => undefined,
    error: (message, err) => console.error(message, err),
    ...options.logger,
  };
  let listeningUrl: string | undefined;
  const baseUrl = () => (options.publicUrl ?? listeningUrl ?? DEFAULT_PORT_URL).replace(/\/+$/, '');

  const store: SandboxStore =
    'store' in options.storage
      ? options.storage.store
      : new FileStore(options.storage.dataDir, (session, ref) =>
          state.buildEvent(session, ref, null),
        );
  const state = new SandboxState(store, {
    retentionDays: options.retentionDays ?? 30,
    clock,
    baseUrl,
    webhooks: Boolean(options.webhookUrl),
    // Events are only made by requests, after `dispatcher` below exists.
    onEvent: () => dispatcher.notify(),
  });
  const dispatcher = new WebhookDispatcher(
    store,
    options.webhookUrl,
    options.webhookSecret,
    { ...DEFAULT_RETRY, ...options.webhookRetry },
    logger,
  );

  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use('*', async function requestIdMiddleware(c, next) {
    const requestId = newId.request();
    c.set('requestId', requestId);
    await next();
    c.header('request-id', requestId);
    if (c.req.path.startsWith('/v1/'))
      c.header('stripe-version', c.req.header('stripe-version') ?? API_VERSION);
  });
  // The crash and load suites read these: which process serves, and when webhooks are all out.
  app.get('/healthz', async (c) =>
    c.json({ ok: true, pid: process.pid, pendingWebhooks: await store.pendingDeliveries() }),
  );
  app.route('/v1', createApi({ state, secretKey: options.secretKey, baseUrl }));
  app.route('/', createPages({ state, businessName: options.businessName ?? 'Keebshop', clock }));
  app.notFound((c) => {
    const err = apiErrors.unrecognizedUrl(c.req.method, c.req.path);
    return c.json(err.toJSON(), 404);
  });
  app.onError((err, c) => {
    if (err instanceof StripeApiError) return c.json(err.toJSON(), err.status);
    if (store.isUnavailable?.(err)) {
      logger.warn(`payments sandbox: ${c.req.method} ${c.req.path}: storage unavailable: ${err}`);
      c.header('retry-after', '1');
      if (!store.isFull?.(err)) return c.json(apiErrors.unavailable().toJSON(), 503);
      c.header(STORAGE_FULL_HEADER, 'full');
      return c.json(apiErrors.storageFull().toJSON(), 503);
    }
    logger.error(`payments sandbox: ${c.req.method} ${c.req.path} failed`, err);
    return c.json(apiErrors.internal().toJSON(), 500);
  });

  async function start(port: number, hostname = '127.0.0.1'): Promise<RunningSandbox> {
    await store.open();
    const server = serve({ fetch: app.fetch, port, hostname });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const pruneLater = (err: unknown) => logger.warn(`payments sandbox: prune failed: ${err}`);
    await state.prune().catch(pruneLater);
    const actualPort = (server.address() as AddressInfo).port;
    const urlHost = hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
    const url = `http://${urlHost}:${actualPort}`;
    listeningUrl = url;
    dispatcher.start();
    const sweep = () => {
      state
        .sweep()
        // The store may be out of reach for a moment (a database restarting): the next sweep retries.
        .catch((err: unknown) => logger.warn(`payments sandbox: expiry sweep failed: ${err}`));
    };
    sweep();
    const sweeper = setInterval(sweep, options.sweepIntervalMs ?? 30_000);
    sweeper.unref();
    const pruner = setInterval(() => void state.prune().catch(pruneLater), PRUNE_INTERVAL_MS);
    pruner.unref();

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        clearInterval(sweeper);
        clearInterval(pruner);
        await dispatcher.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive sockets (stripe-node keeps them) must not hold close() open.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await store.close();
      })();
      return closing;
    };
    logger.info(`Payments sandbox (test mode, no real money) listening at ${url}`);
    return { url, port: actualPort, close };
  }

  return { app: app as unknown as Hono, start };
}
