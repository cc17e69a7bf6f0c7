// A private PostgreSQL cluster for tests and runs that restart the database: initdb into a temporary
// directory, its own port and socket, removed by stop(). The shared server is never touched.
// PostgreSQL refuses to run as root, so as root the cluster belongs to (and runs as) `postgres`.
// Loads neither vitest nor the server: the crash and load scenarios use it too.
import { execFile, execFileSync } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
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
  /**
   * With `tmpfsMb`: an empty directory on a tmpfs of that size, owned by the server's user, for
   * `CREATE TABLESPACE ... LOCATION`. Only the server sees it (its own mount namespace), so a
   * cluster with one is not restarted.
   */
  tablespaceDir: string | undefined;
  /** Fills the tablespace's tmpfs to the last byte; free() deletes the filler. */
  fillTablespace(): void;
  freeTablespace(): void;
}

/**
 * Creates and starts a private cluster (trust authentication, superuser `postgres`); with
 * `tmpfsMb`, the server runs in a mount namespace with a small tmpfs for a tablespace (as root
 * directly, otherwise in user namespaces).
 */
export async function startPrivateCluster(
  options: { tmpfsMb?: number } = {},
): Promise<PrivateCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-pg-'));
  const dataDir = path.join(base, 'data');
  const space = options.tmpfsMb ? path.join(base, 'space') : undefined;
  if (space) mkdirSync(space);
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
  const serverOptions = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1`;
  const startArgs = ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', 'start'];
  const start = async () => {
    if (!space) return run('pg_ctl', startArgs);
    // The postmaster starts in a mount namespace with the tmpfs mounted, and keeps it alive.
    const mountThenRun =
      'mount -t tmpfs -o "size=$1" tmpfs "$2" && chown "$3" "$2" && shift 3 && exec "$@"';
    const pgCtl = [path.join(bin, 'pg_ctl'), ...startArgs];
    const [namespace, owner, runAs] = asRoot
      ? [['--mount'], 'postgres', ['runuser', '-u', 'postgres', '--']]
      : [
          ['--user', '--map-root-user', '--mount'],
          '0',
          // PostgreSQL refuses uid 0: a nested user namespace maps it back to this user.
          ['unshare', `--map-user=${process.getuid?.()}`, `--map-group=${process.getgid?.()}`],
        ];
    const args = ['sh', '-c', mountThenRun, 'sh', `${options.tmpfsMb}m`, space, owner];
    await promisify(execFile)('unshare', [...namespace, ...args, ...runAs, ...pgCtl], {
      cwd: base,
    });
  };
  const ctl = (action: string, mode: string) =>
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-m', mode, '-w', action]);
  // The tablespace as the postmaster sees it.
  const filler = () => {
    const pid = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0];
    return path.join(`/proc/${pid}/root`, space ?? '', 'filler');
  };
  await start();
  let stopped = false;
  return {
    port,
    url: (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    async restart(mode) {
      if (space) throw new Error('a cluster with a tmpfs tablespace is not restarted');
      await ctl('restart', mode);
    },
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
    tablespaceDir: space,
    fillTablespace() {
      const fd = openSync(filler(), 'a');
      try {
        for (const size of [1024 * 1024, 4096, 512]) {
          try {
            for (;;) writeSync(fd, Buffer.alloc(size));
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    freeTablespace() {
      rmSync(filler(), { force: true });
    },
  };
}
