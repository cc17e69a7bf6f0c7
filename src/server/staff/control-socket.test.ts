// The running shop's staff channel: only its owner can reach it, it answers the staff commands and
// nothing else, and a socket left by a killed shop does not stop the next one from serving.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgliteTarget, type TestDatabase } from '../test-support/index.ts';
import { insertUser } from '../auth/users.ts';
import { serveStaffControl, staffSocketPath } from './control-socket.ts';

let dataDir: string;
let db: TestDatabase;
let control: { close(): Promise<void> };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'keebshop-control-'));
  db = await pgliteTarget.open();
  await insertUser(db, 'clerk@keebshop.test', 'x', {}, new Date());
  // What a SIGKILLed shop leaves behind.
  const socketPath = staffSocketPath(dataDir);
  await serveStaffControl(dataDir, db).then((c) => c.close());
  writeFileSync(socketPath, '');
  control = await serveStaffControl(dataDir, db);
});
afterAll(async () => {
  await control?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `line` and reads the one line answered (empty when the shop hung up). */
function send(line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(staffSocketPath(dataDir));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(line));
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('close', () => resolve(reply));
    socket.on('error', reject);
  });
}

it('is reachable by its owner only', () => {
  const socketPath = staffSocketPath(dataDir);
  expect(statSync(path.dirname(socketPath)).mode & 0o777).toBe(0o700);
  expect(statSync(socketPath).mode & 0o777).toBe(0o600);
});

it('runs the staff commands', async () => {
  expect(JSON.parse(await send('{"command":"add","email":"Clerk@keebshop.test"}\n'))).toEqual({
    ok: true,
    message: 'clerk@keebshop.test is now staff',
  });
  expect(JSON.parse(await send('{"command":"list"}\n'))).toEqual({
    ok: true,
    message: 'clerk@keebshop.test',
  });
});

it('refuses anything else without touching the database', async () => {
  for (const line of ['DROP TABLE auth.users\n', '{"command":"sql","sql":"SELECT 1"}\n']) {
    expect(JSON.parse(await send(line))).toEqual({ ok: false, message: 'Not a staff command' });
  }
  expect(await send(`{"command":"add","email":"${'a'.repeat(2000)}"`)).toBe('');
  const { rows } = await db.query('SELECT count(*)::int AS n FROM auth.users');
  expect(rows).toEqual([{ n: 1 }]);
});
