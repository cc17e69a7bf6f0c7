// `npm run staff -- add|remove <email>` and `npm run staff -- list` (docs/operations.md, Staff):
// on PostgreSQL straight to the database; on PGlite through the running shop's staff socket, or,
// when no shop runs, by opening DATA_DIR itself under the same lock as the server.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { openPglite } from '../db/pglite.ts';
import { openShopDatabase } from '../lifecycle/database.ts';
import { lockDataDir } from '../lifecycle/data-dir-lock.ts';
import { StartupError } from '../lifecycle/startup-error.ts';
import { staffSocketPath } from './control-socket.ts';
import { runStaffCommand, type StaffCommand, type StaffOutcome } from './roles.ts';

export const USAGE = 'Usage: npm run staff -- add <email> | remove <email> | list';

/** The command of `argv` (after `--`), or undefined when it is not one. */
export function parseStaffArgs(argv: readonly string[]): StaffCommand | undefined {
  const [command, email, ...rest] = argv;
  if (rest.length > 0) return undefined;
  if ((command === 'add' || command === 'remove') && email) return { command, email };
  if (command === 'list' && email === undefined) return { command };
  return undefined;
}

/** Sends `cmd` to the shop listening on `socketPath`; undefined when none listens there. */
function askRunningShop(socketPath: string, cmd: StaffCommand): Promise<StaffOutcome | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let reply = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new StartupError('The running shop did not answer the staff command.'));
    });
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(cmd)}\n`);
    });
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(reply) as StaffOutcome);
      } catch {
        reject(new StartupError('The running shop sent no answer to the staff command.'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // No socket, or one a killed shop left behind: no shop is listening.
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(err);
    });
  });
}

/** Opens DATA_DIR as the server would, taking its lock so no shop starts meanwhile. */
async function runOnDataDir(dataDir: string, cmd: StaffCommand): Promise<StaffOutcome> {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new StartupError(`DATA_DIR ${dir} holds no shop database: start the shop once first.`);
  }
  const lock = await lockDataDir(dir);
  try {
    const db = await openPglite(dir);
    try {
      const { rows } = await db.query<{ users: string | null }>(
        "SELECT to_regclass('auth.users')::text AS users",
      );
      if (!rows[0]?.users) {
        throw new StartupError(`DATA_DIR ${dir} holds no accounts yet: start the shop once first.`);
      }
      return await runStaffCommand(db, cmd);
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/** Runs one staff command on the shop's database, whichever way reaches it. */
export async function runStaffCli(
  config: { dataDir: string; databaseUrl: string | undefined },
  cmd: StaffCommand,
): Promise<StaffOutcome> {
  if (config.databaseUrl) {
    const db = await openShopDatabase(config);
    try {
      return await runStaffCommand(db, cmd);
    } finally {
      await db.close();
    }
  }
  const viaShop = await askRunningShop(staffSocketPath(config.dataDir), cmd);
  return viaShop ?? runOnDataDir(config.dataDir, cmd);
}
