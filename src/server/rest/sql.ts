import { restError } from './errors.ts';
import type { TableInfo } from './schema-cache.ts';
import type { Filter, OrderTerm, ReadQuery, Selection } from './query.ts';

/** Quotes an identifier; names reach here only after the schema cache has confirmed them. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The schema-qualified, quoted name of a public table. */
export function tableRef(table: TableInfo): string {
  return `"public".${ident(table.name)}`;
}

/** Collects bound parameters and hands out their $n placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** 400 for a column the table does not have, as Postgres (and so PostgREST) words it. */
export function unknownColumn(table: TableInfo, column: string): Error {
  return restError(400, '42703', `column ${table.name}.${column} does not exist`);
}

/** Confirms a column exists and returns it quoted. */
export function column(table: TableInfo, name: string): string {
  if (!table.columns.has(name)) throw unknownColumn(table, name);
  return ident(name);
}

/** The select list: `*`, or the chosen columns with their aliases. */
export function selectList(table: TableInfo, selection: Selection): string {
  if (selection === null) return '*';
  return selection
    .map((item) => {
      const col = column(table, item.column);
      return item.alias ? `${col} AS ${ident(item.alias)}` : col;
    })
    .join(', ');
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};
const IS_SQL: Record<string, string> = {
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
};

function condition(table: TableInfo, filter: Filter, params: Params): string {
  const col = column(table, filter.column);
  let sql: string;
  switch (filter.op) {
    case 'is':
      sql = `${col} ${IS_SQL[filter.value]}`;
      break;
    case 'in':
      sql = filter.values.length
        ? `${col} IN (${filter.values.map((v) => params.add(v)).join(', ')})`
        : 'false';
      break;
    case 'like':
    case 'ilike':
      // PostgREST lets `*` stand for `%` so patterns need no URL escaping.
      sql = `${col}::text ${filter.op === 'like' ? 'LIKE' : 'ILIKE'} ${params.add(filter.value.replace(/\*/g, '%'))}`;
      break;
    default:
      // The parameter's type is inferred from the column, so '12.5' compares as numeric and a
      // malformed value fails in Postgres' own input function (22P02 -> 400).
      sql = `${col} ${COMPARISON[filter.op]} ${params.add(filter.value)}`;
  }
  return filter.negated ? `NOT (${sql})` : sql;
}

/** ` WHERE ...` for the filters, or an empty string. */
export function whereClause(table: TableInfo, filters: Filter[], params: Params): string {
  if (filters.length === 0) return '';
  return ` WHERE ${filters.map((f) => condition(table, f, params)).join(' AND ')}`;
}

function orderClause(table: TableInfo, order: OrderTerm[]): string {
  if (order.length === 0) return '';
  const terms = order.map((t) => {
    const nulls = t.nulls ? ` NULLS ${t.nulls === 'first' ? 'FIRST' : 'LAST'}` : '';
    return `${column(table, t.column)} ${t.descending ? 'DESC' : 'ASC'}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

/** Wraps a row source so Postgres renders the JSON array itself, exactly as PostgREST does. */
export function jsonArrayOf(innerSql: string): string {
  return `SELECT coalesce(json_agg(_pgrst_row), '[]')::text AS body, count(*)::int AS n FROM (${innerSql}) _pgrst_row`;
}

/** The page of a read: LIMIT/OFFSET from the query and the Range header combined. */
export interface Page {
  limit?: number;
  offset: number;
}

/** SELECT for GET: the JSON body and the number of rows, in one statement. */
export function buildRead(
  table: TableInfo,
  query: ReadQuery,
  page: Page,
): { sql: string; params: unknown[] } {
  const params = new Params();
  let inner = `SELECT ${selectList(table, query.select)} FROM ${tableRef(table)}`;
  inner += whereClause(table, query.filters, params);
  inner += orderClause(table, query.order);
  if (page.limit !== undefined) inner += ` LIMIT ${params.add(page.limit)}`;
  if (page.offset) inner += ` OFFSET ${params.add(page.offset)}`;
  return { sql: jsonArrayOf(inner), params: params.values };
}

/** The rows a count counts: `SELECT 1` with the read's filters (no order, no page). */
function countSource(table: TableInfo, query: ReadQuery, params: Params): string {
  return `SELECT 1 FROM ${tableRef(table)}${whereClause(table, query.filters, params)}`;
}

/**
 * SELECT count(*) with the same filters, for `Prefer: count=exact`; with `atMost`, it stops
 * counting past that many rows (`count=estimated` needs only to know whether the threshold is passed).
 */
export function buildCount(
  table: TableInfo,
  query: ReadQuery,
  atMost?: number,
): { sql: string; params: unknown[] } {
  const params = new Params();
  const source = countSource(table, query, params);
  const limited = atMost === undefined ? source : `${source} LIMIT ${params.add(atMost)}`;
  const sql = `SELECT count(*)::bigint::text AS total FROM (${limited}) _pgrst_count`;
  return { sql, params: params.values };
}

/** EXPLAIN of the same rows, for `count=planned`: the planner's estimate is the plan's "Plan Rows". */
export function buildPlannedCount(
  table: TableInfo,
  query: ReadQuery,
): { sql: string; params: unknown[] } {
  const params = new Params();
  return {
    sql: `EXPLAIN (FORMAT JSON) ${countSource(table, query, params)}`,
    params: params.values,
  };
}

/** The "Plan Rows" of an EXPLAIN (FORMAT JSON) result row (pg and PGlite may hand it over parsed). */
export function plannedRows(row: Record<string, unknown> | undefined): number | undefined {
  const raw = row ? Object.values(row)[0] : undefined;
  const plan: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = Array.isArray(plan)
    ? (plan[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined)?.Plan?.['Plan Rows']
    : undefined;
  return typeof rows === 'number' ? rows : undefined;
}
