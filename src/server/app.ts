import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { bodyLimit } from './http/body-limit.ts';
import { apiCors } from './http/cors.ts';
import { createQuietLogger, type Logger } from './http/logger.ts';
import { knownHosts, requireKnownHost } from './http/known-host.ts';
import { createErrorHandler, createNotFoundHandler } from './http/on-error.ts';
import { requestLog } from './http/request-log.ts';
import { revalidate } from './http/revalidate.ts';
import { headersInPlace } from './http/response-headers.ts';
import { securityHeaders } from './http/security-headers.ts';
import { authApiVersion, requireApiKey, requireUser, syncSigningKeys } from './auth/guards.ts';
import {
  mailRateLimit,
  signInRateLimit,
  signUpRateLimit,
  userUpdateRateLimit,
} from './auth/limits.ts';
import { logoutScope } from './auth/logout.ts';
import type { AuthService } from './auth/service.ts';
import type { Database } from './db/types.ts';
import { createHealth } from './http/health.ts';
import { createRestApi } from './rest/index.ts';
import { createStorageApi } from './storage/index.ts';
import {
  createFunctions,
  identifyCaller,
  requirePayments,
  requireShopper,
  requireStaff,
  verifyStripeSignature,
  type FunctionsDeps,
} from './functions/index.ts';
import { DEFAULT_SHIPPING, type CheckoutLimits, type ShippingSettings } from './orders/index.ts';
import type { Payments } from './payments/index.ts';
import { createPages, type PageRenderer } from './pages/index.ts';
import { BARE_TEMPLATE } from './pages/template.ts';
import { createImageWorker } from './storage/images.ts';
import { BASE_PATH, type WebAssets } from './web/static.ts';

export interface AppDeps {
  web: WebAssets;
  /** The shop's database: PGlite or PostgreSQL, migrated. */
  db: Database;
  /** Accounts and tokens: its handlers serve /auth/v1; the data API asks it who a request is. */
  auth: AuthService;
  /** Resolves true once every backing service (database, sandbox) is ready. */
  isReady: () => boolean;
  /** True while the server drains after SIGTERM: /healthz says so. */
  isStopping?: () => boolean;
  /** JSON request and error logs; when omitted, only errors are logged (to console.error). */
  logger?: Logger;
  /** Stripe or the payments sandbox (main.ts starts it); without it the functions answer 503. */
  payments?: Payments;
  /** The shop's public origin (PUBLIC_URL); unset: each request's own origin. */
  publicUrl?: string | undefined;
  /** Where mailed links point (config.siteUrl): PUBLIC_URL, or http://localhost:PORT. */
  siteUrl: string;
  /** PGlite's DATA_DIR: /healthz checks its free space and writes stop short of a full disk. */
  dataDir?: string | undefined;
  /** The free space under dataDir below which writes answer 503 (DATA_DIR_MIN_FREE_MB). */
  minFreeBytes?: number;
  /** The clock cached health checks expire by; tests move it. */
  now?: () => Date;
  /** Minutes a checkout holds its stock (STOCK_HOLD_MINUTES). */
  stockHoldMinutes?: number;
  /** The most units of one product a checkout may take; unset: the defaults. */
  checkoutLimits?: CheckoutLimits;
  /** Without publicUrl, the Host headers answered (knownHosts: loopback and HOST on PORT...). */
  allowedHosts?: readonly string[];
  /** The countries and rates the checkout offers; unset: the defaults. */
  shipping?: ShippingSettings;
  /** Loads the web app's page renderer (web/pages/render.tsx); unset: no product pages. */
  pageRenderer?: () => Promise<PageRenderer>;
}

/**
 * The APIs browsers call cross-origin with the Supabase and functions clients, and the bodies each
 * reads: data writes may be large; auth (credentials, metadata) and the functions (a cart of at
 * most 100 lines, a provider's event) are small. No legitimate body nests past 32 levels.
 */
