import { restError } from './errors.ts';
import type { TableInfo } from './schema-cache.ts';
import type { Filter, Selection } from './query.ts';
import { ident, jsonArrayOf, Params, selectList, tableRef, whereClause } from './sql.ts';

/**
 * A request body that parsed as JSON objects. The original text is what gets bound, so numbers
 * reach Postgres digit for digit (JavaScript would round a long numeric).
 */
export interface JsonPayload {
  rows: Record<string, unknown>[];
  /** The body as a JSON array (a single object wrapped in brackets). */
  arrayText: string;
  /** The body as sent, when it is one object. */
  objectText: string;
}

/** 400 for a payload key the table does not have (PostgREST's PGRST204). */
function unknownPayloadColumn(table: TableInfo, name: string): Error {
  return restError(
    400,
    'PGRST204',
    `Could not find the '${name}' column of '${table.name}' in the schema cache`,
  );
}

function checkedColumns(table: TableInfo, names: Iterable<string>): string[] {
  const list = [...new Set(names)];
  for (const name of list) if (!table.columns.has(name)) throw unknownPayloadColumn(table, name);
  return list;
}

/** With `return=representation` the written rows come back as a JSON array, else nothing. */
function finish(table: TableInfo, writeSql: string, selection: Selection | undefined): string {
  if (selection === undefined) return writeSql;
  return `WITH _pgrst_write AS (${writeSql} RETURNING *) ${jsonArrayOf(
    `SELECT ${selectList(table, selection)} FROM _pgrst_write`,
  )}`;
}

/**
 * INSERT of one or more JSON objects. The whole payload is ONE bound json parameter that
 * json_populate_recordset turns into rows of the table's own type, so every value is converted by
 * Postgres (numbers stay exact, bad values fail with 22P02) and nothing is spliced into SQL.
 */
export function buildInsert(
  table: TableInfo,
  payload: JsonPayload,
  columns: string[] | undefined,
  returning: Selection | undefined,
): { sql: string; params: unknown[] } {
  const params = new Params();
  const rows = payload.rows;
  const names = checkedColumns(table, columns ?? rows.flatMap((r) => Object.keys(r)));
  let sql: string;
  if (names.length === 0) {
    // Every column takes its default: a SELECT with no columns fills none.
    sql = `INSERT INTO ${tableRef(table)} SELECT FROM generate_series(1, ${params.add(rows.length)}::int)`;
  } else {
    const cols = names.map(ident).join(', ');
    sql =
      `INSERT INTO ${tableRef(table)} (${cols}) SELECT ${cols} ` +
      `FROM json_populate_recordset(NULL::${tableRef(table)}, ${params.add(payload.arrayText)}::json)`;
  }
  return { sql: finish(table, sql, returning), params: params.values };
}

/** UPDATE of the rows matching the filters with the keys of one JSON object. */
export function buildUpdate(
  table: TableInfo,
  payload: JsonPayload,
  filters: Filter[],
  returning: Selection | undefined,
): { sql: string; params: unknown[] } | null {
  const params = new Params();
  const patch = payload.rows[0] ?? {};
  const names = checkedColumns(table, Object.keys(patch));
  if (names.length === 0) return null;
  const cols = names.map(ident).join(', ');
  const source = `json_populate_record(NULL::${tableRef(table)}, ${params.add(payload.objectText)}::json)`;
  const set =
    names.length === 1
      ? `${cols} = (SELECT ${cols} FROM ${source})`
      : `(${cols}) = (SELECT ${cols} FROM ${source})`;
  const sql = `UPDATE ${tableRef(table)} SET ${set}${whereClause(table, filters, params)}`;
  return { sql: finish(table, sql, returning), params: params.values };
}

/** DELETE of the rows matching the filters. */
export function buildDelete(
  table: TableInfo,
  filters: Filter[],
  returning: Selection | undefined,
): { sql: string; params: unknown[] } {
  const params = new Params();
  const sql = `DELETE FROM ${tableRef(table)}${whereClause(table, filters, params)}`;
  return { sql: finish(table, sql, returning), params: params.values };
}
