// The running shop's staff channel (docs/decisions/0024-staff-role-and-control-socket.md): with
// PGlite the server holds DATA_DIR alone, so `npm run staff` asks it over a Unix socket in a
// directory only the owner can enter. One JSON line in (a staff command), one JSON line out.
import { chmodSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { Queryable } from '../db/types.ts';
import { runStaffCommand, type StaffCommand, type StaffOutcome } from './roles.ts';

/** The owner-only directory under DATA_DIR holding the socket. */
export const CONTROL_DIR = 'control';
export const STAFF_SOCKET = 'staff.sock';

/** Where the staff socket of the shop on `dataDir` is. */
export const staffSocketPath = (dataDir: string) =>
  path.join(path.resolve(dataDir), CONTROL_DIR, STAFF_SOCKET);

const email = z.string().trim().min(3).max(320);
/** The only requests the socket answers. */
export const staffCommandSchema: z.ZodType<StaffCommand> = z.discriminatedUnion('command', [
  z.strictObject({ command: z.literal('add'), email }),
  z.strictObject({ command: z.literal('remove'), email }),
  z.strictObject({ command: z.literal('list') }),
]);

/** A request is one short line; anything longer or slower is dropped. */
const MAX_REQUEST_BYTES = 1024;
const REQUEST_TIMEOUT_MS = 5_000;

/** Parses one request line and runs it; anything else is refused without touching the database. */
async function answer(db: Queryable, line: string): Promise<StaffOutcome> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { ok: false, message: 'Not a staff command' };
  }
  const parsed = staffCommandSchema.safeParse(request);
  if (!parsed.success) return { ok: false, message: 'Not a staff command' };
  return runStaffCommand(db, parsed.data);
}

/** The owner-only directory: created 0700, and refused if it is a link or anyone else's. */
function prepareDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid())) {
    throw new Error(`${dir} is not a directory owned by this user`);
  }
  chmodSync(dir, 0o700);
}

/**
 * Serves staff commands for `db` on DATA_DIR/control/staff.sock until closed. A socket left by a
 * killed server is replaced: the DATA_DIR lock says this process is the only shop here.
 */
export async function serveStaffControl(
  dataDir: string,
  db: Queryable,
): Promise<{ close(): Promise<void> }> {
  const socketPath = staffSocketPath(dataDir);
  prepareDirectory(path.dirname(socketPath));
  rmSync(socketPath, { force: true });
  const server: Server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) return void socket.destroy();
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      answer(db, buffered.slice(0, end))
        .catch((): StaffOutcome => ({ ok: false, message: 'The shop could not run the command' }))
        .then((outcome) => socket.end(`${JSON.stringify(outcome)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}
