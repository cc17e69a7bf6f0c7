import type { Context } from 'hono';
import { SchemaCache } from './schema-cache.ts';
import { restContext, type RestDeps } from './identity.ts';
import { createRpcHandler, refuseRpcMethod } from './rpc.ts';
import { createTableHandlers } from './table.ts';

export type { RestDeps } from './identity.ts';
export { SchemaCache } from './schema-cache.ts';

/** The PostgREST-compatible data API's handlers; app.ts maps them to /rest/v1 routes. */
export interface RestApi {
  read: (c: Context) => Promise<Response>;
  insert: (c: Context) => Promise<Response>;
  update: (c: Context) => Promise<Response>;
  remove: (c: Context) => Promise<Response>;
  callFunction: (c: Context) => Promise<Response>;
  /** PUT, PATCH and DELETE on a function: 405 PGRST101. */
  refuseRpcMethod: (c: Context) => never;
  /** The schema cache; `refresh()` after changing the public schema at run time. */
  schemaCache: SchemaCache;
}

/** Builds the data API over the shop's database, its anon key and access-token verifier. */
export function createRestApi(deps: RestDeps): RestApi {
  const context = restContext(deps);
  const schemaCache = new SchemaCache(deps.db);
  return {
    ...createTableHandlers(context, schemaCache),
    callFunction: createRpcHandler(context, schemaCache),
    refuseRpcMethod,
    schemaCache,
  };
}
