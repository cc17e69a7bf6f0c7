// Real server processes for the load and crash runs: `src/server/main.ts` as `npm start` runs it,
// on loopback ports, with a DATA_DIR the caller keeps (so a killed instance restarts on it) and a
// payments-sandbox port that instances on one machine share.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { root } from '../server.ts';

export interface InstanceOptions {
  dataDir: string;
  port: number;
  sandboxPort: number;
  databaseUrl?: string;
  /** Stdout and stderr of the process are appended here. */
  logFile: string;
  env?: Record<string, string>;
}

export interface Instance {
  origin: string;
  options: InstanceOptions;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
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

/** Starts one server process; does not wait for it to be ready (see waitHealthy). */
export function spawnInstance(options: InstanceOptions): Instance {
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
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
    },
  );
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      // Let the pipes drain into the log before it closes.
      setTimeout(() => log.end(), 50);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  return { origin: `http://127.0.0.1:${options.port}`, options, child, exited };
}

/** Waits until GET /healthz answers 200; throws if the process exits first or time runs out. */
export async function waitHealthy(instance: Instance, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  let exited = false;
  void instance.exited.then(() => (exited = true));
  while (Date.now() - started < timeoutMs) {
    if (exited) throw new Error(`the server on ${instance.origin} exited before it was ready`);
    try {
      const res = await fetch(`${instance.origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server on ${instance.origin} was not ready within ${timeoutMs} ms`);
}

/** Stops an instance with `signal` (SIGTERM: a clean stop) and waits for it to exit. */
export async function stopInstance(
  instance: Instance,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | string> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) {
    instance.child.kill(signal);
  }
  return instance.exited;
}

const ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database on the local PostgreSQL (trust auth), dropped by `drop()`. */
export async function freshPostgresDatabase(
  label: string,
  adminUrl = process.env.LOAD_POSTGRES_ADMIN_URL ?? ADMIN_URL,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `keebshop_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
