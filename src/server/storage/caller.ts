// Who a storage request acts as, and running its SQL as that role. The same identification and
// per-request role as the data API (src/server/rest/identity.ts), so one set of row-level
// security policies on storage.objects decides for both, as on Supabase; only the error shape
// differs (Storage's instead of PostgREST's).
import type { Context } from 'hono';
import { HttpError } from '../http/errors.ts';
import type { Queryable } from '../db/types.ts';
import { identify, runAs, type Identity, type RestContext } from '../rest/identity.ts';
import { accessDenied, fromRestError } from './errors.ts';

export type { Identity } from '../rest/identity.ts';

const ANON: Identity = { role: 'anon' };

/**
 * The request's identity from `apikey` and `Authorization`. A bad or expired token, or a missing
 * key, is AccessDenied; where Storage lets a bad token read as anon (downloads and info of
 * objects, `lenient`), it is anon.
 */
export async function identifyCaller(
  c: Context,
  deps: RestContext,
  options: { lenient?: boolean } = {},
): Promise<Identity> {
  try {
    return await identify(c, deps);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (options.lenient) return ANON;
    throw accessDenied(String(err.body.message ?? 'Invalid token'));
  }
}

/** The owner column values of what a caller writes: its user id, none for anon. */
export function ownerOf(identity: Identity): string | null {
  return identity.role === 'authenticated' ? identity.claims.sub : null;
}

/**
 * Runs `fn` in one transaction as the caller's role with its claims, as the data API does. A
 * session signed out since the token was issued is AccessDenied; errors `fn` throws pass as they
 * are (translate database errors inside `fn`, where the statement that failed is known).
 */
export async function asCaller<T>(
  deps: RestContext,
  identity: Identity,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await runAs(deps, identity, fn);
  } catch (err) {
    // runAs answers a gone session, and any database error fn let through, in PostgREST's shape.
    if (err instanceof HttpError && typeof err.body.statusCode !== 'string') {
      throw fromRestError(err);
    }
    throw err;
  }
}

/**
 * Leaves the caller's role for the rest of the transaction: the server's own rights, to read and
 * write the bytes (storage.object_data, storage.renditions), which no client role may touch. Used
 * only after the caller's own statement on the object's row passed row-level security.
 */
export async function asServer(tx: Queryable): Promise<void> {
  await tx.query('SET LOCAL ROLE NONE');
}
