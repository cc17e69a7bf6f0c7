// api: requests/s and p50/p99 latency of (a) a shopper's order history (50 orders) and (b) a token
// refresh, at 50 concurrent connections, beside a bare node:http hello server measured in the same
// run (this machine's ceiling). On PGlite, and on PostgreSQL (DATABASE_URL, or a fresh database on
// the local server, over its Unix socket when that answers). Order history is also measured
// against the database alone, running the server's own order-history statements without HTTP:
// pgbench on PostgreSQL (api-pgbench.ts), the server's own Database object on PGlite
// (api-direct.ts); the budget is the server's share of that (ADR 0035).
import path from 'node:path';
import type { Benchmark, Metric } from '../types.ts';
import type { Statement } from '../../src/server/db/types.ts';
import {
  firstMessage,
  forkTs,
  GENERATOR,
  load,
  loadMetrics,
  measureCeiling,
  WRK_THREADS,
  type LoadResult,
} from './api-load.ts';
import { refreshLua, slices, wrkLoad } from './api-wrk.ts';
import { pgbenchLoad } from './api-pgbench.ts';
import { measureTargets, type DatabaseTarget } from '../lib/postgres.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** The server's database pool, and pgbench's connections when it measures the database alone. */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
/**
 * ADR 0035: order history at >= 50% of the database alone (pgbench on PostgreSQL, the server's own
 * Database without HTTP on PGlite), with p99 <= 50 ms on PostgreSQL; token refresh on PostgreSQL at
 * >= 1,000 requests/s.
 */
export const HISTORY_MIN_SHARE = 0.5;
export const HISTORY_MAX_P99_MS = 50;
export const REFRESH_MIN_RPS = 1000;

interface SeededServer {
  origin: string;
  historyPath: string;
  historyStatements: Statement[];
  anonKey: string;
  userId: string;
  accessToken: string;
  refreshTokens: string[];
  kind: 'pglite' | 'postgres';
}

