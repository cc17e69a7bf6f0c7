// Opening the shop's database at start, with one line for each way it can fail: PGlite says only
// "failed to initialize properly" and pg throws a driver dump, so the causes are found here.
import { accessSync, constants, existsSync, readdirSync, statfsSync, type Dirent } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type SqlDatabase } from '../db/open.ts';
import type { PgliteSettings } from '../db/pglite-settings.ts';
import { interruptedCopyNames } from '../db/pglite-template.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import { errorCode, oneLine, StartupError } from './startup-error.ts';

/** Below this free space PostgreSQL cannot even replay its log and start (one WAL segment). */
const MIN_FREE_BYTES = 16 * 1024 * 1024;
/** A fresh database takes about 40 MB; a failed open with less than this free was the disk. */
const LOW_FREE_BYTES = 64 * 1024 * 1024;
/** What may sit in a DATA_DIR before its database is created. */
const OURS = new Set([LOCK_FILE, 'payments-sandbox', 'lost+found']);
const PG_CONNECT_TIMEOUT_MS = 10_000;
const RESTORE = 'restore from a backup (docs/operations.md, Backups)';

/** Opens PostgreSQL or PGlite as main.ts does, or throws a StartupError saying what is wrong. */
export async function openShopDatabase(config: {
  dataDir: string;
  databaseUrl: string | undefined;
  pglite?: PgliteSettings;
}): Promise<SqlDatabase> {
  if (config.databaseUrl) {
    await probePostgres(config.databaseUrl);
    return openDatabase(config).catch((err: unknown) => {
      throw postgresProblem(config.databaseUrl as string, err);
    });
  }
  const dir = path.resolve(config.dataDir);
  checkDataDir(dir);
  return openDatabase(config).catch((err: unknown) => {
    throw pgliteProblem(dir, err);
  });
}

// ---- The operator's commands on an existing shop (`npm run keys:rotate`...)

/**
 * PGlite: refuses a DATA_DIR that holds no database, before the lock or PGlite would create
 * anything in it (a mistyped DATA_DIR must not become a new, empty shop).
 */
export function checkShopDataDir(dataDir: string): void {
  const dir = path.resolve(dataDir);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const what = existsSync(dir) ? 'holds no shop database' : 'does not exist';
  throw new StartupError(
    `DATA_DIR ${dir} ${what}: set DATA_DIR to the shop's, or start the shop once to create it.`,
  );
}

/**
 * Refuses a database the shop never migrated (its migration ledger, keebshop.migrations, is
 * missing), before anything is written to it: the command must not create the shop's schema in a
 * database DATABASE_URL or DATA_DIR names by mistake.
 */
export async function checkShopSchema(
  db: SqlDatabase,
  config: { dataDir: string; databaseUrl: string | undefined },
): Promise<void> {
  const { rows } = await db.query<{ ledger: string | null }>(
    "SELECT to_regclass('keebshop.migrations')::text AS ledger",
  );
  if (rows[0]?.ledger) return;
  const where = config.databaseUrl
    ? `PostgreSQL at ${describeTarget(config.databaseUrl).where} (DATABASE_URL)`
    : `DATA_DIR ${path.resolve(config.dataDir)}`;
  const which = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
  throw new StartupError(
    `${where} holds no shop database (no keebshop.migrations): set ${which} to the shop's, or start the shop once to create it.`,
  );
}

// ---- PostgreSQL

/** One connection with a time limit: an unreachable host fails in seconds, not minutes. */
async function probePostgres(url: string): Promise<void> {
  // Loaded here: a shop on PGlite never needs the PostgreSQL driver.
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    throw postgresProblem(url, err);
  } finally {
    await client.end().catch(() => {});
  }
}

/** host:port/database and user of a DATABASE_URL; never its password. */
function describeTarget(url: string): { where: string; password: string } {
  try {
    // A user without a host (a Unix socket given as ?host=) is valid for pg, not for URL.
    const u = new URL(url.replace('@/', '@localhost/'));
    const host = u.searchParams.get('host') ?? (u.hostname || 'localhost');
    const user = decodeURIComponent(u.username) || os.userInfo().username;
    const database = decodeURIComponent(u.pathname.slice(1)) || user;
    return {
      where: `${host}:${u.port || 5432}, database ${database}, user ${user}`,
      password: decodeURIComponent(u.password),
    };
  } catch {
    return { where: 'DATABASE_URL', password: '' };
  }
}

