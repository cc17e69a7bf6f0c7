// The database alone as the server reaches it, without HTTP: `concurrency` callers send one
// order-history request's statements through the server's own Database object (db.batch, the path
// a request takes) back to back for `seconds`. On PGlite, where no pgbench can reach the database,
// this is the yardstick the server's order history is measured against; on PostgreSQL it shows
// what the server's pool and driver cost beside pgbench.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database, Statement } from '../../src/server/db/types.ts';
import { percentile } from '../lib/shop/stats.ts';
import type { LoadResult } from './api-load.ts';

/** Runs the statements once and checks the answer is the 50 orders (the JSON body and its count). */
async function runOnce(db: Database, statements: readonly Statement[], rows: number) {
  const results = await db.batch!(statements);
  const last = results[results.length - 1]?.rows[0] as { n?: unknown } | undefined;
  if (Number(last?.n) !== rows) throw new Error(`the statements returned ${String(last?.n)} rows`);
}

/** Back-to-back batches from `concurrency` callers for `seconds`: throughput and latency (ms). */
export async function batchLoad(
  db: Database,
  statements: readonly Statement[],
  opts: { concurrency: number; seconds: number; warmupSeconds: number; rows: number },
): Promise<LoadResult> {
  if (!db.batch) throw new Error('this Database has no batch path');
  const drive = async (seconds: number, latencies?: number[]) => {
    const until = performance.now() + seconds * 1000;
    let errors = 0;
    const caller = async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await runOnce(db, statements, opts.rows);
          latencies?.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: opts.concurrency }, caller));
    return { errors, elapsed: (performance.now() - started) / 1000 };
  };
  await drive(opts.warmupSeconds);
  const latencies: number[] = [];
  const { errors, elapsed } = await drive(opts.seconds, latencies);
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    total: latencies.length,
    non2xx: 0,
    errors,
  };
}

/** What the server sends with every answer besides the body, for serveBare to send too. */
export interface ShopAnswer {
  /** The headers of one of the server's own order-history answers (X-Request-Id made anew). */
  headers: Readonly<Record<string, string>>;
  /** Writes the request's log line, as the server's request log does. */
  log: (line: { reqId: string; method: string; path: string; status: number; ms: number }) => void;
}

/**
 * A bare node:http server that answers every request with the order history through the same
 * Database (db.batch and its pool): no framework, no middleware. Without `shop`, no headers but
 * the length and type: what any Node HTTP server around this database layer could reach at best.
 * With `shop`, each answer also carries the server's own headers and a new request id, and writes
 * the server's log line: the least a server must do per request to answer as this one does.
 * Closed by the caller.
 */
export async function serveBare(
  db: Database,
  statements: readonly Statement[],
  shop?: ShopAnswer,
): Promise<{ origin: string; close: () => Promise<void> }> {
  if (!db.batch) throw new Error('this Database has no batch path');
  const batch = db.batch.bind(db);
  const server = http.createServer((req, res) => {
    const started = performance.now();
    const reqId = shop ? randomUUID() : '';
    batch(statements).then(
      (results) => {
        const body = String((results[results.length - 1]?.rows[0] as { body?: unknown })?.body);
        const length = Buffer.byteLength(body);
        res.writeHead(
          200,
          shop
            ? { ...shop.headers, 'X-Request-Id': reqId, 'Content-Length': length }
            : { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': length },
        );
        res.end(body);
        if (!shop) return;
        const path = new URL(req.url ?? '/', 'http://bench').pathname;
        const ms = Math.round((performance.now() - started) * 10) / 10;
        shop.log({ reqId, method: req.method ?? 'GET', path, status: 200, ms });
      },
      () => {
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
