import type { PGlite } from '@electric-sql/pglite';
import type { Queryable } from './types.ts';

/** The schemas that hold the shop's data (storage: the photos' rows and bytes). */
const SHOP_SCHEMAS = ['public', 'auth', 'storage', 'keebshop'];

export interface IntegrityReport {
  indexes: number;
  tables: number;
  /** One line per corrupt index or table; empty when all is consistent. */
  problems: string[];
}

/**
 * PostgreSQL's amcheck over the shop's schemas: every btree index against its table
 * (bt_index_check with heapallindexed) and every table's pages (verify_heapam). The amcheck
 * extension must be available: PGlite loads it with `extensions: { amcheck }`. It is created for
 * the check and dropped again when it was not there before.
 */
export async function checkIntegrity(db: Queryable): Promise<IntegrityReport> {
  const existed =
    (await db.query(`SELECT 1 FROM pg_extension WHERE extname = 'amcheck'`)).rows.length > 0;
  if (!existed) await db.query('CREATE EXTENSION amcheck');
  try {
    const relations = await db.query<{ name: string; kind: string }>(
      `SELECT c.oid::regclass::text AS name, CASE WHEN c.relkind = 'i' THEN 'index' ELSE 'table' END AS kind
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_am am ON am.oid = c.relam
        WHERE n.nspname = ANY($1) AND (c.relkind = 'r' OR (c.relkind = 'i' AND am.amname = 'btree'))
        ORDER BY 2, 1`,
      [SHOP_SCHEMAS],
    );
    const problems: string[] = [];
    for (const { name, kind } of relations.rows) {
      try {
        if (kind === 'index') {
          await db.query('SELECT bt_index_check($1::regclass, true)', [name]);
        } else {
          const found = await db.query<{ msg: string; blkno: number }>(
            'SELECT blkno, msg FROM verify_heapam($1::regclass) LIMIT 3',
            [name],
          );
          for (const { msg, blkno } of found.rows) {
            problems.push(`table ${name}, page ${blkno}: ${msg}`);
          }
        }
      } catch (err) {
        problems.push(`${kind} ${name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    const count = (kind: string) => relations.rows.filter((r) => r.kind === kind).length;
    return { indexes: count('index'), tables: count('table'), problems };
  } finally {
    if (!existed) await db.query('DROP EXTENSION amcheck');
  }
}

/** checkIntegrity on an open PGlite instance (created with `extensions: { amcheck }`). */
export function checkPgliteIntegrity(pg: PGlite): Promise<IntegrityReport> {
  return checkIntegrity({
    query: async (sql, params) => {
      const r = await pg.query(sql, params as unknown[]);
      return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
    },
  });
}
