import { z } from 'zod';
import { authEnvShape, authSettingsFrom, type AuthSettings } from './auth/settings.ts';
import {
  paymentsEnvProblems,
  paymentsEnvShape,
  paymentsSettingsFrom,
  type PaymentsSettings,
  // The settings file itself, not the payments entry: loading the config (as the web component
  // tests' server does under jsdom) must not load the payments sandbox and its page.
} from './payments/settings.ts';
import { mailEnvShape, mailSettingsFrom, type MailSettings } from './mail/settings.ts';
import { pgliteEnvShape, pgliteSettingsFrom, type PgliteSettings } from './db/pglite-settings.ts';
import type { CheckoutLimits } from './orders/index.ts';
// Straight from the file, not orders/index.ts: config loads before the database opens, and the
// index would load the whole order module (Stripe included) before it (shop-modules.ts).
/* eslint-disable boundaries/entry-point -- the one import past the index (ADR 0048) */
import {
  shippingEnvShape,
  shippingSettingsFrom,
  type ShippingSettings,
} from './orders/shipping.ts';
/* eslint-enable boundaries/entry-point */

/** A DNS name or IPv4 address, or an IPv6 address in brackets; no port. */
const HOST_NAME = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/;

/** Every environment variable the server reads, validated once at boot. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Free space under DATA_DIR (PGlite) below which /healthz fails and writes answer 503. */
  DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(0).default(64),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  /** The shop's public origin (e.g. https://shop.example); unset: taken from each request. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /** Host names answered (besides loopback and HOST) while PUBLIC_URL is unset; comma-separated. */
  ALLOWED_HOSTS: z
    .string()
    .transform((list) => list.split(',').map((name) => name.trim().toLowerCase()))
    .pipe(z.array(z.string().regex(HOST_NAME, 'must be host names separated by commas')))
    .optional(),
  /** `production` requires PUBLIC_URL: links and the token issuer never follow a request's Host. */
  NODE_ENV: z.string().optional(),
  /** Seconds a stop (SIGTERM) waits for requests already received before cutting them off. */
  DRAIN_TIMEOUT: z.coerce.number().int().min(0).max(3600).default(30),
  /** Minutes a checkout holds its units and its session lives (the provider's minimum is 30). */
  STOCK_HOLD_MINUTES: z.coerce.number().int().min(30).max(1440).default(30),
  /** The most units of one keyboard or accessory, and of one switch, a checkout may take. */
  CHECKOUT_MAX_PER_PRODUCT: z.coerce.number().int().min(1).max(99_900).default(10),
  CHECKOUT_MAX_SWITCHES_PER_PRODUCT: z.coerce.number().int().min(1).max(99_900).default(110),
  /** The most units of everything together one checkout may take. */
  CHECKOUT_MAX_UNITS: z.coerce.number().int().min(1).max(99_900).default(250),
  ...authEnvShape,
  ...paymentsEnvShape,
  ...shippingEnvShape,
  ...mailEnvShape,
  ...pgliteEnvShape,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  dataDirMinFreeMb: number;
  databaseUrl: string | undefined;
  /** How PGlite uses memory (PGLITE_SHARED_BUFFERS_MB, PGLITE_OPTIMIZE_WASM). */
  pglite: PgliteSettings;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  publicUrl: string | undefined;
  /** Where mailed links point: PUBLIC_URL, or http://localhost:PORT for a shop run locally. */
  siteUrl: string;
  /** ALLOWED_HOSTS: answered besides loopback and HOST while PUBLIC_URL is unset. */
  allowedHosts: string[];
  /** DRAIN_TIMEOUT in milliseconds. */
  drainTimeoutMs: number;
  /** STOCK_HOLD_MINUTES: how long a checkout holds stock (and its session lives). */
  stockHoldMinutes: number;
  /** CHECKOUT_MAX_PER_PRODUCT and CHECKOUT_MAX_SWITCHES_PER_PRODUCT. */
  checkoutLimits: CheckoutLimits;
  auth: AuthSettings;
  /** Real Stripe (both STRIPE_ variables set) or the payments sandbox on SANDBOX_PORT. */
  payments: PaymentsSettings;
  /** Days the payments sandbox keeps finished sessions (SANDBOX_RETENTION_DAYS). */
  sandboxRetentionDays: number;
  /** The countries and rates the checkout offers (SHIPPING_COUNTRIES, FREE_SHIPPING_THRESHOLD). */
  shipping: ShippingSettings;
  /** Days after delivery or cancellation before an order's address is erased. */
  orderAddressRetentionDays: number;
  /** SMTP_URL (or the development mailbox), MAIL_FROM, MAILBOX_PORT. */
  mail: MailSettings;
};

/** Thrown at boot with a list of everything wrong in the environment. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  const problems = [
    ...(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? []),
    ...paymentsEnvProblems(cleaned),
    ...(cleaned.NODE_ENV === 'production' && cleaned.PUBLIC_URL === undefined
      ? [
          'PUBLIC_URL: required when NODE_ENV=production, the origin shoppers use (https://shop.example)',
        ]
      : []),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    dataDirMinFreeMb: e.DATA_DIR_MIN_FREE_MB,
    databaseUrl: e.DATABASE_URL,
    pglite: pgliteSettingsFrom(e),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    siteUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    drainTimeoutMs: e.DRAIN_TIMEOUT * 1000,
    stockHoldMinutes: e.STOCK_HOLD_MINUTES,
    checkoutLimits: {
      perProduct: e.CHECKOUT_MAX_PER_PRODUCT,
      perSwitch: e.CHECKOUT_MAX_SWITCHES_PER_PRODUCT,
      perOrder: e.CHECKOUT_MAX_UNITS,
    },
    auth: authSettingsFrom(e),
    payments: paymentsSettingsFrom(e),
    sandboxRetentionDays: e.SANDBOX_RETENTION_DAYS,
    shipping: shippingSettingsFrom(e),
    orderAddressRetentionDays: e.ORDER_ADDRESS_RETENTION_DAYS,
    mail: mailSettingsFrom(e),
  };
}
