// What the storage handlers share: the database as the server, the data API's context (who a
// request is, running as its role) and the image worker, plus reading a JSON body.
import type { Context } from 'hono';
import type { Database } from '../db/types.ts';
import type { RestContext } from '../rest/identity.ts';
import { invalidRequest } from './errors.ts';
import type { ImageWorker } from './images.ts';

export interface StorageContext {
  /** The database with the server's own rights (row-level security does not apply). */
  db: Database;
  /** Identification and per-request roles, shared in kind with the data API. */
  rest: RestContext;
  images: ImageWorker;
}

/**
 * A JSON object body (list, remove, move, copy, buckets). The route's bodyLimit has already
 * bounded its size and depth; anything but an object is Storage's validation error.
 */
export async function readJson<T extends object>(c: Context): Promise<T> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw invalidRequest('body must be a JSON object');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('body must be object');
  }
  return body as T;
}