async function startApiServer(databaseUrl: string | undefined) {
  const child = forkTs(path.join(import.meta.dirname, 'api-server.ts'), {
    DATABASE_URL: databaseUrl ?? '',
    BENCH_POOL_SIZE: String(POOL_SIZE),
  });
  const seeded = await firstMessage<SeededServer>(child);
  const exited = new Promise((r) => child.once('exit', r));
  return {
    seeded,
    /** The order-history statements through the server's own Database, no HTTP (api-direct.ts). */
    batchLoad: (opts: { concurrency: number; seconds: number; warmupSeconds: number }) =>
      new Promise<LoadResult>((resolve, reject) => {
        const answer = (m: { batchLoad?: LoadResult; batchLoadError?: string }) => {
          if (!m.batchLoad && !m.batchLoadError) return;
          child.off('message', answer);
          if (m.batchLoad) resolve(m.batchLoad);
          else reject(new Error(`database alone failed: ${m.batchLoadError}`));
        };
        child.on('message', answer);
        child.send({ batchLoad: opts });
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function measureHistory(s: SeededServer): Promise<LoadResult> {
  const url = `${s.origin}${s.historyPath}`;
  const headers = { apikey: s.anonKey, Authorization: `Bearer ${s.accessToken}` };
  // The measured request must really return the 50 orders, or the numbers mean nothing.
  const check = await fetch(url, { headers });
  const rows = (await check.json()) as unknown[];
  if (check.status !== 200 || rows.length !== 50) {
    throw new Error(`order history returned ${check.status} with ${rows.length} rows, not 50`);
  }
  await load({ url, headers, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  return load({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
}

/** Each refresh spends its token and returns the next; in-flight requests never share one. */
async function measureRefresh(s: SeededServer): Promise<LoadResult> {
  const pool = [...s.refreshTokens];
  const refreshPath = '/auth/v1/token?grant_type=refresh_token';
  const url = `${s.origin}${refreshPath}`;
  const headers = {
    apikey: s.anonKey,
    Authorization: `Bearer ${s.anonKey}`,
    'Content-Type': 'application/json;charset=UTF-8',
  };
  if (GENERATOR.name === 'wrk') {
    // One token pool per wrk thread, disjoint slices of the signed-in sessions.
    const threads = Math.min(WRK_THREADS, CONNECTIONS);
    const script = refreshLua({ path: refreshPath, headers, slices: slices(pool, threads) });
    return wrkLoad({ url, connections: CONNECTIONS, seconds: SECONDS, threads, script });
  }
  return load({
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ refresh_token: pool.shift() ?? 'pool-exhausted' }),
        }),
        onResponse: (status, body) => {
          if (status === 200)
            pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
        },
      },
    ],
  });
}

/** The server's share of the database alone, with the ADR 0035 budget. */
function shareMetric(target: DatabaseTarget, history: LoadResult, alone: LoadResult): Metric {
  return {
    name: `${target} order history / database alone`,
    value: history.rps / alone.rps,
    unit: 'ratio',
    budget: { min: HISTORY_MIN_SHARE },
  };
}

async function measureTarget(target: DatabaseTarget, databaseUrl: string | undefined) {
  const ceiling = await measureCeiling({
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
  });
  const server = await startApiServer(databaseUrl);
  try {
    const history = await measureHistory(server.seeded);
    // The same concurrency the server saw: 50 requests at a time reach its Database.
    const throughServer = await server.batchLoad({
      concurrency: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
    const refresh = await measureRefresh(server.seeded);
    const pgbench =
      target === 'postgres' && databaseUrl
        ? await pgbenchLoad({
            databaseUrl,
            statements: server.seeded.historyStatements,
            clients: POOL_SIZE,
            seconds: SECONDS,
          })
        : undefined;
    const postgres = target === 'postgres';
    const alone = postgres ? pgbench : throughServer;
    const metrics: Metric[] = [
      { name: `${target} hello ceiling`, value: ceiling.rps, unit: 'req/s' },
      ...loadMetrics(target, 'order history', history, ceiling, {
        budgets: postgres ? { maxP99Ms: HISTORY_MAX_P99_MS } : {},
      }),
      ...(alone ? [shareMetric(target, history, alone)] : []),
      ...(pgbench ? loadMetrics(target, PGBENCH, pgbench, ceiling) : []),
      ...loadMetrics(target, postgres ? THROUGH_POOL : IN_PROCESS, throughServer, ceiling),
      ...loadMetrics(target, 'token refresh', refresh, ceiling, {
        budgets: postgres ? { minRps: REFRESH_MIN_RPS } : {},
      }),
    ];
    const transport = databaseUrl?.includes('host=/') ? 'Unix socket' : 'TCP';
    return {
      metrics,
      details: { ceiling, history, refresh, pgbench, throughServer, transport },
    };
  } finally {
    await server.stop();
  }
}

const PGBENCH = 'order history, database alone (pgbench)';
const IN_PROCESS = 'order history, database alone (in process)';
const THROUGH_POOL = "order history, server's pool alone (no HTTP)";
const LOADGEN =
  GENERATOR.name === 'wrk'
    ? `${GENERATOR.version ?? 'wrk'} (a C load generator, ${WRK_THREADS} threads; token refresh through a Lua script, one pool of refresh tokens per thread, each request spending one and keeping the one returned)`
    : 'autocannon (wrk was not on PATH)';
const METHOD = [
  `${LOADGEN}, ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up, against the server in its own process (the app as \`npm start\` composes it, logging every request).`,
  `"${PGBENCH}" is no HTTP request: pgbench, PostgreSQL's C load generator, replays the statements the server sent to the database for one order-history request (role and claims with the session check, then the rows as JSON; one pipeline, prepared) from ${POOL_SIZE} connections, as many as the server's pool.`,
  `"${IN_PROCESS}" (PGlite) and "${THROUGH_POOL}" (PostgreSQL) send the same statements through the server's own Database object (db.batch, the path a request takes) from ${CONNECTIONS} callers at once, in the server's process, once the HTTP load is over.`,
  'The database alone is what the server could serve with nothing else in the way; the budget is the share of it the server reaches (ADR 0035). The load generator and the server need the same two cores besides: wrk, like pgbench, costs little CPU per request, autocannon (Node) about half what the server does.',
].join(' ');

/** BENCH_API_TARGETS=pglite,postgres (the default) picks the databases to measure. */
const TARGETS = (process.env.BENCH_API_TARGETS ?? 'pglite,postgres').split(',');

async function run() {
  const measured = await measureTargets('bench', TARGETS, measureTarget);
  return {
    metrics: measured.metrics,
    details: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      loadGenerator: GENERATOR.version ?? GENERATOR.name,
      method: METHOD,
      ...measured.details,
    },
  };
}

export const api: Benchmark = {
  name: 'api',
  description: 'order history and token refresh at 50 connections vs a bare node:http ceiling',
  run,
};
