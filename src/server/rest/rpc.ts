import type { Context } from 'hono';
import type { FunctionInfo, SchemaCache } from './schema-cache.ts';
import { parseError, restError } from './errors.ts';
import { identify, runAs, type RestContext } from './identity.ts';
import {
  appliedPreferences,
  checkProfile,
  contentRange,
  countsRows,
  parseJsonPayload,
  parsePrefer,
} from './request-options.ts';
import { ident, Params } from './sql.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The overload whose named arguments fit the given keys: every key known, every required one given. */
function pickOverload(candidates: FunctionInfo[], keys: string[]): FunctionInfo | undefined {
  return candidates.find(
    (f) =>
      f.callable &&
      keys.every((k) => f.args.some((a) => a.name === k)) &&
      f.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
}

/** PUT, PATCH or DELETE on a function: PostgREST's 405 PGRST101 (GET, HEAD and POST call it). */
export function refuseRpcMethod(c: Context): never {
  throw restError(405, 'PGRST101', `Cannot use the ${c.req.method} method on RPC`);
}

function notFound(name: string, keys: string[]): Error {
  const signature = `public.${name}(${[...keys].sort().join(', ')})`;
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${signature} in the schema cache`,
    `Searched for the function ${signature}, but no matches were found in the schema cache.`,
  );
}

/**
 * The SQL that calls `fn` with the given arguments by name. The arguments travel as ONE bound json
 * parameter that json_to_record converts to the declared types (from the schema cache), so a value of
 * the wrong type fails in Postgres (22P02 -> 400) and nothing from the request is spliced.
 */
function buildCall(
  fn: FunctionInfo,
  argsJson: string,
  keys: string[],
): { sql: string; params: unknown[] } {
  const params = new Params();
  const used = fn.args.filter((a) => keys.includes(a.name));
  const call = `"public".${ident(fn.name)}(${used.map((a) => `${ident(a.name)} := _pgrst_args.${ident(a.name)}`).join(', ')})`;
  const from = used.length
    ? `json_to_record(${params.add(argsJson)}::json) AS _pgrst_args(${used.map((a) => `${ident(a.name)} ${a.type}`).join(', ')}), LATERAL `
    : '';
  let sql: string;
  // n: the rows the call returned; a function that returns one value (or void) counts as one row.
  if (fn.returnsVoid) sql = `SELECT NULL::text AS body, 1 AS n FROM ${from}${call} AS _pgrst_fn`;
  else if (fn.returnsSet)
    sql = `SELECT coalesce(json_agg(_pgrst_fn), '[]')::text AS body, count(*)::int AS n FROM ${from}${call} AS _pgrst_fn`;
  else sql = `SELECT to_json(_pgrst_fn)::text AS body, 1 AS n FROM ${from}${call} AS _pgrst_fn`;
  return { sql, params: params.values };
}

/** Arguments of a GET call: every query parameter is one argument, as text. */
function argsFromQuery(c: Context): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URL(c.req.url).searchParams) args[key] = value;
  return args;
}

/** The handler of /rest/v1/rpc/<name>: calls a public function with named arguments. */
export function createRpcHandler(deps: RestContext, schemaCache: SchemaCache) {
  return async function callFunction(c: Context): Promise<Response> {
    checkProfile(c);
    const name = c.req.param('fn') ?? '';
    const isGet = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (!isGet && new URL(c.req.url).search.length > 1) {
      throw parseError(
        'Query parameters on a function call are not supported: send arguments in the body',
      );
    }
    const prefs = parsePrefer(c.req.header('prefer'));
    const identity = await identify(c, deps);
    let args: Record<string, unknown> = {};
    let argsJson = '{}';
    if (isGet) {
      args = argsFromQuery(c);
      argsJson = JSON.stringify(args);
    } else {
      // rpc('fn') sends `{}`; an empty body means no arguments too.
      const text = await c.req.text();
      if (text.trim() !== '') {
        const payload = parseJsonPayload(c.req.header('content-type'), text, { allowArray: false });
        args = payload.rows[0] ?? {};
        argsJson = payload.objectText;
      }
    }
    const keys = Object.keys(args);
    const fn = pickOverload((await schemaCache.functions(name)) ?? [], keys);
    if (!fn) throw notFound(name, keys);
    if (isGet && fn.volatile) {
      throw restError(
        405,
        'PGRST101',
        'Cannot use the GET method on a volatile function: use POST',
      );
    }
    const call = buildCall(fn, argsJson, keys);
    const { body, n } = await runAs(deps, identity, async (tx) => {
      const { rows } = await tx.query<{ body: string | null; n: number }>(call.sql, call.params);
      return { body: rows[0]?.body ?? null, n: Number(rows[0]?.n ?? 0) };
    });
    // As for a read: the rows' positions and, when a count was asked for, their number.
    c.header('Content-Range', contentRange(0, n, countsRows(prefs) ? n : undefined));
    const applied = appliedPreferences(prefs, 'call');
    if (applied) c.header('Preference-Applied', applied);
    if (fn.returnsVoid) return c.body(null, 204);
    return c.body(body ?? 'null', 200, { 'Content-Type': JSON_TYPE });
  };
}
