// Starts the real server for a benchmark: built web app, a free port, a fresh embedded database.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  stop: () => Promise<void>;
}

/** Builds the web app when dist/web is missing or stale (the same check as `npm start`). */
export function buildIfStale(): void {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web app did not build');
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until GET `origin`/healthz answers 200 and returns the milliseconds that took; throws if
 * `exited()` turns true first or time runs out.
 */
export async function waitForHealthy(
  origin: string,
  exited: () => boolean,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (exited()) throw new Error(`the server on ${origin} exited before it was ready`);
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server on ${origin} was not ready within ${timeoutMs} ms`);
}

/** Where and how one server process runs: loopback ports, its DATA_DIR, optionally PostgreSQL. */
export interface ServerProcessOptions {
  port: number;
  /** The payments sandbox's port (instances on one machine share it). */
  sandboxPort: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}

/** Spawns `src/server/main.ts` as `npm start` runs it, on 127.0.0.1, logging at warn. */
export function spawnServerProcess(
  options: ServerProcessOptions,
  stdio: StdioOptions,
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SANDBOX_PORT: String(options.sandboxPort),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
}

/**
 * Starts `src/server/main.ts` as `npm start` does. PGlite in a temporary DATA_DIR unless
 * `databaseUrl` is given; `env` adds variables (later benchmarks may need their own).
 */
export async function startServer(
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  buildIfStale();
  const port = await freePort();
  // The payments sandbox gets a port of its own, never a development server's 12111.
  let sandboxPort = await freePort();
  while (sandboxPort === port) sandboxPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keebshop-bench-'));
  const child = spawnServerProcess({ port, sandboxPort, dataDir, ...options }, [
    'ignore',
    'ignore',
    'inherit',
  ]);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealthy(origin, () => exited, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}
