import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../paths.ts';
import type { Executor, SqlDatabase } from './sql.ts';

/** A directory of plain .sql files, applied in filename order; `name` prefixes the recorded names. */
export interface MigrationSet {
  name: string;
  dir: string;
}

/**
 * The sets, auth first: public-schema tables reference auth.users. `storage` is Supabase Storage's
 * schema (buckets, objects, and here their bytes), before `public`, whose buckets and policies
 * need it; a hosted Supabase project has its own. `server` holds the server's private tables
 * (schema keebshop), which a hosted Supabase project never needs.
 */
export const MIGRATION_SETS: MigrationSet[] = [
  { name: 'auth', dir: fromRoot('src/server/db/migrations/auth') },
  { name: 'storage', dir: fromRoot('src/server/db/migrations/storage') },
  { name: 'public', dir: fromRoot('supabase/migrations') },
  { name: 'server', dir: fromRoot('src/server/db/migrations/server') },
];

/** Thrown when an applied migration's file changed since: the database and the code disagree. */
export class MigrationChecksumError extends Error {
  constructor(readonly names: string[]) {
    super(
      `Applied migrations were changed after they ran (add a new file instead): ${names.join(', ')}`,
    );
    this.name = 'MigrationChecksumError';
  }
}

// One key for every instance of this service; the lock is held per transaction.
const LOCK_KEY = 7_358_120_481;

const LEDGER = `
  CREATE SCHEMA IF NOT EXISTS keebshop;
  CREATE TABLE IF NOT EXISTS keebshop.migrations (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  );
  REVOKE ALL ON SCHEMA keebshop FROM PUBLIC;
`;

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

async function readSet(set: MigrationSet): Promise<MigrationFile[]> {
  const files = (await readdir(set.dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (f) => {
      const sql = await readFile(path.join(set.dir, f), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      return { name: `${set.name}/${f}`, sql, checksum };
    }),
  );
}

// Every step takes the advisory lock first, so concurrent starts queue instead of racing.
async function locked<T>(db: SqlDatabase, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    return fn(tx);
  });
}

/**
 * Applies every migration not yet recorded, each in its own transaction, and records it.
 * Refuses (before applying anything) when an applied file's checksum changed. Returns the names applied.
 */
export async function runMigrations(
  db: SqlDatabase,
  sets: MigrationSet[] = MIGRATION_SETS,
): Promise<string[]> {
  const files = (await Promise.all(sets.map(readSet))).flat();
  await locked(db, (tx) => tx.exec(LEDGER));

  const { rows } = await db.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM keebshop.migrations',
  );
  const applied = new Map(rows.map((r) => [r.name, r.checksum]));
  const changed = files.filter((f) => applied.has(f.name) && applied.get(f.name) !== f.checksum);
  if (changed.length > 0) throw new MigrationChecksumError(changed.map((f) => f.name));

  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file.name)) continue;
    const ran = await locked(db, async (tx) => {
      // Another instance may have applied it while this one waited for the lock.
      const seen = await tx.query('SELECT 1 FROM keebshop.migrations WHERE name = $1', [file.name]);
      if (seen.rowCount > 0) return false;
      await tx.exec(file.sql);
      await tx.query('INSERT INTO keebshop.migrations (name, checksum) VALUES ($1, $2)', [
        file.name,
        file.checksum,
      ]);
      return true;
    });
    if (ran) done.push(file.name);
  }
  return done;
}
