import type { Context } from 'hono';
import type { Queryable } from '../db/types.ts';
import type { SchemaCache, TableInfo } from './schema-cache.ts';
import { restError } from './errors.ts';
import { identify, readAs, runAs, type RestContext } from './identity.ts';
import { parseReadQuery, type ReadQuery } from './query.ts';
import {
  appliedPreferences,
  checkProfile,
  parsePrefer,
  readJsonPayload,
  wantsSingleObject,
} from './request-options.ts';
import { buildCount, buildRead, type Page } from './sql.ts';
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
      throw restError(416, 'PGRST103', 'Requested range not satisfiable', `${from}-${to}`);
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
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${rows} rows`,
    );
  }
  return body.slice(1, -1);
}

async function runJson(tx: Queryable, sql: { sql: string; params: unknown[] }) {
  const { rows } = await tx.query<{ body: string; n: number }>(sql.sql, sql.params);
  return { body: rows[0]?.body ?? '[]', n: Number(rows[0]?.n ?? 0) };
}

/** The handlers of /rest/v1/<table>: GET (read), POST (insert), PATCH (update), DELETE. */
export function createTableHandlers(deps: RestContext, schemaCache: SchemaCache) {
  /** What POST, PATCH and DELETE check before the body; the order decides which error wins. */
  async function writeRequest(c: Context, action: 'insert' | 'update' | 'delete') {
    checkProfile(c);
    const query = parseReadQuery(new URL(c.req.url).searchParams);
    const single = wantsSingleObject(c);
    const prefs = parsePrefer(c.req.header('prefer'));
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
      const count = prefs.count ? buildCount(table, query) : undefined;
      const [found, counted] = await readAs(deps, identity, count ? [read, count] : [read]);
      const result = {
        body: (found?.rows[0]?.body as string | undefined) ?? '[]',
        n: Number(found?.rows[0]?.n ?? 0),
        total: counted ? Number(counted.rows[0]?.total ?? 0) : undefined,
      };
      const body = shapeBody(result.body, result.n, single);
      const totalText = result.total === undefined ? '*' : String(result.total);
      const range =
        result.n === 0
          ? `*/${totalText}`
          : `${page.offset}-${page.offset + result.n - 1}/${totalText}`;
      const partial = result.total !== undefined && result.n < result.total && !single;
      c.header('Content-Range', range);
      const applied = appliedPreferences(prefs, false);
      if (applied) c.header('Preference-Applied', applied);
      return c.body(body, partial ? 206 : 200, { 'Content-Type': JSON_TYPE });
    },

    async insert(c: Context): Promise<Response> {
      const { query, single, prefs, identity, table, returning } = await writeRequest(c, 'insert');
      const payload = await readJsonPayload(c, { allowArray: true });
      const insert = buildInsert(table, payload, query.columns, returning);
      const body = await runAs(deps, identity, async (tx) => {
        if (returning === undefined) {
          await tx.query(insert.sql, insert.params);
          return undefined;
        }
        const written = await runJson(tx, insert);
        // Thrown inside the transaction, so a wrong cardinality writes nothing (as PostgREST).
        return shapeBody(written.body, written.n, single);
      });
      c.header('Preference-Applied', appliedPreferences(prefs, true) ?? '');
      c.header('Content-Range', '*/*');
      if (body === undefined) return c.body(null, 201);
      return c.body(body, 201, { 'Content-Type': JSON_TYPE });
    },

    async update(c: Context): Promise<Response> {
      const { query, single, identity, table, returning } = await writeRequest(c, 'update');
      const payload = await readJsonPayload(c, { allowArray: false });
      const update = buildUpdate(table, payload, query.filters, returning);
      return writeResult(c, deps, identity, update, returning !== undefined, single);
    },

    async remove(c: Context): Promise<Response> {
      const { query, single, identity, table, returning } = await writeRequest(c, 'delete');
      const remove = buildDelete(table, query.filters, returning);
      return writeResult(c, deps, identity, remove, returning !== undefined, single);
    },
  };
}

/** Runs an UPDATE or DELETE: 204 with nothing to return, else 200 with the affected rows. */
async function writeResult(
  c: Context,
  deps: RestContext,
  identity: Awaited<ReturnType<typeof identify>>,
  statement: { sql: string; params: unknown[] } | null,
  represent: boolean,
  single: boolean,
): Promise<Response> {
  if (statement === null)
    return represent ? c.body('[]', 200, { 'Content-Type': JSON_TYPE }) : c.body(null, 204);
  const body = await runAs(deps, identity, async (tx) => {
    if (!represent) {
      await tx.query(statement.sql, statement.params);
      return undefined;
    }
    const written = await runJson(tx, statement);
    return shapeBody(written.body, written.n, single);
  });
  c.header('Content-Range', '*/*');
  if (body === undefined) return c.body(null, 204);
  return c.body(body, 200, { 'Content-Type': JSON_TYPE });
}
