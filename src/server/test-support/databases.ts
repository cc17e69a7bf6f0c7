import { randomBytes } from 'node:crypto';
import { runMigrations } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { SqlDatabase } from '../db/sql.ts';

/** A fresh database for one test file or test; close() also deletes it. */
export interface TestDatabase extends SqlDatabase {
  /** PostgreSQL only: the connection string, to open more pools (e.g. a second instance). */
  url?: string;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** Opens a FRESH database, migrated unless `migrate: false`. */
  open(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

// initdb takes seconds on PGlite; snapshots made once per worker open in about 0.5 s.
let emptySnapshot: Promise<Blob> | undefined;
let migratedSnapshot: Promise<Blob> | undefined;
async function dumpOf(prepare: (db: SqlDatabase) => Promise<unknown>): Promise<Blob> {
  const db = await openPglite(undefined);
  try {
    await prepare(db);
    return await db.dump();
  } finally {
    await db.close();
  }
}
function snapshot(migrated: boolean): Promise<Blob> {
  if (migrated) return (migratedSnapshot ??= dumpOf(runMigrations));
  return (emptySnapshot ??= dumpOf(async () => {}));
}

const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  async open({ migrate = true } = {}) {
    return openPglite(undefined, { loadDataDir: await snapshot(migrate) });
  },
};

function postgresTarget(serverUrl: string): DatabaseTarget {
  return {
    name: 'postgres',
    async open({ migrate = true } = {}) {
      const name = `keebshop_t_${randomBytes(6).toString('hex')}`;
      const admin = await openPostgres(serverUrl, 1);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const db = await openPostgres(url.toString());
      if (migrate) await runMigrations(db);
      return {
        ...db,
        url: url.toString(),
        async close() {
          await db.close();
          try {
            await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await admin.close();
          }
        },
      };
    },
  };
}

/**
 * The databases every server test runs on: PGlite always, PostgreSQL too when DATABASE_URL is set
 * (a fresh `keebshop_t_<random>` database on that server per open, dropped on close).
 * Use with `describe.each(databaseTargets())('... on $name', (target) => ...)`.
 */
export function databaseTargets(): DatabaseTarget[] {
  const url = process.env.DATABASE_URL;
  return url ? [pgliteTarget, postgresTarget(url)] : [pgliteTarget];
}
