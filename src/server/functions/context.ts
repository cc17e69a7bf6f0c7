import type { Context } from 'hono';
import type { RequestCredentials, RequestIdentity } from '../auth/identify.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
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
}

/** Reads a JSON request body; anything unparseable is a 400 in the functions' error shape. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw functionError('bad_json');
  }
}
