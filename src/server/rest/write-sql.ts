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

/**
 * The write as one statement answering `n`, the number of rows written (Content-Range reports
 * it), and with `return=representation` also `body`, the written rows as a JSON array.
 * `RETURNING 1` names no column, so a minimal write needs no SELECT right, as in PostgREST.
 */
function finish(table: TableInfo, writeSql: string, selection: Selection | undefined): string {
  if (selection === undefined) {
    return `WITH _pgrst_write AS (${writeSql} RETURNING 1) SELECT count(*)::int AS n FROM _pgrst_write`;
  }
  return `WITH _pgrst_write AS (${writeSql} RETURNING *) ${jsonArrayOf(
    `SELECT ${selectList(table, selection)} FROM _pgrst_write`,
  )}`;
}

/**
 * The rows of a `missing=default` insert: each column a row leaves out takes the column's
 * default expression (read from the catalog), evaluated per row as INSERT would; keys the row
 * has are converted by json_populate_record as usual. Rows keep the payload's order.
 */
function rowsWithDefaults(
  table: TableInfo,
  names: string[],
  payload: JsonPayload,
  params: Params,
): string {
  const row = tableRef(table);
  const values = names.map((name) => {
    const col = ident(name);
    const fallback = table.defaults.get(name);
    if (fallback === undefined) return `_pgrst_rec.${col}`;
    const type = table.columns.get(name) ?? 'text';
    return `CASE WHEN _pgrst_elem.value::jsonb ? ${params.add(name)} THEN _pgrst_rec.${col} ELSE (${fallback})::${type} END`;
  });
  return (
    `SELECT ${values.join(', ')} ` +
    `FROM json_array_elements(${params.add(payload.arrayText)}::json) WITH ORDINALITY AS _pgrst_elem(value, i), ` +
    `LATERAL json_populate_record(NULL::${row}, _pgrst_elem.value) AS _pgrst_rec ORDER BY _pgrst_elem.i`
  );
}

/**
 * INSERT of one or more JSON objects. The whole payload is ONE bound json parameter that
 * json_populate_recordset turns into rows of the table's own type, so every value is converted by
 * Postgres (numbers stay exact, bad values fail with 22P02) and nothing is spliced into SQL.
 * Keys a row leaves out are NULL, or with `missingDefault` the column's default.
 */
export function buildInsert(
  table: TableInfo,
  payload: JsonPayload,
  columns: string[] | undefined,
  returning: Selection | undefined,
  missingDefault = false,
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
    const source = missingDefault
      ? rowsWithDefaults(table, names, payload, params)
      : `SELECT ${cols} FROM json_populate_recordset(NULL::${tableRef(table)}, ${params.add(payload.arrayText)}::json)`;
    sql = `INSERT INTO ${tableRef(table)} (${cols}) ${source}`;
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
