import type { Context } from 'hono';
import type { SchemaCache, TableInfo } from './schema-cache.ts';
import { parseError, restError } from './errors.ts';
import { identify, readAs, runAs, type RestContext } from './identity.ts';
import { parseReadQuery, type ReadQuery } from './query.ts';
import { checkOffset, countStatements, totalOf } from './counts.ts';
import {
  appliedPreferences,
  checkProfile,
  checkSameKeys,
  contentRange,
  countsRows,
  parsePrefer,
  readJsonPayload,
  wantsSingleObject,
  type Preferences,
} from './request-options.ts';
import { buildRead, type Page } from './sql.ts';
import { buildDelete, buildInsert, buildUpdate } from './write-sql.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

async function findTable(schemaCache: SchemaCache, name: string): Promise<TableInfo> {
  const table = await schemaCache.table(name);
  if (!table) {
    throw restError(
      404,
      'PGRST205',
      `Could not find the table 'public.${name}' in the schema cache`,
    );
  }
  return table;
}

/** 405 for a write the relation cannot take at all (e.g. a view with GROUP BY). */
function checkWritable(table: TableInfo, action: 'insert' | 'update' | 'delete'): void {
  if (!table.writable[action]) {
    throw restError(
      405,
      '55000',
      `cannot ${action} ${action === 'delete' ? 'from' : 'into'} relation "${table.name}"`,
      `"${table.name}" is a view or relation that does not accept ${action.toUpperCase()}.`,
    );
  }
}

/** The page from limit/offset and an optional `Range: from-to` header (PostgREST combines both). */
function pageOf(c: Context, query: ReadQuery): Page {
  const range = /^\s*(?:items=)?(\d{1,9})-(\d{0,9})\s*$/.exec(c.req.header('range') ?? '');
  let offset = query.offset ?? 0;
  let limit = query.limit;
  if (range) {
    const from = Number(range[1]);
    const to = range[2] ? Number(range[2]) : undefined;
    if (to !== undefined && to < from) {
      throw restError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      );
    }
    offset += from;
    if (to !== undefined) limit = Math.min(limit ?? Infinity, to - from + 1);
  }
  return limit === undefined ? { offset } : { limit, offset };
}

/** A JSON array body of n rows, or its one object for `.single()` (406 PGRST116 otherwise). */
function shapeBody(body: string, rows: number, single: boolean): string {
  if (!single) return body;
  if (rows !== 1) {
    throw restError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    );
  }
  return body.slice(1, -1);
}

type WriteAction = 'insert' | 'update' | 'delete';
type Written = { body: string | undefined; n: number };

/**
 * Runs a write built by write-sql.ts in one transaction as the request's role: the number of rows
 * written, and their JSON if asked for. A wrong cardinality for `.single()` is thrown inside the
 * transaction, so it writes nothing (as PostgREST).
 */
async function write(
  deps: RestContext,
  identity: Awaited<ReturnType<typeof identify>>,
  statement: { sql: string; params: unknown[] } | null,
  single: boolean,
): Promise<Written> {
  if (statement === null) return { body: shapeBody('[]', 0, single), n: 0 };
  return runAs(deps, identity, async (tx) => {
    const { rows } = await tx.query<{ body?: string; n: number }>(statement.sql, statement.params);
    const n = Number(rows[0]?.n ?? 0);
    const body = shapeBody(rows[0]?.body ?? '[]', n, single);
    return { body: rows[0]?.body === undefined ? undefined : body, n };
  });
}

