// The part of /healthz that reads the tables every sign-in needs (docs/operations.md, Health and
// failures). A damaged page there answers every sign-in 500 while `SELECT 1` still answers, so the
// check reads them, boundedly whatever their size: each table's first and last heap page (TID
// range scans) and both ends of each of its btree indexes (metapage, root, the leftmost and
// rightmost leaves, where new keys that only grow land), index scans forced for tiny tables too.
import type { Database } from '../db/types.ts';

/** The tables a password sign-in reads or writes, and the key columns of each of their btree indexes. */
export const SIGN_IN_TABLES: Readonly<Record<string, readonly string[]>> = {
  'auth.users': ['id', 'email'],
  'auth.identities': ['id', 'provider_id, provider', 'user_id'],
  'auth.sessions': ['id', 'user_id'],
  'auth.refresh_tokens': ['id', 'token_hash', 'session_id'],
};

const TABLES = Object.keys(SIGN_IN_TABLES);

// How many pages each table has, to name its last one.
const SIZES = `SELECT ${TABLES.map(
  (t, i) => `pg_relation_size('${t}') / current_setting('block_size')::int AS t${i}`,
).join(', ')}`;

// One row of scalar subqueries, each reading one heap page or descending one index to one end.
const PROBE = `SELECT ${TABLES.flatMap((table, i) => [
  `(SELECT 1 FROM ${table} WHERE ctid < '(1,0)' LIMIT 1)`,
  `(SELECT 1 FROM ${table} WHERE ctid >= $${i + 1}::tid LIMIT 1)`,
  ...(SIGN_IN_TABLES[table] ?? []).flatMap((key) => [
    `(SELECT 1 FROM ${table} ORDER BY ${key} LIMIT 1)`,
    `(SELECT 1 FROM ${table} ORDER BY ${key.replaceAll(',', ' DESC,')} DESC LIMIT 1)`,
  ]),
]).join(',\n ')}`;

/** Reads the sign-in tables' first and last pages and their indexes' ends; throws what a read met. */
export async function readSignInTables(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Without this a table of a page or two is read by a sequential scan, never by its indexes.
    await tx.query('SET LOCAL enable_seqscan = off');
    await tx.query('SET LOCAL enable_bitmapscan = off');
    const { rows } = await tx.query<Record<string, number | string>>(SIZES);
    const sizes = TABLES.map((_, i) => Number(rows[0]?.[`t${i}`] ?? 0));
    await tx.query(
      PROBE,
      sizes.map((pages) => `(${Math.max(pages - 1, 0)},0)`),
    );
  });
}
