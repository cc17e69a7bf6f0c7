// What an operator sees when the start cannot work: one line naming the thing and the cause, exit
// 1, before the database is touched (the real server, src/server/main.ts, as a process).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIfStale,
  freePort,
  spawnServer,
  type ServerProcessOptions,
  outputOf,
} from '../test-support/index.ts';

const isRoot = process.getuid?.() === 0;
let base: string;
/** A data directory with a database in it, copied by the tests that damage one. */
let healthy: string;

beforeAll(async () => {
  buildIfStale();
  base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-startup-'));
  healthy = path.join(base, 'healthy');
  const pg = await PGlite.create({ dataDir: healthy });
  await pg.close();
}, 60_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface FailedStart {
  code: number | string;
  /** Everything the process wrote, standard output and error. */
  output: string;
  ms: number;
}

/** Starts the server with `options` over the defaults and waits for it to end. */
async function start(options: Partial<ServerProcessOptions> = {}): Promise<FailedStart> {
  const logFile = path.join(base, `start-${Date.now()}-${Math.random()}.log`);
  const started = Date.now();
  const server = spawnServer({
    port: await freePort(),
    sandboxPort: await freePort(),
    dataDir: path.join(base, `data-${Date.now()}-${Math.random()}`),
    output: { logFile },
    ...options,
  });
  // Read from the pipes, complete once they have ended: the log file may still lack the last write.
  const output = outputOf(server);
  const timer = setTimeout(() => void server.stop('SIGKILL'), 60_000);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, output: await output, ms: Date.now() - started };
}

/** The process ended with exit code 1 and exactly one line of output, matching `line`. */
function expectOneLine(result: FailedStart, line: RegExp) {
  expect(result.output.trimEnd().split('\n'), result.output).toHaveLength(1);
  expect(result.output).toMatch(line);
  expect(result.code).toBe(1);
}

function listening(port: number, host = '127.0.0.1'): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(port, host, () => resolve(server));
  });
}

function copyOfHealthy(name: string): string {
  const dir = path.join(base, name);
  execFileSync('cp', ['-a', healthy, dir]);
  return dir;
}

describe('ports and HOST, checked before the database is opened', () => {
  it('names PORT when another process listens on it', async () => {
    const port = await freePort();
    const other = await listening(port);
    const dataDir = path.join(base, 'port-in-use');
    try {
      const result = await start({ port, dataDir });
      expectOneLine(result, new RegExp(`^PORT ${port} is already in use on 127\\.0\\.0\\.1: `));
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false); // no migration ran
    } finally {
      other.close();
    }
  });

  it('names a HOST that does not resolve, and one that is not this machine', async () => {
    const unknown = await start({ env: { HOST: 'no-such-host.invalid' } });
    expectOneLine(unknown, /^HOST no-such-host\.invalid does not resolve to an address/);
    const elsewhere = await start({ env: { HOST: '192.0.2.1' } }); // TEST-NET-1, never local
    expectOneLine(elsewhere, /^HOST 192\.0\.2\.1 is not an address of this machine/);
  });

  it('names SANDBOX_PORT when something other than a payments sandbox holds it', async () => {
    const sandboxPort = await freePort();
    const other = createHttpServer((_req, res) => res.end('<html>not a sandbox</html>'));
    await new Promise<void>((r) => other.listen(sandboxPort, '127.0.0.1', r));
    const dataDir = path.join(base, 'sandbox-port-in-use');
    try {
      const result = await start({ sandboxPort, dataDir });
      expectOneLine(
        result,
        new RegExp(
          `^SANDBOX_PORT ${sandboxPort} is already in use on 127\\.0\\.0\\.1 by something`,
        ),
      );
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    } finally {
      other.close();
    }
  });
});