// The response to a write, as PostgREST shapes it: Content-Range `*/N` for inserts and deletes,
// `0-(N-1)/N` for updates, N only when a count was asked for (else `*`); 201 for an insert, else
// 200 with the rows or 204 without.
function writeResponse(
  c: Context,
  action: WriteAction,
  prefs: Preferences,
  result: Written,
  represent: boolean,
): Response {
  const total = countsRows(prefs) ? result.n : undefined;
  c.header('Content-Range', contentRange(0, action === 'update' ? result.n : 0, total));
  const applied = appliedPreferences(prefs, action === 'insert' ? 'insert' : 'write');
  if (applied) c.header('Preference-Applied', applied);
  if (!represent || result.body === undefined) return c.body(null, action === 'insert' ? 201 : 204);
  return c.body(result.body, action === 'insert' ? 201 : 200, { 'Content-Type': JSON_TYPE });
}

/** The handlers of /rest/v1/<table>: GET (read), POST (insert), PATCH (update), DELETE. */
export function createTableHandlers(deps: RestContext, schemaCache: SchemaCache) {
  /** What POST, PATCH and DELETE check before the body; the order decides which error wins. */
  async function writeRequest(c: Context, action: WriteAction) {
    checkProfile(c);
    const query = parseReadQuery(new URL(c.req.url).searchParams);
    const single = wantsSingleObject(c);
    const prefs = parsePrefer(c.req.header('prefer'));
    // upsert() without onConflict sends only this preference: refused, never a plain insert.
    if (prefs.resolution) {
      throw parseError('Upserts (Prefer: resolution=...) are not supported');
    }
    const identity = await identify(c, deps);
    const table = await findTable(schemaCache, c.req.param('table') ?? '');
    checkWritable(table, action);
    const returning = prefs.return === 'representation' ? query.select : undefined;
    return { query, single, prefs, identity, table, returning };
  }

  return {
    async read(c: Context): Promise<Response> {
      checkProfile(c);
      const query = parseReadQuery(new URL(c.req.url).searchParams);
      const single = wantsSingleObject(c);
      const prefs = parsePrefer(c.req.header('prefer'));
      const page = pageOf(c, query);
      const identity = await identify(c, deps);
      const table = await findTable(schemaCache, c.req.param('table') ?? '');
      const read = buildRead(table, query, page);
      const counts = countStatements(table, query, prefs.count);
      const [found, ...counted] = await readAs(deps, identity, [read, ...counts]);
      const n = Number(found?.rows[0]?.n ?? 0);
      const total = totalOf(prefs.count, counted);
      const body = shapeBody((found?.rows[0]?.body as string | undefined) ?? '[]', n, single);
      checkOffset(page.offset, total);
      const partial = total !== undefined && n < total && !single;
      c.header('Content-Range', contentRange(page.offset, n, total));
      const applied = appliedPreferences(prefs, 'read');
      if (applied) c.header('Preference-Applied', applied);
      return c.body(body, partial ? 206 : 200, { 'Content-Type': JSON_TYPE });
    },

    async insert(c: Context): Promise<Response> {
      const { query, single, prefs, identity, table, returning } = await writeRequest(c, 'insert');
      const payload = await readJsonPayload(c, { allowArray: true });
      if (!query.columns) checkSameKeys(payload.rows);
      const missingDefault = prefs.missing === 'default';
      const insert = buildInsert(table, payload, query.columns, returning, missingDefault);
      const result = await write(deps, identity, insert, single);
      return writeResponse(c, 'insert', prefs, result, returning !== undefined);
    },

    async update(c: Context): Promise<Response> {
      const { query, single, prefs, identity, table, returning } = await writeRequest(c, 'update');
      const payload = await readJsonPayload(c, { allowArray: false });
      const update = buildUpdate(table, payload, query.filters, returning);
      const result = await write(deps, identity, update, single);
      return writeResponse(c, 'update', prefs, result, returning !== undefined);
    },

    async remove(c: Context): Promise<Response> {
      const { query, single, prefs, identity, table, returning } = await writeRequest(c, 'delete');
      const remove = buildDelete(table, query.filters, returning);
      const result = await write(deps, identity, remove, single);
      return writeResponse(c, 'delete', prefs, result, returning !== undefined);
    },
  };
}
