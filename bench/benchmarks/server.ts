// server: how fast the production server (dist/server/main.js, as `npm start` runs it) becomes
// ready, and how much memory it holds once idle, on a fresh database and on reopening it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  buildIfStale,
  COMPILED_SERVER,
  SERVER_NODE_FLAGS,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../../src/server/test-support/launch.ts';
import { childrenOf, cpuMs, rssBytes } from '../lib/proc.ts';
import { freshPostgresDatabaseFactory, type DatabaseFactory } from '../lib/postgres.ts';
import type { Benchmark, Metric } from '../types.ts';

/** Start-up budgets: spawn to the first GET /healthz 200. */
export const START_BUDGET_MS = { fresh: 3000, reopen: 1000 } as const;
/** Idle resident memory of the server process (its children apart), 1 MB = 1,000,000 bytes. */
export const IDLE_RSS_BUDGET_BYTES = { pglite: 300_000_000, postgres: 120_000_000 } as const;

type Target = keyof typeof IDLE_RSS_BUDGET_BYTES;
type Phase = keyof typeof START_BUDGET_MS;

const runs = Number(process.env.BENCH_SERVER_RUNS ?? 3);
/** When the memory soon after start-up is read, for the report. */
const soonMs = 2000;
/**
 * When the idle memory is read: V8 gives back the young generation that start-up grew once the
 * process has been quiet for a while (its memory reducer, 8-15 s after the last collection here),
 * and an idle server holds what is left (ADR 0034, "Addendum: the young generation").
 */
const idleMs = Number(process.env.BENCH_SERVER_IDLE_MS ?? 20_000);
const targets = (process.env.BENCH_SERVER_TARGETS ?? 'pglite,postgres').split(',');
/**
 * BENCH_SERVER_START_BUDGETS=report: start-up times are reported without their budgets (CI, where
 * a wall-clock time within a few percent of its budget would fail runs at random); memory keeps its.
 */
const startBudgets = process.env.BENCH_SERVER_START_BUDGETS !== 'report';

/** One start: how long until ready, and the memory of the server and its children once idle. */
interface StartSample {
  readyMs: number;
  /** CPU time the server process used until ready: less shaken than readyMs by a busy machine. */
  cpuMs: number;
  /** The server's resident memory `soonMs` after it was ready. */
  soonRss: number;
  serverRss: number;
  childrenRss: number;
  children: string[];
}

