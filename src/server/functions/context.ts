import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { RequestCredentials, RequestIdentity } from '../auth/identify.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import type { CheckoutLimits, ShippingSettings } from '../orders/index.ts';
import type { Payments } from '../payments/index.ts';
import { functionError } from './errors.ts';

/** What the functions need from the rest of the server. */
export interface FunctionsDeps {
  db: Database;
  /** Unset when the server runs without a payment provider (tools, some tests): functions answer 503. */
  payments: Payments | undefined;
  /** The auth service's request identification (apikey + bearer, as Supabase's gateway does). */
  identify(request: RequestCredentials): Promise<RequestIdentity>;
  logger: Logger;
  /** The shop's public origin; unset: the origin each request came to. */
  publicUrl: string | undefined;
  /** Where mailed links point (config.siteUrl): PUBLIC_URL, or http://localhost:PORT. */
  siteUrl: string;
  /** How long a checkout holds its units, and its session lives (STOCK_HOLD_MINUTES). */
  stockHoldMinutes?: number | undefined;
  /** The most units of one product a checkout may hold (CHECKOUT_MAX_PER_PRODUCT...). */
  checkoutLimits?: CheckoutLimits | undefined;
  /** The countries and rates the checkout offers. */
  shipping: ShippingSettings;
}

/** Stripe's shortest Checkout Session lifetime, and the default hold (docs/operations.md). */
export const DEFAULT_STOCK_HOLD_MINUTES = 30;

/** Reads a JSON request body; anything unparseable is a 400 in the functions' error shape. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw functionError('bad_json');
  }
}

// zod/mini, the contracts' zod, carries no message texts: a request's problems are put in English.
const englishMessages = z.locales.en().localeError;

/** Parses a request with its contract's schema (src/contracts/functions), problems in English. */
export function parseRequest<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
): z.core.util.SafeParseResult<z.output<S>> {
  return z.safeParse(schema, value, { error: englishMessages });
}

/** A JSON body parsed with its contract's schema, or 400 invalid_request naming each wrong field. */
export async function parseBody<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
): Promise<z.output<S>> {
  const parsed = parseRequest(schema, await readJsonBody(c));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => {
    const field = i.path.join('.');
    return field ? `${field}: ${i.message}` : i.message;
  });
  throw functionError('invalid_request', problems.join('; '));
}
