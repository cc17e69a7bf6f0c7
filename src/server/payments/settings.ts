import { z } from 'zod';

/** The payment variables; merged into the server's one config schema (see paymentsEnvProblems). */
export const paymentsEnvShape = {
  /** Real Stripe: a secret (sk_) or restricted (rk_) key. Unset: the payments sandbox runs. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
      'must be a Stripe secret key (sk_test_... or sk_live_...)',
    )
    .optional(),
  /** Verifies Stripe's webhook deliveries; required together with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  /** Where the payments sandbox listens when Stripe is not configured. */
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(12111),
  /** Days the sandbox keeps finished sessions and their events in the database. */
  SANDBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(30),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsEnvShape>>;

export type PaymentsSettings =
  | { provider: 'stripe'; secretKey: string; webhookSecret: string }
  | { provider: 'sandbox'; port: number };

/** Problems zod cannot see field by field: the two Stripe secrets come together or not at all. */
export function paymentsEnvProblems(e: {
  STRIPE_SECRET_KEY?: unknown;
  STRIPE_WEBHOOK_SECRET?: unknown;
}): string[] {
  const key = e.STRIPE_SECRET_KEY !== undefined;
  const hook = e.STRIPE_WEBHOOK_SECRET !== undefined;
  if (key && !hook) return ['STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is set'];
  if (hook && !key) return ['STRIPE_SECRET_KEY: must be set when STRIPE_WEBHOOK_SECRET is set'];
  return [];
}

/** Builds the payment settings from the validated environment (paymentsEnvProblems already empty). */
export function paymentsSettingsFrom(e: PaymentsEnv): PaymentsSettings {
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    return {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    };
  }
  return { provider: 'sandbox', port: e.SANDBOX_PORT };
}
