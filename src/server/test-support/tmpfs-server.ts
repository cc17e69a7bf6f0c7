// The real server process (src/server/main.ts) with its DATA_DIR on a small tmpfs of its own, to
// fill the disk for real. The tmpfs is mounted in a private mount namespace (`unshare`): as root
// directly, otherwise in a user namespace; it is gone when the process ends. The test reaches the
// process's files through /proc/<pid>/root.
import { spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, root, waitForHealthy } from './launch.ts';

export interface TmpfsServer {
  origin: string;
  /** The anon key from the page's inline config. */
  anonKey: string;
  /** Fills the tmpfs until no byte is left (a file beside the database). */
  fill(): void;
  /** Deletes what fill() wrote. */
  free(): void;
  /** Stops the server with SIGTERM (a clean stop) and resolves its exit code. */
  stop(): Promise<number | string>;
}

/** Starts the server on a `sizeMb` tmpfs DATA_DIR (PGlite) with `env` over the defaults. */
export async function startServerOnTmpfs(
  sizeMb: number,
  env: Record<string, string> = {},
): Promise<TmpfsServer> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-tmpfs-'));
  const dataDir = path.join(base, 'data');
  mkdirSync(dataDir);
  // main.ts serves ./dist/web: a bare page there, so no build is needed.
  mkdirSync(path.join(base, 'dist/web'), { recursive: true });
  writeFileSync(
    path.join(base, 'dist/web/index.html'),
    '<!doctype html><html><head><title>Keebshop</title></head><body></body></html>',
  );
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const namespace = asRoot ? ['--mount'] : ['--user', '--map-root-user', '--mount'];
  const mountThenRun = 'mount -t tmpfs -o "size=$1" tmpfs "$2" && shift 2 && exec "$@"';
  const child = spawn(
    'unshare',
    [
      ...namespace,
      'sh',
      '-c',
      mountThenRun,
      'sh',
      `${sizeMb}m`,
      dataDir,
      process.execPath,
      '--import',
      // tsx's entry by path: the process runs in another directory than the repository.
      pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      path.join(root, 'src/server/main.ts'),
    ],
    {
      cwd: base,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SANDBOX_PORT: String(await freePort()),
        // The development mailbox on free ports, never a developer's 1080.
        MAILBOX_PORT: '0',
        LOG_LEVEL: 'error',
        ...env,
      },
    },
  );
  let exitedWith: number | string | undefined;
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      exitedWith = code ?? signal ?? 'unknown';
      resolve(exitedWith);
    }),
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exitedWith === undefined) child.kill('SIGTERM');
    const code = await exited;
    rmSync(base, { recursive: true, force: true });
    return code;
  };
  try {
    await waitForHealthy(origin, () => exitedWith !== undefined, 60_000);
  } catch (err) {
    await stop();
    throw new Error(
      `the server on a tmpfs did not start (mounting needs root or user namespaces): ${String(err)}`,
    );
  }
  const page = await (await fetch(`${origin}/keebshop/`)).text();
  const config = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(page);
  const anonKey = (JSON.parse(config?.[1] ?? '{}') as { supabaseAnonKey?: string }).supabaseAnonKey;
  if (!anonKey) throw new Error('no anon key in the page');
  // The process's own view of its mount namespace.
  const filler = path.join(`/proc/${child.pid}/root`, dataDir, 'filler');
  return {
    origin,
    anonKey,
    fill() {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(1024 * 1024);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
      // The last pages: down to the byte.
      try {
        for (;;) writeSync(fd, chunk, 0, 4096);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    stop,
  };
}
