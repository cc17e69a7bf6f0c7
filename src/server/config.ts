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

/** Every environment variable the server reads, validated once at boot. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
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
  ...authEnvShape,
  ...paymentsEnvShape,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  publicUrl: string | undefined;
  auth: AuthSettings;
  /** Real Stripe (both STRIPE_ variables set) or the payments sandbox on SANDBOX_PORT. */
  payments: PaymentsSettings;
  /** Days the payments sandbox keeps finished sessions (SANDBOX_RETENTION_DAYS). */
  sandboxRetentionDays: number;
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
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    auth: authSettingsFrom(e),
    payments: paymentsSettingsFrom(e),
    sandboxRetentionDays: e.SANDBOX_RETENTION_DAYS,
  };
}
