import { randomBytes } from 'node:crypto';
import { openPostgres } from '../db/postgres.ts';
import type { SqlDatabase } from '../db/sql.ts';
import {
  ensurePostgresTemplate,
  openImage,
  pgliteImage,
  type ImageKind,
} from './database-images.ts';

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

// The images are built once per run (database-images.ts); a process reads each file once.
const images = new Map<ImageKind, Promise<Blob>>();
function image(kind: ImageKind): Promise<Blob> {
  let found = images.get(kind);
  if (!found) images.set(kind, (found = pgliteImage(kind)));
  return found;
}

/** PGlite in memory, a copy of the migrated (or the empty) image: about half a second. */
export const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  async open({ migrate = true } = {}) {
    return openImage(await image(migrate ? 'migrated' : 'empty'));
  },
};

function postgresTarget(serverUrl: string): DatabaseTarget {
  let template: Promise<string> | undefined;
  return {
    name: 'postgres',
    async open({ migrate = true } = {}) {
      const name = `keebshop_t_${randomBytes(6).toString('hex')}`;
      const admin = await openPostgres(serverUrl, 1);
      try {
        // A copy of the migrated template (made once per run), or an empty database.
        const from = migrate ? await (template ??= ensurePostgresTemplate(serverUrl)) : 'template0';
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${from}`);
      } catch (err) {
        await admin.close();
        throw err;
      }
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const db = await openPostgres(url.toString());
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

function postgresFromEnvironment(): DatabaseTarget {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('a PostgreSQL test needs DATABASE_URL (README, "Test it")');
  return postgresTarget(url);
}

/** The engines of this tier: KEEBSHOP_TEST_ENGINES, set by each Vitest config (default PGlite). */
export function testEngines(): DatabaseTarget['name'][] {
  const names = (process.env.KEEBSHOP_TEST_ENGINES || 'pglite').split(',');
  for (const name of names) {
    if (name !== 'pglite' && name !== 'postgres') throw new Error(`unknown test engine ${name}`);
  }
  return names as DatabaseTarget['name'][];
}

/**
 * The databases this tier runs the engine-dependent suites on: PGlite in `npm test`, PostgreSQL in
 * `npm run test:pg` (a fresh copy of a migrated template per open, dropped on close), both in
 * `npm run test:process` when DATABASE_URL is set. Use with
 * `describe.each(databaseTargets())('... on $name', (target) => ...)`. The files that do are the
 * ones vitest.pg.config.ts lists (tests/unit/test-tiers.test.ts keeps the two in step); a suite
 * whose result cannot depend on the engine uses `pgliteTarget` or startTestServer's default.
 */
export function databaseTargets(): DatabaseTarget[] {
  return testEngines().map((name) =>
    name === 'pglite' ? pgliteTarget : postgresFromEnvironment(),
  );
}