const API_BODY_LIMITS = {
  '/rest/v1/*': { maxBytes: 1024 * 1024, maxJsonDepth: 32 },
  '/auth/v1/*': { maxBytes: 64 * 1024, maxJsonDepth: 32 },
  '/functions/v1/*': { maxBytes: 128 * 1024, maxJsonDepth: 32 },
} as const;

/** The one route table: every endpoint of the server and its guards. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  const logger = deps.logger ?? createQuietLogger();
  const health = createHealth({
    db: deps.db,
    dataDir: deps.dataDir,
    minFreeBytes: deps.minFreeBytes ?? 0,
    payments: deps.payments,
    isReady: deps.isReady,
    ...(deps.isStopping ? { isStopping: deps.isStopping } : {}),
    ...(deps.now ? { now: deps.now } : {}),
  });

  // Around every request: id + log line, security headers, compression; on the APIs CORS, a body
  // limit, and writes refused (503) while the disk under DATA_DIR is nearly full.
  app.use(headersInPlace);
  app.use(requestLog({ logger }));
  // The page sends the shopper to the hosted checkout page (sandbox or checkout.stripe.com), and
  // runs index.html's inline route preload, allowed by its hash.
  app.use(
    securityHeaders({
      formAction: deps.payments ? [deps.payments.checkoutOrigin] : [],
      scriptHashes: deps.web.scriptHashes ?? [],
      styleHashes: deps.web.styleHashes ?? [],
    }),
  );
  app.use(compress());
  // Without PUBLIC_URL, links follow the Host header: only known hosts get an answer.
  // Unset (an app no server listens for): this machine's names without a port, as app.request('/x').
  const allowedHosts = deps.allowedHosts ?? knownHosts({ port: 80, host: '::', allowedHosts: [] });
  app.use(requireKnownHost({ publicUrl: deps.publicUrl, allowedHosts }));
  for (const [path, limits] of Object.entries(API_BODY_LIMITS)) {
    app.use(path, apiCors());
    app.use(path, bodyLimit(limits));
    app.use(path, health.requireFreeSpace);
  }

  // Operations: 200 when the database answers, the disk has room and the payment provider answers.
  app.get('/healthz', health.healthz);

  // Auth (Supabase GoTrue-compatible). Every answer says the API version and a signing key rotated
  // by another process is read first; only the JWKS and the mailed links (GET /verify) are public,
  // as on GoTrue, the rest needs the API key; anything else under /auth/v1 is GoTrue's 404.
  const auth = deps.auth;
  app.use('/auth/v1/*', authApiVersion, syncSigningKeys(auth));
  app.get('/auth/v1/.well-known/jwks.json', auth.handlers.jwks);
  // A mailed link is opened by a mail reader: no API key (as on Supabase).
  app.get('/auth/v1/verify', auth.handlers.verifyLink);
  app.use('/auth/v1/*', requireApiKey(auth));
  app.get('/auth/v1/health', auth.handlers.health);
  app.get('/auth/v1/settings', auth.handlers.settings);
  app.post('/auth/v1/signup', signUpRateLimit(auth), auth.handlers.signup);
  app.post('/auth/v1/token', signInRateLimit(auth), auth.handlers.token);
  app.get('/auth/v1/user', requireUser(auth), auth.handlers.getUser);
  app.put('/auth/v1/user', requireUser(auth), userUpdateRateLimit(auth), auth.handlers.updateUser);
  app.post('/auth/v1/logout', logoutScope, requireUser(auth), auth.handlers.logout);
  app.post('/auth/v1/recover', mailRateLimit(auth), auth.handlers.recover);
  app.post('/auth/v1/resend', mailRateLimit(auth), auth.handlers.resend);
  app.post('/auth/v1/verify', auth.handlers.verify);
  app.get(
    '/auth/v1/reauthenticate',
    requireUser(auth),
    mailRateLimit(auth),
    auth.handlers.reauthenticate,
  );
  app.all('/auth/v1/*', auth.handlers.notFound);

  // Data (PostgREST-compatible): each request is one transaction as anon or authenticated.
  const rest = createRestApi({
    db: deps.db,
    anonKey: deps.auth.anonKey,
    verifyAccessToken: deps.auth.verifyAccessToken,
    trustsSigningKey: deps.auth.trustsSigningKey,
  });
  // The catalogue is large and read on every visit: browsers keep it and ask again each time,
  // answered 304 while it is unchanged (ETag).
  app.use('/rest/v1/catalogue_products', revalidate);
  app.get('/rest/v1/rpc/:fn', rest.callFunction);
  app.post('/rest/v1/rpc/:fn', rest.callFunction);
  app.on(['PUT', 'PATCH', 'DELETE'], '/rest/v1/rpc/:fn', rest.refuseRpcMethod);
  app.get('/rest/v1/:table', rest.read);
  app.post('/rest/v1/:table', rest.insert);
  app.patch('/rest/v1/:table', rest.update);
  app.delete('/rest/v1/:table', rest.remove);

  // Storage (Supabase Storage-compatible; docs/decisions/0046-photos-in-the-database.md): buckets
  // and objects under row-level security, each request as its caller like the data API; the bytes
  // in the database; resized images made once and kept. An upload reads its own body under its
  // bucket's size limit; the other bodies are small JSON. Public URLs (object/public,
  // render/image/public) need no API key: an <img> sends none.
  const storage = createStorageApi({
    db: deps.db,
    anonKey: deps.auth.anonKey,
    verifyAccessToken: deps.auth.verifyAccessToken,
    trustsSigningKey: deps.auth.trustsSigningKey,
  });
  app.use('/storage/v1/*', storage.cors, health.requireFreeSpace);
  app.get('/storage/v1/bucket', storage.listBuckets);
  app.post('/storage/v1/bucket', storage.jsonBody, storage.createBucket);
  app.get('/storage/v1/bucket/:id', storage.getBucket);
  app.put('/storage/v1/bucket/:id', storage.jsonBody, storage.updateBucket);
  app.delete('/storage/v1/bucket/:id', storage.jsonBody, storage.deleteBucket);
  app.post('/storage/v1/bucket/:id/empty', storage.emptyBucket);
  app.post('/storage/v1/object/list/:bucket', storage.jsonBody, storage.list);
  app.post('/storage/v1/object/move', storage.jsonBody, storage.move);
  app.post('/storage/v1/object/copy', storage.jsonBody, storage.copy);
  app.get('/storage/v1/object/public/*', storage.downloadPublic);
  app.get('/storage/v1/object/authenticated/*', storage.downloadAuthenticated);
  app.get('/storage/v1/object/info/*', storage.info);
  app.get('/storage/v1/object/*', storage.download);
  app.post('/storage/v1/object/*', storage.upload);
  app.put('/storage/v1/object/*', storage.update);
  app.delete('/storage/v1/object/:bucket', storage.jsonBody, storage.remove);
  app.get('/storage/v1/render/image/public/*', storage.renderPublic);
  app.get('/storage/v1/render/image/authenticated/*', storage.renderAuthenticated);
  app.all('/storage/v1/*', storage.notFound);

  // Functions: 503 without a payment provider. Checkout is for signed-in shoppers, the success
  // page's confirm for anyone with the session id (API key checked), and the provider's webhook
  // has no API key: its Stripe-Signature is the guard.
  const functionsDeps: FunctionsDeps = {
    db: deps.db,
    payments: deps.payments,
    identify: (request) => deps.auth.identify(request),
    logger,
    publicUrl: deps.publicUrl,
    siteUrl: deps.siteUrl,
    stockHoldMinutes: deps.stockHoldMinutes,
    checkoutLimits: deps.checkoutLimits,
    shipping: deps.shipping ?? DEFAULT_SHIPPING,
  };
  const functions = createFunctions(functionsDeps);
  app.post(
    '/functions/v1/checkout',
    requirePayments(functionsDeps),
    identifyCaller(functionsDeps),
    requireShopper,
    functions.checkout,
  );
  app.post(
    '/functions/v1/cancel-checkout',
    requirePayments(functionsDeps),
    identifyCaller(functionsDeps),
    requireShopper,
    functions.cancelCheckout,
  );
  app.post(
    '/functions/v1/confirm-checkout',
    requirePayments(functionsDeps),
    identifyCaller(functionsDeps),
    functions.confirmCheckout,
  );
  app.post(
    '/functions/v1/stripe-webhook',
    requirePayments(functionsDeps),
    verifyStripeSignature,
    functions.stripeWebhook,
  );
  // Staff set stock (docs/decisions/0025-stock-holds.md).
  app.post(
    '/functions/v1/admin-stock',
    identifyCaller(functionsDeps),
    requireStaff(functionsDeps),
    functions.adminStock,
  );

  // The back office (docs/product.md, Back office): staff only, the account checked on every
  // call; refunds and cancels go through the payment provider.
  const staff = [identifyCaller(functionsDeps), requireStaff(functionsDeps)] as const;
  app.post('/functions/v1/admin-ship', ...staff, functions.adminShip);
  app.post('/functions/v1/admin-deliver', ...staff, functions.adminDeliver);
  app.post(
    '/functions/v1/admin-cancel',
    requirePayments(functionsDeps),
    ...staff,
    functions.adminCancel,
  );
  app.post(
    '/functions/v1/admin-refund',
    requirePayments(functionsDeps),
    ...staff,
    functions.adminRefund,
  );
  app.get('/functions/v1/admin-orders-csv', ...staff, functions.adminOrdersCsv);
  app.get('/functions/v1/admin-orders', ...staff, functions.adminOrderList);
  // Discount codes and tax rates live at the payment provider, kept by staff here
  // (docs/decisions/0050-discount-codes-and-sales-tax.md).
  const provider = [requirePayments(functionsDeps), ...staff] as const;
  app.get('/functions/v1/admin-discounts', ...provider, functions.adminDiscounts);
  app.post('/functions/v1/admin-discounts', ...provider, functions.adminDiscountCreate);
  app.post('/functions/v1/admin-discounts/:id', ...provider, functions.adminDiscountUpdate);
  app.get('/functions/v1/admin-tax-rates', ...provider, functions.adminTaxRates);
  app.post('/functions/v1/admin-tax-rates', ...provider, functions.adminTaxRateCreate);
  app.post('/functions/v1/admin-tax-rates/:id', ...provider, functions.adminTaxRateUpdate);

  // Pages the server renders whole, for crawlers and link previews as for shoppers
  // (docs/decisions/0049-server-rendered-product-pages.md): a page per product and category, a
  // product's preview image, the sitemap and robots.txt.
  if (deps.pageRenderer) {
    const pages = createPages({
      db: deps.db,
      renderer: deps.pageRenderer,
      template: deps.web.pages?.template ?? BARE_TEMPLATE,
      decorate: deps.web.decorate ?? ((html) => html),
      publicUrl: deps.publicUrl,
      // One image at a time: previews are made once per product and change, beside photo uploads.
      images: createImageWorker(1),
    });
    app.get('/robots.txt', pages.robots);
    app.get('/sitemap.xml', pages.sitemap);
    app.get(`${BASE_PATH}products/:urlKey`, pages.product);
    app.get(`${BASE_PATH}products/:urlKey/preview.png`, pages.preview);
    app.get(`${BASE_PATH}:category{keyboards|switches|accessories}`, pages.category);
    if (deps.web.pages) app.get(`${BASE_PATH}page-assets/*`, deps.web.pages.assets);
  }

  // The web app
  app.get('/', (c) => c.redirect(BASE_PATH, 302));
  app.get('/keebshop', (c) => c.redirect(BASE_PATH, 301));
  app.get(`${BASE_PATH}assets/*`, deps.web.assets);
  app.get(BASE_PATH, deps.web.index);
  app.get(`${BASE_PATH}index.html`, deps.web.index);

  app.notFound(createNotFoundHandler());
  app.onError(createErrorHandler({ logger }));

  return app;
}
