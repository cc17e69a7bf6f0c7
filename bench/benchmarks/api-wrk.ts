// wrk, a C load generator, for the api benchmark when it is on PATH (ADR 0035): its client costs
// far less CPU per request than autocannon's, and the load generator shares the server's cores.
// Each run gets a Lua script whose done() prints one JSON line that this module parses.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './api-load.ts';

/** wrk's version line ("wrk 4.1.0 ..."), or undefined when wrk is not on PATH. */
export function wrkVersion(): string | undefined {
  try {
    // wrk -v prints its version and exits with status 1.
    execFileSync('wrk', ['-v'], { stdio: 'pipe' });
  } catch (error) {
    const out = (error as { stdout?: Buffer }).stdout?.toString() ?? '';
    const line = out.split('\n')[0]?.trim();
    if (line?.startsWith('wrk')) return line.split(' [')[0];
  }
  return undefined;
}

const MARK = 'WRK_RESULT ';

/** Prints the run's counts and latency percentiles (µs) as one JSON line. */
export const DONE_LUA = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('${MARK}{"requests":%d,"durationUs":%d,"p50Us":%.0f,"p99Us":%.0f,' ..
    '"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
`;

/** Reads done()'s JSON line out of wrk's output. */
export function parseWrkOutput(stdout: string): LoadResult {
  const line = stdout.split('\n').find((l) => l.startsWith(MARK));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const r = JSON.parse(line.slice(MARK.length)) as {
    requests: number;
    durationUs: number;
    p50Us: number;
    p99Us: number;
    status: number;
    connect: number;
    read: number;
    write: number;
    timeout: number;
  };
  return {
    rps: r.durationUs > 0 ? r.requests / (r.durationUs / 1e6) : 0,
    p50: r.p50Us / 1000,
    p99: r.p99Us / 1000,
    total: r.requests,
    // wrk counts answers with a status of 400 or more.
    non2xx: r.status,
    errors: r.connect + r.read + r.write + r.timeout,
  };
}

/** The refresh script: each thread spends tokens from its own pool and keeps the ones returned. */
export function refreshLua(opts: {
  path: string;
  headers: Record<string, string>;
  slices: string[][];
}): string {
  const lua = (s: string) => JSON.stringify(s);
  const headers = Object.entries(opts.headers)
    .map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`)
    .join('\n');
  const slices = opts.slices.map((s) => lua(s.join(','))).join(', ');
  return `
${headers}
local slices = { ${slices} }
local started = 0
function setup(thread)
  started = started + 1
  thread:set("tokens", slices[started] or "")
end
function init(args)
  pool = {}
  for t in string.gmatch(tokens, "[^,]+") do pool[#pool + 1] = t end
end
function request()
  local token = table.remove(pool, 1) or "pool-exhausted"
  return wrk.format("POST", ${lua(opts.path)}, nil, '{"refresh_token":"' .. token .. '"}')
end
function response(status, headers, body)
  if status == 200 then
    local token = string.match(body, '"refresh_token"%s*:%s*"([^"]+)"')
    if token then pool[#pool + 1] = token end
  end
end
${DONE_LUA}`;
}

/** Splits items into n disjoint slices, round robin. */
export function slices<T>(items: T[], n: number): T[][] {
  const out: T[][] = Array.from({ length: n }, () => []);
  items.forEach((item, i) => out[i % n]!.push(item));
  return out;
}

export interface WrkOptions {
  url: string;
  connections: number;
  seconds: number;
  threads: number;
  headers?: Record<string, string>;
  /** The Lua script; a GET with `headers` and DONE_LUA when absent. */
  script?: string;
}

/** Runs wrk once and returns what it measured. */
export async function wrkLoad(o: WrkOptions): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keebshop-wrk-'));
  try {
    const script = path.join(dir, 'load.lua');
    await writeFile(script, o.script ?? DONE_LUA);
    const args = [
      `-t${Math.min(o.threads, o.connections)}`,
      `-c${o.connections}`,
      `-d${o.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      ...Object.entries(o.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      o.url,
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${err}${out}`)),
      );
    });
    return parseWrkOutput(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The HTTP load generator: wrk when it is on PATH, else autocannon; BENCH_API_LOADGEN=autocannon
 * or wrk forces one (wrk must then be installed).
 */
export function chooseGenerator(): { name: 'wrk' | 'autocannon'; version?: string } {
  const forced = process.env.BENCH_API_LOADGEN;
  if (forced === 'autocannon') return { name: 'autocannon' };
  const version = wrkVersion();
  if (version) return { name: 'wrk', version };
  if (forced === 'wrk') throw new Error('BENCH_API_LOADGEN=wrk but wrk is not on PATH');
  return { name: 'autocannon' };
}
