// One process per PGlite DATA_DIR: a second one is refused in one line naming the holder, and a
// lock whose process is gone (SIGKILL, a reused PID) never blocks a start. The real server runs
// as a process (src/server/main.ts, or scripts/start.mjs as `npm start` runs it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildIfStale,
  freePort,
  launchServer,
  spawnServer,
  type ServerProcess,
  outputOf,
} from '../test-support/index.ts';
import { LOCK_FILE } from './data-dir-lock.ts';

let base: string;
const running: ServerProcess[] = [];

beforeAll(() => {
  buildIfStale();
  base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-lock-'));
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  rmSync(base, { recursive: true, force: true });
});

async function launch(dataDir: string, entry?: string): Promise<ServerProcess> {
  const server = await launchServer({ dataDir, ...(entry ? { entry } : {}) });
  running.push(server);
  return server;
}

it('refuses a second process on the same DATA_DIR in one line naming the directory and the holder', async () => {
  const dataDir = path.join(base, 'shared');
  const first = await launch(dataDir);
  const logFile = path.join(base, 'second.log');
  const second = spawnServer({
    dataDir,
    port: await freePort(),
    sandboxPort: await freePort(),
    output: { logFile },
  });
  // All it wrote, once its output has ended (the log file may still lack the last write).
  const written = outputOf(second);
  expect(await second.exited).toBe(1);
  const output = (await written).trimEnd().split('\n');
  expect(output).toEqual([
    expect.stringMatching(
      new RegExp(`^DATA_DIR ${dataDir} is in use by process ${first.child.pid} \\(since `),
    ),
  ]);
  // The first one is untouched and still serves.
  expect((await fetch(`${first.origin}/healthz`)).status).toBe(200);
  expect(await first.stop()).toBe(0);
}, 120_000);

it('still refuses a second process when the lock file was deleted (the operating system holds it)', async () => {
  const dataDir = path.join(base, 'deleted-lock');
  const first = await launch(dataDir);
  rmSync(path.join(dataDir, LOCK_FILE));
  const second = spawnServer({
    dataDir,
    port: await freePort(),
    sandboxPort: await freePort(),
    output: { logFile: path.join(base, 'deleted-lock.log') },
  });
  const written = outputOf(second);
  expect(await second.exited).toBe(1);
  expect((await written).trimEnd().split('\n')).toEqual([
    `DATA_DIR ${dataDir} is in use by another process: one DATA_DIR, one process; stop that one first.`,
  ]);
  expect((await fetch(`${first.origin}/healthz`)).status).toBe(200);
  expect(await first.stop()).toBe(0);
  // Once it stopped, the directory is free again.
  const third = await launch(dataDir);
  expect(await third.stop()).toBe(0);
}, 120_000);

it('restarts at once on a DATA_DIR whose server was killed with SIGKILL', async () => {
  const dataDir = path.join(base, 'killed');
  const first = await launch(dataDir);
  expect(await first.stop('SIGKILL')).toBe('SIGKILL');
  expect(statSync(path.join(dataDir, LOCK_FILE)).isFile()).toBe(true); // left behind
  const again = await launch(dataDir);
  expect((await fetch(`${again.origin}/healthz`)).status).toBe(200);
  expect(await again.stop()).toBe(0);
}, 120_000);

it('restarts at once when `npm start` (scripts/start.mjs) was killed with SIGKILL', async () => {
  const dataDir = path.join(base, 'killed-npm-start');
  const first = await launch(dataDir, 'scripts/start.mjs');
  expect(await first.stop('SIGKILL')).toBe('SIGKILL');
  // Its server must not live on holding the directory: the restart is refused otherwise.
  const again = await launch(dataDir, 'scripts/start.mjs');
  expect(await again.stop()).toBe(0);
}, 120_000);

it('is not blocked by a lock whose PID now belongs to another process', async () => {
  const dataDir = path.join(base, 'reused-pid');
  const first = await launch(dataDir);
  expect(await first.stop()).toBe(0);
  // The lock of a process that died, whose PID the system gave to another live process (this one).
  const st = statSync(dataDir);
  writeFileSync(
    path.join(dataDir, LOCK_FILE),
    JSON.stringify({
      pid: process.pid,
      startTime: '1',
      bootId: null,
      dir: `${st.dev}:${st.ino}`,
      host: os.hostname(),
      since: '2026-01-01T00:00:00.000Z',
    }),
  );
  const again = await launch(dataDir);
  expect(await again.stop()).toBe(0);
}, 120_000);

it('lets exactly one of two servers started together over a stale lock have the directory', async () => {
  const dataDir = path.join(base, 'together');
  mkdirSync(dataDir);
  // The lock of a process that has exited.
  const gone = spawnSync(process.execPath, ['-e', '0']).pid as number;
  const st = statSync(dataDir);
  writeFileSync(
    path.join(dataDir, LOCK_FILE),
    JSON.stringify({ pid: gone, startTime: null, bootId: null, dir: `${st.dev}:${st.ino}` }),
  );
  const both = await Promise.all(
    [0, 1].map(async () =>
      spawnServer({ dataDir, port: await freePort(), sandboxPort: await freePort() }),
    ),
  );
  running.push(...both);
  const outcomes = await Promise.all(
    both.map((server) =>
      server.ready().then(
        () => 'ready',
        () => server.exited,
      ),
    ),
  );
  expect([...outcomes].sort()).toEqual([1, 'ready']);
  expect(await both[outcomes.indexOf('ready')]!.stop()).toBe(0);
}, 120_000);

it('is not blocked by a lock copied from another DATA_DIR whose server still runs', async () => {
  const original = await launch(path.join(base, 'original'));
  // A copy of the directory (a restored snapshot) carries the running server's lock along.
  const copy = path.join(base, 'copy');
  mkdirSync(copy);
  writeFileSync(
    path.join(copy, LOCK_FILE),
    readFileSync(path.join(base, 'original', LOCK_FILE), 'utf8'),
  );
  const second = await launch(copy);
  expect(await second.stop()).toBe(0);
  expect(await original.stop()).toBe(0);
}, 120_000);
