// api: requests/s and p50/p99 latency of (a) a shopper's order history (50 orders) and (b) a token
// refresh, at 50 concurrent connections, beside a bare node:http hello server measured in the same
// run (this machine's ceiling). On PGlite, and on PostgreSQL (DATABASE_URL, or a fresh database on
// the local server when one answers at 127.0.0.1:5432).
import path from 'node:path';
import pg from 'pg';
import type { Benchmark, Metric } from '../types.ts';
import { firstMessage, forkTs, load, measureCeiling, type LoadResult } from './api-load.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** Issue 3, point 9: order history on PostgreSQL at >= 30% of the ceiling with p99 < 50 ms. */
export const HISTORY_MIN_RATIO = 0.3;
export const HISTORY_MAX_P99_MS = 50;

interface SeededServer {
  origin: string;
  anonKey: string;
  userId: string;
  accessToken: string;
  refreshTokens: string[];
  kind: 'pglite' | 'postgres';
}

async function startApiServer(databaseUrl: string | undefined) {
  const child = forkTs(path.join(import.meta.dirname, 'api-server.ts'), {
    DATABASE_URL: databaseUrl ?? '',
  });
  const seeded = await firstMessage<SeededServer>(child);
  const exited = new Promise((r) => child.once('exit', r));
  return {
    seeded,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fresh database on the local PostgreSQL, or undefined when none answers. */
async function freshLocalDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const admin = new pg.Client({
    connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres',
  });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `keebshop_bench_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const c = new pg.Client({
        connectionString: 'postgresql://postgres@127.0.0.1:5432/postgres',
      });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function measureHistory(s: SeededServer): Promise<LoadResult> {
  const url = `${s.origin}/rest/v1/orders?select=*&user_id=eq.${s.userId}&order=created_at.desc`;
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
  const url = `${s.origin}/auth/v1/token?grant_type=refresh_token`;
  return load({
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: [
      {
        method: 'POST',
        headers: {
          apikey: s.anonKey,
          Authorization: `Bearer ${s.anonKey}`,
          'Content-Type': 'application/json;charset=UTF-8',
        },
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

function metricsFor(
  target: string,
  what: string,
  r: LoadResult,
  ceiling: LoadResult,
  strict: boolean,
): Metric[] {
  const ratio = r.rps / ceiling.rps;
  const note = `${r.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors`;
  return [
    { name: `${target} ${what} throughput`, value: r.rps, unit: 'req/s', note },
    {
      name: `${target} ${what} / ceiling`,
      value: ratio,
      unit: 'ratio',
      ...(strict ? { budget: { min: HISTORY_MIN_RATIO } } : {}),
    },
    { name: `${target} ${what} p50`, value: r.p50, unit: 'ms' },
    {
      name: `${target} ${what} p99`,
      value: r.p99,
      unit: 'ms',
      ...(strict ? { budget: { max: HISTORY_MAX_P99_MS } } : {}),
    },
    {
      name: `${target} ${what} failed`,
      value: r.non2xx + r.errors,
      unit: 'count',
      budget: { max: 0 },
    },
  ];
}

async function measureTarget(target: 'pglite' | 'postgres', databaseUrl: string | undefined) {
  const ceiling = await measureCeiling({
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
  });
  const server = await startApiServer(databaseUrl);
  try {
    const history = await measureHistory(server.seeded);
    const refresh = await measureRefresh(server.seeded);
    const metrics: Metric[] = [
      { name: `${target} hello ceiling`, value: ceiling.rps, unit: 'req/s' },
      ...metricsFor(target, 'order history', history, ceiling, target === 'postgres'),
      ...metricsFor(target, 'token refresh', refresh, ceiling, false),
    ];
    return { metrics, details: { ceiling, history, refresh } };
  } finally {
    await server.stop();
  }
}

/** BENCH_API_TARGETS=pglite,postgres (the default) picks the databases to measure. */
const TARGETS = (process.env.BENCH_API_TARGETS ?? 'pglite,postgres').split(',');

async function run() {
  const metrics: Metric[] = [];
  const details: Record<string, unknown> = { connections: CONNECTIONS, seconds: SECONDS };
  if (TARGETS.includes('pglite')) {
    const pglite = await measureTarget('pglite', undefined);
    metrics.push(...pglite.metrics);
    details.pglite = pglite.details;
  }
  if (!TARGETS.includes('postgres')) return { metrics, details };
  const fresh = process.env.DATABASE_URL ? undefined : await freshLocalDatabase();
  const url = process.env.DATABASE_URL || fresh?.url;
  if (url) {
    try {
      const postgres = await measureTarget('postgres', url);
      metrics.push(...postgres.metrics);
      details.postgres = postgres.details;
    } finally {
      await fresh?.drop();
    }
  } else {
    details.postgres = 'skipped: no DATABASE_URL and no PostgreSQL at 127.0.0.1:5432';
  }
  return { metrics, details };
}

export const api: Benchmark = {
  name: 'api',
  description: 'order history and token refresh at 50 connections vs a bare node:http ceiling',
  run,
};