function postgresProblem(url: string, err: unknown): StartupError {
  // Connecting to a name with several addresses fails with an AggregateError of them all.
  const first = (err as { errors?: unknown[] }).errors?.[0] ?? err;
  const code = errorCode(err) ?? errorCode(first);
  const { where, password } = describeTarget(url);
  const causes: Record<string, string> = {
    ECONNREFUSED: 'connection refused (is PostgreSQL running there?)',
    ENOTFOUND: 'the host name does not resolve',
    EAI_AGAIN: 'the host name does not resolve',
    ETIMEDOUT: `no answer within ${PG_CONNECT_TIMEOUT_MS / 1000} s`,
    EHOSTUNREACH: 'the host is unreachable',
    ENOENT: 'no PostgreSQL socket there',
  };
  let cause = (code && causes[code]) ?? oneLine(first);
  if (/timeout/i.test(cause)) cause = causes.ETIMEDOUT as string;
  if (password) cause = cause.split(password).join('***');
  return new StartupError(`Cannot connect to PostgreSQL at ${where} (DATABASE_URL): ${cause}.`);
}

// ---- PGlite

function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Before PGlite opens it: a directory with files but no database is never initialised over. */
function checkDataDir(dir: string): void {
  const names = entries(dir).map((e) => e.name);
  if (!names.includes('PG_VERSION')) {
    // A copy of the template stopped part way is redone (src/server/db/pglite-template.ts).
    const copying = new Set(interruptedCopyNames(dir));
    const foreign = names.filter(
      (n) => !OURS.has(n) && !n.startsWith(`${LOCK_FILE}.`) && !copying.has(n),
    );
    if (foreign.includes('global') || foreign.includes('base')) {
      throw new StartupError(
        `DATA_DIR ${dir} is damaged: its database files lack PG_VERSION; ${RESTORE}.`,
      );
    }
    if (foreign.length > 0) {
      throw new StartupError(
        `DATA_DIR ${dir} holds other files (${foreign.slice(0, 3).join(', ')}) and no database: point DATA_DIR at an empty or new directory.`,
      );
    }
  }
  const free = freeBytes(dir);
  if (free !== null && free < MIN_FREE_BYTES) throw diskFull(dir, free);
}

function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

function diskFull(dir: string, free: number): StartupError {
  const mb = (free / 1024 / 1024).toFixed(1);
  return new StartupError(
    `DATA_DIR ${dir} cannot be used: its disk is full (${mb} MB free); free some space and start again.`,
  );
}

/** The first entry under `dir` this process may not write, looking at a few thousand at most. */
function firstUnwritable(dir: string): string | null {
  const queue = [dir];
  let seen = 0;
  while (queue.length > 0 && seen < 5000) {
    const current = queue.shift() as string;
    try {
      accessSync(current, constants.R_OK | constants.W_OK);
    } catch {
      return current;
    }
    for (const entry of entries(current)) {
      seen += 1;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) queue.push(full);
      else {
        try {
          accessSync(full, constants.R_OK | constants.W_OK);
        } catch {
          return full;
        }
      }
    }
  }
  return null;
}

/** Why PGlite could not open `dir`: permissions, a full disk, or else damage. */
function pgliteProblem(dir: string, err: unknown): StartupError {
  const unwritable = firstUnwritable(dir);
  if (unwritable) {
    return new StartupError(
      `DATA_DIR ${dir} cannot be used: ${unwritable} is not writable by this process (user ${os.userInfo().username}); fix its owner or permissions.`,
    );
  }
  const free = freeBytes(dir);
  if (free !== null && free < LOW_FREE_BYTES) return diskFull(dir, free);
  const detail = err instanceof Error ? oneLine(err) : 'it failed to open';
  return new StartupError(
    `DATA_DIR ${dir} holds a database that cannot be opened (PGlite: ${detail}): it is damaged; ${RESTORE}.`,
  );
}
