// The database alone: pgbench (PostgreSQL's own C load generator) replays the exact statements the
// server sent for one order-history request, in one pipeline with one Sync as the server sends
// them, prepared, from as many connections as the server's pool. No HTTP, no Node: what PostgreSQL
// can serve on this machine at best, measured beside the server in the same run.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Statement } from '../../src/server/db/types.ts';
import { percentile } from '../lib/shop/stats.ts';
import type { LoadResult } from './api-load.ts';

const run = promisify(execFile);

/** pgbench's script for one request: each $n becomes a variable, bound as a parameter (-M prepared). */
export function pgbenchScript(statements: readonly Statement[]): {
  script: string;
  variables: Record<string, string>;
} {
  const variables: Record<string, string> = {};
  const lines = statements.map((s, i) =>
    s.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = s.params?.[Number(n) - 1];
      if (value === null || value === undefined) return 'NULL';
      const name = `s${i}_${n}`;
      variables[name] = typeof value === 'string' ? value : JSON.stringify(value);
      return `:${name}`;
    }),
  );
  return {
    script: ['\\startpipeline', ...lines.map((l) => `${l};`), '\\endpipeline', ''].join('\n'),
    variables,
  };
}

/** True when pgbench is on PATH. */
async function hasPgbench(): Promise<boolean> {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs pgbench for `seconds` with `clients` connections; undefined when pgbench is not installed.
 * Latencies come from its per-transaction log (-l), in milliseconds like autocannon's.
 */
export async function pgbenchLoad(opts: {
  databaseUrl: string;
  statements: readonly Statement[];
  clients: number;
  seconds: number;
}): Promise<LoadResult | undefined> {
  if (opts.statements.length === 0 || !(await hasPgbench())) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keebshop-pgbench-'));
  try {
    const { script, variables } = pgbenchScript(opts.statements);
    const file = path.join(dir, 'history.sql');
    await writeFile(file, script);
    const args = [
      '--no-vacuum',
      '--protocol=prepared',
      `--file=${file}`,
      `--client=${opts.clients}`,
      `--jobs=${Math.min(2, opts.clients)}`,
      `--time=${opts.seconds}`,
      '--log',
      `--log-prefix=${path.join(dir, 'tx')}`,
      ...Object.entries(variables).map(([k, v]) => `--define=${k}=${v}`),
      opts.databaseUrl,
    ];
    const { stdout } = await run('pgbench', args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    const latencies: number[] = [];
    for (const name of await readdir(dir)) {
      if (!name.startsWith('tx')) continue;
      for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros) && line) latencies.push(micros / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      rps: tps,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      total: latencies.length,
      non2xx: 0,
      errors: failed,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