describe('PostgreSQL', () => {
  it('names host, port, database and user of an unreachable server, never its password', async () => {
    const port = await freePort(); // nothing listens there
    const result = await start({
      databaseUrl: `postgresql://shop:s3cret-Pa55@127.0.0.1:${port}/keebshop`,
    });
    expectOneLine(
      result,
      new RegExp(
        `^Cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${port}, database keebshop, user shop \\(DATABASE_URL\\): connection refused`,
      ),
    );
    expect(result.output).not.toContain('s3cret-Pa55');
  });

  it.runIf(process.env.DATABASE_URL)('says when the database does not exist', async () => {
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = '/keebshop_no_such_database';
    const result = await start({ databaseUrl: url.href });
    expectOneLine(
      result,
      /^Cannot connect to PostgreSQL at .*keebshop_no_such_database.*does not exist/,
    );
  });
});

describe('DATA_DIR (PGlite)', () => {
  it('says a damaged database is damaged and to restore from a backup', async () => {
    const dataDir = copyOfHealthy('damaged');
    writeFileSync(path.join(dataDir, 'global/pg_control'), 'garbage'.repeat(100));
    expectOneLine(
      await start({ dataDir }),
      new RegExp(
        `^DATA_DIR ${dataDir} holds a database that cannot be opened .*: it is damaged; restore from a backup`,
      ),
    );
    const noVersion = copyOfHealthy('no-pg-version');
    rmSync(path.join(noVersion, 'PG_VERSION'));
    expectOneLine(
      await start({ dataDir: noVersion }),
      new RegExp(`^DATA_DIR ${noVersion} is damaged: .*PG_VERSION; restore from a backup`),
    );
  });

  it('never creates a database over a directory holding other files', async () => {
    const dataDir = path.join(base, 'someone-elses');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
    expectOneLine(
      await start({ dataDir }),
      new RegExp(`^DATA_DIR ${dataDir} holds other files \\(notes\\.txt\\) and no database`),
    );
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  });

  it('says at once that a DATA_DIR where nothing can be created cannot be used', async () => {
    // /proc answers ENOENT to mkdir: Node's recursive mkdir retried that forever, at full CPU.
    expectOneLine(
      await start({ dataDir: '/proc/keebshop-no-such-dir' }),
      /^DATA_DIR \/proc\/keebshop-no-such-dir cannot be used: .*\(ENOENT\)\.\n$/,
    );
  }, 90_000);

  it('says which file cannot be written', async () => {
    const dataDir = copyOfHealthy('read-only');
    // Root writes through any permission bits: a read-only mount stops it.
    if (isRoot) {
      execFileSync('mount', ['--bind', dataDir, dataDir]);
      execFileSync('mount', ['-o', 'remount,bind,ro', dataDir]);
    } else execFileSync('chmod', ['-R', 'a-w', dataDir]);
    try {
      expectOneLine(
        await start({ dataDir }),
        new RegExp(`^DATA_DIR ${dataDir} cannot be used: not writable by this process`),
      );
    } finally {
      if (isRoot) execFileSync('umount', [dataDir]);
      else execFileSync('chmod', ['-R', 'u+w', dataDir]);
    }
  });

  // A full disk needs a small filesystem of its own: a tmpfs only root may mount.
  it.runIf(isRoot)('says the disk is full', async () => {
    const mount = path.join(base, 'small-disk');
    mkdirSync(mount);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount]);
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${mount}/fill`, 'bs=1M', 'count=3'], {
        stdio: 'ignore',
      });
      const dataDir = path.join(mount, 'data');
      expectOneLine(
        await start({ dataDir }),
        new RegExp(`^DATA_DIR ${dataDir} cannot be used: its disk is full \\(\\d`),
      );
    } finally {
      execFileSync('umount', [mount]);
    }
  });
});

it('says the web app is not built, and how to build it', async () => {
  const elsewhere = path.join(base, 'no-build');
  mkdirSync(elsewhere);
  const result = await start({ cwd: elsewhere });
  expectOneLine(
    result,
    /^The web app is not built \(.*dist\/web\/index\.html is missing\): run `npm run build`/,
  );
});
