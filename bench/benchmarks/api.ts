// api: requests/s and p50/p99 latency of (a) a shopper's order history (50 orders) and (b) a token
// refresh, at 50 concurrent connections, beside a bare node:http hello server measured in the same
// run (this machine's ceiling). On PGlite, and on PostgreSQL (DATABASE_URL, or a fresh database on
// the local server, over its Unix socket when that answers). Order history is also measured
// against the database alone, running the server's own order-history statements without HTTP:
// pgbench on PostgreSQL (api-pgbench.ts), the server's own Database object on PGlite
// (api-direct.ts); the budget is the server's share of that (ADR 0035). Beside the order history,
// from the same server with the same load: a server-rendered product page (ADR 0049), answered
// from the server's page cache, which should serve at least as many requests/s.
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
import { cpuDuring } from '../lib/proc.ts';

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
/** A product page, kept rendered in memory, serves at least as many requests/s as order history. */
export const PRODUCT_PAGE_MIN_SHARE_OF_HISTORY = 1;

interface SeededServer {
  origin: string;
  historyPath: string;
  historyStatements: Statement[];
  productPagePath: string;
  /** The page's template: the build's dist/pages/page.html, or 'bare' (no build). */
  productPageTemplate: string;
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
    pid: child.pid,
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
    /**
     * A bare node:http server around the same Database, in the server's process (api-direct.ts):
     * 'shop' sends the server's headers and writes its log line, 'plain' does neither.
     */
    bareHttp: (kind: 'plain' | 'shop') =>
      new Promise<string>((resolve, reject) => {
        const answer = (m: { bareOrigin?: string; bareError?: string }) => {
          if (!m.bareOrigin && !m.bareError) return;
          child.off('message', answer);
          if (m.bareOrigin) resolve(m.bareOrigin);
          else reject(new Error(`bare node:http server failed: ${m.bareError}`));
        };
        child.on('message', answer);
        child.send({ bareHttp: kind });
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What a load run cost in CPU, per request: the whole machine's and the server process's. */
interface CpuPerRequest {
  machineUs?: number;
  serverUs?: number;
}

function perRequest(total: number, ms: number | undefined): number | undefined {
  return ms === undefined || total === 0 ? undefined : (ms * 1000) / total;
}

/** A GET at 50 connections after a warm-up, with the CPU it cost. */
async function measureGet(
  url: string,
  headers: Record<string, string>,
  pid: number | undefined,
): Promise<{ result: LoadResult; cpu: CpuPerRequest }> {
  await load({ url, headers, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  const { result, machineMs, processMs } = await cpuDuring(
    () => load({ url, headers, connections: CONNECTIONS, seconds: SECONDS }),
    pid,
  );
  return {
    result,
    cpu: {
      machineUs: perRequest(result.total, machineMs),
      serverUs: perRequest(result.total, processMs),
    },
  };
}

async function measureHistory(s: SeededServer, pid: number | undefined, origin = s.origin) {
  const url = `${origin}${s.historyPath}`;
  const headers = { apikey: s.anonKey, Authorization: `Bearer ${s.accessToken}` };
  // The measured request must really return the 50 orders, or the numbers mean nothing.
  const check = await fetch(url, { headers });
  const rows = (await check.json()) as unknown[];
  if (check.status !== 200 || rows.length !== 50) {
    throw new Error(`order history returned ${check.status} with ${rows.length} rows, not 50`);
  }
  return measureGet(url, headers, pid);
}

/** The product page as a shopper's browser gets it: no token, whole HTML from the page cache. */
async function measureProductPage(s: SeededServer, pid: number | undefined) {
  const url = `${s.origin}${s.productPagePath}`;
  // The measured request must really be the rendered page, not a 404 or a redirect.
  const check = await fetch(url, { redirect: 'manual' });
  const html = await check.text();
  if (check.status !== 200 || !html.includes('"@type":"Product"')) {
    throw new Error(`${s.productPagePath} returned ${check.status} without the product's data`);
  }
  // Its size, uncompressed as the load generator asks for it: what each answer writes.
  return { ...(await measureGet(url, {}, pid)), bytes: Buffer.byteLength(html) };
}

/** The CPU metrics of a run that has them. */
function cpuMetrics(target: string, what: string, cpu: CpuPerRequest): Metric[] {
  const metric = (name: string, value: number | undefined, note: string): Metric[] =>
    value === undefined ? [] : [{ name: `${target} ${what} ${name}`, value, unit: 'µs', note }];
  return [
    ...metric('machine CPU per request', cpu.machineUs, 'every process: server, database, load'),
    ...metric("server's CPU per request", cpu.serverUs, 'the server process alone'),
  ];
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
function shareMetric(
  target: DatabaseTarget,
  history: LoadResult,
  alone: LoadResult,
  what?: string,
): Metric {
  // The budget is the server's; the bare server's share is there to compare with.
  return {
    name: `${target} ${what ?? 'order history'} / database alone`,
    value: history.rps / alone.rps,
    unit: 'ratio',
    ...(what ? {} : { budget: { min: HISTORY_MIN_SHARE } }),
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
    const { result: history, cpu: historyCpu } = await measureHistory(server.seeded, server.pid);
    // The product page from the same server, right after the order history, to compare side by
    // side. It reads nothing but the catalogue's version, once a second.
    const page = await measureProductPage(server.seeded, server.pid);
    // The database alone right after the server, on the database as the server left it. Token
    // refresh writes (a token and a session row per request), and the autovacuum that follows
    // slowed a pgbench run measured after it by up to a third: refresh comes last.
    const pgbenchRun =
      target === 'postgres' && databaseUrl
        ? await cpuDuring(() =>
            pgbenchLoad({
              databaseUrl,
              statements: server.seeded.historyStatements,
              clients: POOL_SIZE,
              seconds: SECONDS,
            }),
          )
        : undefined;
    // The same concurrency the server saw: 50 requests at a time reach its Database.
    const throughServer = await server.batchLoad({
      concurrency: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
    const bare = await measureHistory(server.seeded, server.pid, await server.bareHttp('plain'));
    const shopBare = await measureHistory(server.seeded, server.pid, await server.bareHttp('shop'));
    const refresh = await measureRefresh(server.seeded);
    const pgbench = pgbenchRun?.result;
    const postgres = target === 'postgres';
    const alone = postgres ? pgbench : throughServer;
    const metrics: Metric[] = [
      { name: `${target} hello ceiling`, value: ceiling.rps, unit: 'req/s' },
      ...loadMetrics(target, 'order history', history, ceiling, {
        budgets: postgres ? { maxP99Ms: HISTORY_MAX_P99_MS } : {},
      }),
      ...(alone ? [shareMetric(target, history, alone)] : []),
      ...cpuMetrics(target, 'order history', historyCpu),
      ...loadMetrics(target, PRODUCT_PAGE, page.result, ceiling),
      {
        name: `${target} ${PRODUCT_PAGE} / order history`,
        value: page.result.rps / history.rps,
        unit: 'ratio',
        budget: { min: PRODUCT_PAGE_MIN_SHARE_OF_HISTORY },
      },
      ...cpuMetrics(target, PRODUCT_PAGE, page.cpu),
      ...(pgbench ? loadMetrics(target, PGBENCH, pgbench, ceiling) : []),
      ...(pgbench
        ? cpuMetrics(target, PGBENCH, {
            machineUs: perRequest(pgbench.total, pgbenchRun?.machineMs),
          })
        : []),
      ...loadMetrics(target, postgres ? THROUGH_POOL : IN_PROCESS, throughServer, ceiling),
      ...loadMetrics(target, BARE, bare.result, ceiling),
      ...(alone ? [shareMetric(target, bare.result, alone, BARE)] : []),
      ...cpuMetrics(target, BARE, bare.cpu),
      ...loadMetrics(target, SHOP_BARE, shopBare.result, ceiling),
      ...(alone ? [shareMetric(target, shopBare.result, alone, SHOP_BARE)] : []),
      ...cpuMetrics(target, SHOP_BARE, shopBare.cpu),
      ...loadMetrics(target, 'token refresh', refresh, ceiling, {
        budgets: postgres ? { minRps: REFRESH_MIN_RPS } : {},
      }),
    ];
    const transport = databaseUrl?.includes('host=/') ? 'Unix socket' : 'TCP';
    return {
      metrics,
      details: {
        ceiling,
        history,
        historyCpu,
        productPage: page.result,
        productPageCpu: page.cpu,
        productPageBytes: page.bytes,
        productPageTemplate: server.seeded.productPageTemplate,
        refresh,
        pgbench,
        throughServer,
        bare: bare.result,
        bareCpu: bare.cpu,
        shopBare: shopBare.result,
        shopBareCpu: shopBare.cpu,
        transport,
      },
    };
  } finally {
    await server.stop();
  }
}

const PRODUCT_PAGE = 'product page';
const PGBENCH = 'order history, database alone (pgbench)';
const IN_PROCESS = 'order history, database alone (in process)';
const THROUGH_POOL = "order history, server's pool alone (no HTTP)";
const BARE = 'order history, bare node:http on the same pool';
const SHOP_BARE = "order history, bare node:http with the server's headers and log line";
const LOADGEN =
  GENERATOR.name === 'wrk'
    ? `${GENERATOR.version ?? 'wrk'} (a C load generator, ${WRK_THREADS} threads; token refresh through a Lua script, one pool of refresh tokens per thread, each request spending one and keeping the one returned)`
    : 'autocannon (wrk was not on PATH)';
const METHOD = [
  `${LOADGEN}, ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up, against the server in its own process (the app as \`npm start\` composes it, logging every request).`,
  `"${PRODUCT_PAGE}" is GET /keebshop/products/mechanical-keyboard-pro from the same server with the same load, right after its order history: a server-rendered page (ADR 0049) with no token, answered from the server's page cache (which asks the database for the catalogue's version at most once a second), in the build's template when dist/pages is built, with the product's drawings (inline SVG: this database has no photos); "/ order history" is its throughput against the order history's, at least 100 %.`,
  `"${PGBENCH}" is no HTTP request: pgbench, PostgreSQL's C load generator, replays the statements the server sent to the database for one order-history request (role and claims with the session check, then the rows as JSON; one pipeline, prepared) from ${POOL_SIZE} connections, as many as the server's pool, right after the server's own run (token refresh, which writes, is measured last).`,
  `"${IN_PROCESS}" (PGlite) and "${THROUGH_POOL}" (PostgreSQL) send the same statements through the server's own Database object (db.batch, the path a request takes) from ${CONNECTIONS} callers at once, in the server's process, once the HTTP load is over.`,
  `"${BARE}" is the same load against a bare node:http server in the server's process that answers every request with those statements through that Database: no framework, no middleware, no log line; what any Node HTTP server around this database layer could reach at best.`,
  `"${SHOP_BARE}" is that bare server sending, with every answer, the headers of one of the server's own order-history answers (security headers, CORS, content range; a new X-Request-Id each time) and writing the server's log line: the least a server must do per request to answer as this one does, still with no routing, no token check and no query parsing.`,
  "CPU per request is the CPU time the run took divided by the requests it served: the whole machine's (server, database and load generator together, from /proc/stat) and the server process's own.",
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
  description:
    'order history, a product page and token refresh at 50 connections vs a bare node:http ceiling',
  run,
};
