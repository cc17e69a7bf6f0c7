// Signals a test can await instead of sleeping: the statements a component sends to its database
// (a worker's or a dispatcher's reads, each a pass of its loop), everything a server process wrote
// once its output has ended, and the payments sandbox having delivered every webhook.
import type { Queryable } from '../db/types.ts';
import type { ServerProcess } from './launch.ts';
import { waitFor } from './wait.ts';

/** One statement a watched database received, and its rows once it has answered. */
export interface WatchedStatement {
  sql: string;
  params: readonly unknown[];
  /** Set once the statement has answered (undefined while it runs, or if it failed). */
  rows?: Record<string, unknown>[];
  failed?: boolean;
}

export interface WatchedDatabase<D extends Queryable> {
  /** `db` with its query() counted: hand this to the component under test. */
  db: D;
  /** Every statement that matched, in the order they were sent. */
  statements: WatchedStatement[];
  /**
   * Resolves once `count` matching statements sent from now on have answered (or failed), with
   * them: a loop that sends one each pass has then finished that many passes since the call.
   */
  next(count?: number, timeoutMs?: number): Promise<WatchedStatement[]>;
}

/**
 * Watches the statements `db.query` receives whose SQL `matches`, e.g. a worker's claim of due
 * rows: its passes become events. `db` is an object of methods (PGlite's, PostgreSQL's or a
 * transaction); only query() is watched, transaction() and batch() pass through untouched.
 */
export function watchStatements<D extends Queryable>(
  db: D,
  matches: (sql: string) => boolean,
): WatchedDatabase<D> {
  const statements: WatchedStatement[] = [];
  const query = (async (sql: string, params: readonly unknown[] = []) => {
    if (!matches(sql)) return db.query(sql, params);
    const seen: WatchedStatement = { sql, params };
    statements.push(seen);
    try {
      const result = await db.query<Record<string, unknown>>(sql, params);
      seen.rows = result.rows;
      return result;
    } catch (err) {
      seen.failed = true;
      throw err;
    }
  }) as Queryable['query'];
  return {
    db: { ...db, query },
    statements,
    next(count = 1, timeoutMs = 10_000) {
      const from = statements.length;
      return waitFor(async () => {
        const sent = statements.slice(from, from + count);
        return sent.length === count && sent.every((s) => s.rows || s.failed) ? sent : undefined;
      }, timeoutMs);
    },
  };
}

/**
 * Everything `server` writes to its standard output and error, resolved once both have ended (the
 * process and any child sharing them have exited): no write can come after. Call it right after
 * spawnServer, in the same turn, with `output: { logFile }` (the only option that pipes them).
 */
export function outputOf(server: ServerProcess): Promise<string> {
  const { child } = server;
  if (!child.stdout || !child.stderr) {
    throw new Error('outputOf: spawn the server with output: { logFile } to read its output');
  }
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.once('close', () => resolve(Buffer.concat(chunks).toString('utf8'))),
  );
}

/**
 * Waits until the payments sandbox keeping its state in `db` has no webhook delivery pending:
 * every event it made so far has been answered 2xx by the shop, so the shop has handled it.
 */
export function webhooksDelivered(db: Queryable, timeoutMs = 10_000): Promise<true> {
  return waitFor(async () => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM keebshop.sandbox_events
       WHERE next_attempt_at IS NOT NULL AND delivered_at IS NULL`,
    );
    return rows[0]?.n === 0 ? true : undefined;
  }, timeoutMs);
}
