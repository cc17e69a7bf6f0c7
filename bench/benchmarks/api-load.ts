// Load generation for the api benchmark: wrk when it is on PATH (api-wrk.ts), else autocannon (no
// bundled types, hence the narrow typing below), and the bare node:http hello server that gives
// this machine's ceiling.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { SERVER_NODE_FLAGS } from '../../src/server/test-support/launch.ts';
import type { Metric } from '../types.ts';
import { chooseGenerator, wrkLoad } from './api-wrk.ts';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
  onResponse?: (status: number, body: string) => void;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** What one load run measured. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}

/** The generator every load run of this process uses (the ceiling's too, so ratios compare). */
export const GENERATOR = chooseGenerator();
/** wrk's threads: one per core, as the load generator shares the machine with the server. */
export const WRK_THREADS = 2;

/** Runs wrk (plain requests only) or autocannon and keeps the numbers the benchmark reports. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  if (GENERATOR.name === 'wrk' && !options.requests && !options.method) {
    return wrkLoad({ ...options, threads: WRK_THREADS });
  }
  const r = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.method ? { method: options.method } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export type { AutocannonRequest };

/** A child process that answers every request with "hello" from a bare node:http server. */
export async function startHelloServer(): Promise<{ url: string; stop: () => void }> {
  const source = `
    const http = require('node:http');
    const server = http.createServer((req, res) => { res.writeHead(200, {'content-type': 'text/plain'}); res.end('hello'); });
    server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
    process.on('disconnect', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', source], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await firstMessage<{ port: number }>(child);
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

/** Resolves the first IPC message of a child, or rejects if it exits first. */
export function firstMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) =>
      reject(new Error(`child exited with code ${code} before it was ready`)),
    );
  });
}

/**
 * Forks a server harness (TypeScript, through tsx) with IPC, under production's Node options
 * (scripts/server-node-flags.json): its heap is sized as `npm start` sizes it, which sets what
 * garbage collection costs per request. Its standard output (request logs) is dropped.
 */
export function forkTs(file: string, env: Record<string, string | undefined>): ChildProcess {
  return fork(file, [], {
    execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/** The machine's ceiling: a bare node:http hello server, warmed up, then measured like the app. */
export async function measureCeiling(opts: {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}): Promise<LoadResult> {
  const hello = await startHelloServer();
  try {
    await load({ url: hello.url, connections: opts.connections, seconds: opts.warmupSeconds });
    return await load({ url: hello.url, connections: opts.connections, seconds: opts.seconds });
  } finally {
    hello.stop();
  }
}

/** Bounds on one load run's metrics; each is checked only when given. */
export interface LoadBudgets {
  /** Least requests/s. */
  minRps?: number;
  /** Least share of the ceiling. */
  minRatio?: number;
  /** Longest p99, in ms. */
  maxP99Ms?: number;
}

/**
 * The five metrics of one load run beside the ceiling: throughput, / ceiling, p50, p99, failed.
 * `connections` goes into the throughput note; `budgets` bounds the throughput, ratio and p99.
 */
export function loadMetrics(
  target: string,
  what: string,
  r: LoadResult,
  ceiling: LoadResult,
  opts: { connections?: number; budgets?: LoadBudgets } = {},
): Metric[] {
  const { connections, budgets = {} } = opts;
  const note =
    `${r.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors` +
    (connections === undefined ? '' : `, ${connections} connections`);
  return [
    {
      name: `${target} ${what} throughput`,
      value: r.rps,
      unit: 'req/s',
      note,
      ...(budgets.minRps !== undefined ? { budget: { min: budgets.minRps } } : {}),
    },
    {
      name: `${target} ${what} / ceiling`,
      value: r.rps / ceiling.rps,
      unit: 'ratio',
      ...(budgets.minRatio !== undefined ? { budget: { min: budgets.minRatio } } : {}),
    },
    { name: `${target} ${what} p50`, value: r.p50, unit: 'ms' },
    {
      name: `${target} ${what} p99`,
      value: r.p99,
      unit: 'ms',
      ...(budgets.maxP99Ms !== undefined ? { budget: { max: budgets.maxP99Ms } } : {}),
    },
    {
      name: `${target} ${what} failed`,
      value: r.non2xx + r.errors,
      unit: 'count',
      budget: { max: 0 },
    },
  ];
}
