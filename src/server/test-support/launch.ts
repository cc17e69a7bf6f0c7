// The one process launcher: the real server as a child process (the sources, src/server/main.ts,
// the compiled dist/server/main.js that `npm start` runs, or another entry), on loopback ports with
// a DATA_DIR of its own, ready once GET /healthz answers 200. Used by the browser tests' web server, the benchmarks and the load and crash runs.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './web-dir.ts';

export { buildIfStale, root };

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

/** Where and how one server process runs. */
export interface ServerProcessOptions {
  port: number;
  /** The payments sandbox's port (instances on one machine share it). */
  sandboxPort: number;
  /**
   * The development mailbox's web port (MAILBOX_PORT) when SMTP_URL is unset; default 0, a free
   * one, so launched servers never meet each other or a developer's mailbox on 1080.
   */
  mailboxPort?: number;
  /** Kept by the caller, so a killed server restarts on it. */
  dataDir: string;
  /** PostgreSQL; PGlite in DATA_DIR when unset. */
  databaseUrl?: string;
  /** Variables over the defaults (LOG_LEVEL=warn...). */
  env?: Record<string, string>;
  /**
   * The script, from the repository's root: src/server/main.ts (default: the sources, through tsx),
   * COMPILED_SERVER (what production runs; build it first) or scripts/start.mjs.
   */
  entry?: string;
  /** Standard output and error: inherited, only errors (default), or appended to a file. */
  output?: 'inherit' | 'errors' | { logFile: string };
  /** The working directory (default: the repository's root, where dist/web is). */
  cwd?: string;
}

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /**
   * The development mailbox (maildev's page and REST API) when `mailboxPort` was given (launchServer
   * always gives one) and SMTP_URL is unset, e.g. http://127.0.0.1:41236.
   */
  mailboxOrigin: string | undefined;
  options: ServerProcessOptions;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Waits until /healthz answers 200 (milliseconds taken); throws if the process exits first. */
  ready(timeoutMs?: number): Promise<number>;
  /** Stops the process with `signal` (SIGTERM: a clean stop) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

function stdioOf(output: ServerProcessOptions['output']): StdioOptions {
  if (output === 'inherit') return 'inherit';
  if (output === undefined || output === 'errors') return ['ignore', 'ignore', 'inherit'];
  return ['ignore', 'pipe', 'pipe'];
}

/** The compiled server, as `npm start` and production run it (scripts/build-server.mjs). */
export const COMPILED_SERVER = 'dist/server/main.js';

/** Node's options for the compiled server in production, read as scripts/start.mjs reads them. */
export const SERVER_NODE_FLAGS: readonly string[] = JSON.parse(
  readFileSync(path.join(root, 'scripts/server-node-flags.json'), 'utf8'),
) as string[];

/**
 * Node's options for `entry`: the compiled server gets production's (scripts/server-node-flags.json,
 * as scripts/start.mjs passes them), TypeScript gets tsx (found from any directory), scripts none.
 */
function nodeArgsFor(entry: string, cwd: string | undefined): string[] {
  if (entry === COMPILED_SERVER) return [...SERVER_NODE_FLAGS];
  if (entry.endsWith('.js') || entry.endsWith('.mjs')) return [];
  return ['--import', cwd ? path.join(root, 'node_modules/tsx/dist/loader.mjs') : 'tsx'];
}

/** Starts one server process on 127.0.0.1; does not wait for it to be ready (see ready()). */
export function spawnServer(options: ServerProcessOptions): ServerProcess {
  const entry = options.entry ?? 'src/server/main.ts';
  const args = [...nodeArgsFor(entry, options.cwd), path.join(root, entry)];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? root,
    stdio: stdioOf(options.output),
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SANDBOX_PORT: String(options.sandboxPort),
      MAILBOX_PORT: String(options.mailboxPort ?? 0),
      MAILBOX_SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const output = options.output;
  const log = typeof output === 'object' ? createWriteStream(output.logFile, { flags: 'a' }) : null;
  if (log) {
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    // 'close' comes once both pipes have ended, so the log holds the last line too.
    child.once('close', () => log.end());
  }
  let hasExited = false;
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const origin = `http://127.0.0.1:${options.port}`;
  return {
    origin,
    mailboxOrigin: options.mailboxPort ? `http://127.0.0.1:${options.mailboxPort}` : undefined,
    options,
    child,
    exited,
    ready: (timeoutMs = 90_000) => waitForHealthy(origin, () => hasExited, timeoutMs),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface LaunchOptions extends Partial<ServerProcessOptions> {
  /** Builds dist/web and dist/server first when missing or stale, as `npm start` does. */
  build?: boolean;
  /** How long the server may take to answer /healthz (default 60 s). */
  readyWithinMs?: number;
}

/**
 * Starts a server and waits until it is ready: free ports and a fresh DATA_DIR (removed once the
 * process exits) unless given. Stops it again if it does not become ready.
 */
export async function launchServer(options: LaunchOptions = {}): Promise<ServerProcess> {
  const { build, readyWithinMs = 60_000, ...given } = options;
  if (build) buildIfStale();
  const port = given.port ?? (await freePort());
  // The payments sandbox gets a port of its own, never a development server's 12111.
  let sandboxPort = given.sandboxPort ?? (await freePort());
  while (sandboxPort === port) sandboxPort = await freePort();
  let mailboxPort = given.mailboxPort ?? (await freePort());
  while (mailboxPort === port || mailboxPort === sandboxPort) mailboxPort = await freePort();
  const ownDataDir = given.dataDir ? undefined : mkdtempSync(path.join(os.tmpdir(), 'keebshop-'));
  const server = spawnServer({
    ...given,
    port,
    sandboxPort,
    mailboxPort,
    dataDir: given.dataDir ?? (ownDataDir as string),
  });
  if (ownDataDir) {
    void server.exited.then(() => rmSync(ownDataDir, { recursive: true, force: true }));
  }
  try {
    await server.ready(readyWithinMs);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
