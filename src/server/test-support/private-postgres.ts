// A private PostgreSQL cluster for tests and runs that restart the database: initdb into a temporary
// directory, its own port and socket, removed by stop(). The shared server is never touched.
// PostgreSQL refuses to run as root, so as root the cluster belongs to (and runs as) `postgres`.
// Loads neither vitest nor the server: the crash and load scenarios use it too.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './launch.ts';

/** The directories PostgreSQL's programs may be in: the PATH first, then Debian's. */
function binDir(): string {
  const candidates = [
    ...(process.env.PATH ?? '').split(path.delimiter),
    '/usr/local/bin',
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  const found = candidates.find(
    (dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
  if (!found) throw new Error('private PostgreSQL: initdb and pg_ctl not found');
  return found;
}

export interface PrivateCluster {
  /** postgresql://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  port: number;
  /**
   * Restarts the server (without blocking this process, whose requests go on meanwhile): `fast`
   * ends sessions cleanly, `immediate` is a crash, replayed from the WAL at the start.
   */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server, leaving the cluster to start again. */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes the cluster. */
  stop(): Promise<void>;
}

/** Creates and starts a private cluster (trust authentication, superuser `postgres`). */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-pg-'));
  const dataDir = path.join(base, 'data');
  const logFile = path.join(base, 'server.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(base, uid, gid);
  }
  const run = async (program: string, args: string[]) => {
    const full = path.join(bin, program);
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', full, ...args]]
      : [full, args];
    await promisify(execFile)(command, commandArgs, { cwd: base });
  };
  const port = await freePort();
  await run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', 'start']);
  const ctl = (action: string, mode: string) =>
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-m', mode, '-w', action]);
  await start();
  let stopped = false;
  return {
    port,
    url: (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    restart: (mode) => ctl('restart', mode),
    halt: (mode = 'fast') => ctl('stop', mode),
    start,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await ctl('stop', 'immediate');
      } catch {
        // Already stopped.
      }
      rmSync(base, { recursive: true, force: true });
    },
  };
}
