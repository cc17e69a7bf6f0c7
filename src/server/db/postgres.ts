import pg from 'pg';
import { BatchLane } from './pg-lane.ts';
import type { Executor, SqlDatabase } from './sql.ts';

// int8 (e.g. count(*)) comes back as a number, as PGlite returns it, while it is exact.
const INT8_OID = 20;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') {
      return (value: string) => {
        const n = Number(value);
        return Number.isSafeInteger(n) ? n : value;
      };
    }
    return format === 'binary'
      ? pg.types.getTypeParser(oid, 'binary')
      : pg.types.getTypeParser(oid, 'text');
  },
};

/** How long a request waits for a connection before it is answered 503 (database unavailable). */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Batches on one connection at once (ADR 0038). */
export const BATCHES_PER_CONNECTION = 8;

/** A connection whose oldest batch is older than this takes no new batch (ADR 0038). */
export const STALLED_AFTER_MS = 100;

/**
 * Opens PostgreSQL through a pg Pool; each transaction runs on one pooled client. When the server
 * restarts or fails over, every connection ends: the requests on them fail (the app answers 503,
 * src/server/db/unavailable.ts) and the pool opens new connections for the next ones.
 */
export async function openPostgres(connectionString: string, max = 10): Promise<SqlDatabase> {
  // Pipeline mode lets batches share a connection (BatchLane); a transaction or a single query
  // still has its connection to itself and waits for each answer, as without it.
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    pipeline: true,
  } as pg.PoolConfig);
  // A connection that ends emits 'error' on its client, idle or checked out (mid-query, or between
  // a transaction's statements), and an 'error' nobody listens to ends the process. The pool
  // listens to idle clients and drops them; this listener, on every client for its whole life,
  // covers checked-out ones: their pending query fails with the same error, and a client that
  // cannot be queried any more is dropped when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // Fail at open, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  const run = async <T>(
    q: pg.Pool | pg.PoolClient,
    sql: string,
    params: readonly unknown[] = [],
  ) => {
    const r = await q.query(sql, params as unknown[]);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  };
  // Batches ride one connection together; a connection that stops answering promptly takes no
  // new batch, and the lane opens another, at most half the pool (ADR 0038).
  const lane = new BatchLane(pool, {
    connections: Math.ceil(max / 2),
    depth: BATCHES_PER_CONNECTION,
    stallMs: STALLED_AFTER_MS,
    waitMs: CONNECT_TIMEOUT_MS,
  });
  let closed = false;
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const tx: Executor = {
          query: (sql, params) => run(client, sql, params),
          async exec(sql) {
            await client.query(sql);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true; // the connection is gone; do not return it to the pool
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
    async batch(statements) {
      if (statements.length === 0) return [];
      return lane.run(statements);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
