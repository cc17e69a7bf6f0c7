import type { Statement } from '../db/types.ts';
import { restError } from './errors.ts';
import type { ReadQuery } from './query.ts';
import type { CountMethod } from './request-options.ts';
import type { TableInfo } from './schema-cache.ts';
import { buildCount, buildPlannedCount, plannedRows } from './sql.ts';

/**
 * Up to this many matching rows `count=estimated` counts exactly; beyond it the planner's
 * estimate is used. PostgREST takes its max-rows setting here; this API has none, so it is
 * Supabase's default max-rows (docs/api-compatibility.md).
 */
export const ESTIMATED_COUNT_THRESHOLD = 1000;

/** The statements that find a read's total for `Prefer: count=<method>` (none without it). */
export function countStatements(
  table: TableInfo,
  query: ReadQuery,
  method: CountMethod | undefined,
): Statement[] {
  switch (method) {
    case 'exact':
      return [buildCount(table, query)];
    case 'planned':
      return [buildPlannedCount(table, query)];
    case 'estimated':
      return [
        buildCount(table, query, ESTIMATED_COUNT_THRESHOLD + 1),
        buildPlannedCount(table, query),
      ];
    default:
      return [];
  }
}

/** The total from the results of countStatements, as PostgREST reports it. */
export function totalOf(
  method: CountMethod | undefined,
  results: { rows: Record<string, unknown>[] }[],
): number | undefined {
  const [first, second] = results;
  if (!method || !first) return undefined;
  if (method === 'planned') return plannedRows(first.rows[0]);
  const counted = Number(first.rows[0]?.total ?? 0);
  if (method === 'exact' || counted <= ESTIMATED_COUNT_THRESHOLD) return counted;
  // Past the threshold the count stopped at threshold + 1; the planner's figure (if larger) wins.
  return Math.max(counted, plannedRows(second?.rows[0]) ?? 0);
}

/** 416 PGRST103 for a counted read whose offset lies past the last row. */
export function checkOffset(offset: number, total: number | undefined): void {
  if (total === undefined || offset <= total) return;
  throw restError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
    null,
    { 'Content-Range': `*/${total}` },
  );
}
