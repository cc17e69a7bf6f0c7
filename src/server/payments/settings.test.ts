import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const KEY = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';
const HOOK = 'whsec_abcdefghijklmnop';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('payment configuration', () => {
  it('runs the sandbox on port 12111 when no Stripe keys are set', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', port: 12111 });
    expect(loadConfig({ SANDBOX_PORT: '4242' }).payments).toEqual({
      provider: 'sandbox',
      port: 4242,
    });
    // Empty values count as unset, as for every other variable.
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).payments.provider).toBe(
      'sandbox',
    );
  });

  it('uses real Stripe when both secrets are set', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: HOOK }).payments).toEqual({
      provider: 'stripe',
      secretKey: KEY,
      webhookSecret: HOOK,
    });
  });

  it('refuses one Stripe secret without the other, naming the missing one', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: KEY })).toEqual([
      'STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is set',
    ]);
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: HOOK })).toEqual([
      'STRIPE_SECRET_KEY: must be set when STRIPE_WEBHOOK_SECRET is set',
    ]);
  });

  it('refuses values that are not Stripe secrets, listed with the other problems', () => {
    const problems = problemsOf({
      STRIPE_SECRET_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'secret',
      SANDBOX_PORT: '70000',
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(problems[1]).toMatch(/^STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
    expect(problems[2]).toMatch(/^SANDBOX_PORT: /);
  });
});