/** Polls /healthz every 20 ms (finer than the launcher's 100 ms): milliseconds since `since`. */
async function readyAfter(server: ServerProcess, since: number): Promise<number> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (performance.now() - since < 60_000) {
    if (exited) throw new Error('the server exited before it was ready');
    try {
      const res = await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new Error('the server was not ready within 60 s');
}

/**
 * Spawns the compiled server on `dataDir` (and `databaseUrl`), waits for /healthz 200, lets it
 * idle, reads the resident memory of it and of its children, then stops it with SIGTERM, which
 * must end it cleanly. SMTP_URL is unset, so the development mailbox's process runs, as by default.
 */
async function startOnce(dataDir: string, databaseUrl: string | undefined): Promise<StartSample> {
  const port = await freePort();
  const sandboxPort = await freePort();
  const mailboxPort = await freePort();
  const since = performance.now();
  const server = spawnServer({
    entry: COMPILED_SERVER,
    port,
    sandboxPort,
    mailboxPort,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: { SMTP_URL: '' },
  });
  let sample: StartSample;
  try {
    const readyMs = await readyAfter(server, since);
    const pid = server.child.pid!;
    const cpu = cpuMs(pid) ?? 0;
    await sleep(soonMs);
    const soonRss = rssBytes(pid) ?? 0;
    await sleep(Math.max(0, idleMs - soonMs));
    const children = childrenOf(pid);
    sample = {
      readyMs,
      cpuMs: cpu,
      soonRss,
      serverRss: rssBytes(pid) ?? 0,
      childrenRss: children.reduce((sum, c) => sum + (rssBytes(c.pid) ?? 0), 0),
      children: children.map((c) => c.command),
    };
  } catch (err) {
    await server.stop('SIGKILL');
    throw err;
  }
  const exit = await server.stop('SIGTERM');
  if (exit !== 0) throw new Error(`the server did not stop cleanly on SIGTERM (${exit})`);
  return sample;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `runs` pairs of starts on `target`: a fresh database, then the same one reopened. */
async function measure(target: Target, databases: DatabaseFactory | undefined) {
  const samples: Record<Phase, StartSample[]> = { fresh: [], reopen: [] };
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keebshop-bench-server-'));
    const database = await databases?.();
    try {
      samples.fresh.push(await startOnce(dataDir, database?.url));
      samples.reopen.push(await startOnce(dataDir, database?.url));
    } finally {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const metrics: Metric[] = [];
  for (const phase of ['fresh', 'reopen'] as const) {
    const of = (pick: (s: StartSample) => number) => median(samples[phase].map(pick));
    metrics.push(
      {
        name: `${target} start, ${phase}`,
        value: of((s) => s.readyMs),
        unit: 'ms',
        ...(startBudgets ? { budget: { max: START_BUDGET_MS[phase] } } : {}),
      },
      {
        name: `${target} CPU time until ready, ${phase}`,
        value: of((s) => s.cpuMs),
        unit: 'ms',
        note: 'user and system, all threads of the server process',
      },
      {
        name: `${target} RSS ${soonMs / 1000} s after ready, ${phase}`,
        value: of((s) => s.soonRss),
        unit: 'bytes',
        note: 'the server process alone, before V8 gives back the young generation start-up grew',
      },
      {
        name: `${target} idle RSS, ${phase}`,
        value: of((s) => s.serverRss),
        unit: 'bytes',
        budget: { max: IDLE_RSS_BUDGET_BYTES[target] },
        note: `the server process alone, ${idleMs / 1000} s after ready`,
      },
      {
        name: `${target} mailbox process idle RSS, ${phase}`,
        value: of((s) => s.childrenRss),
        unit: 'bytes',
        note: "the server's children: the development mailbox (SMTP_URL unset)",
      },
    );
  }
  return { metrics, samples };
}

export const server: Benchmark = {
  name: 'server',
  description:
    'start-up (spawn to GET /healthz 200) and idle RSS of the compiled server, fresh and reopened, on PGlite and PostgreSQL',
  async run() {
    buildIfStale();
    const metrics: Metric[] = [];
    const details: Record<string, unknown> = { runs, idleMs };
    if (targets.includes('pglite')) {
      const r = await measure('pglite', undefined);
      metrics.push(...r.metrics);
      details.pglite = r.samples;
    }
    if (targets.includes('postgres')) {
      const databases = await freshPostgresDatabaseFactory('server');
      if (typeof databases === 'string') details.postgres = databases;
      else {
        const r = await measure('postgres', databases);
        metrics.push(...r.metrics);
        details.postgres = r.samples;
      }
    }
    details.method = `Median of ${runs} runs (BENCH_SERVER_RUNS). Each run spawns \`node ${SERVER_NODE_FLAGS.join(' ')} ${COMPILED_SERVER}\` as npm start does on a fresh DATA_DIR (PGlite) or a fresh, empty PostgreSQL database (beside DATABASE_URL's, or on the local server), times it from spawn to the first GET /healthz 200 (polled every 20 ms) and reads the CPU time the server process used until then (less affected by other processes than the wall-clock time), reads the server's VmRSS ${soonMs} ms after that, and again ${idleMs} ms after it was ready (BENCH_SERVER_IDLE_MS; the idle figure, once V8 has given back the young generation start-up grew) with, apart, that of its children (the development mailbox: SMTP_URL unset), stops it with SIGTERM, then does the same again on the same database ("reopen").`;
    return { metrics, details };
  },
};
