// `npm run check-data`: checks the integrity of the shop's database (the one `npm start` would
// use: DATABASE_URL, or PGlite in DATA_DIR) with PostgreSQL's amcheck: every index against its
// table, every table's pages. Run it after restoring a backup, or when the data looks wrong.
// Exits 0 when all is consistent, 1 with what is not (docs/operations.md, Backups).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import {
  checkIntegrity,
  checkPgliteIntegrity,
  type IntegrityReport,
} from '../src/server/db/integrity.ts';
import { lockDataDir } from '../src/server/lifecycle/data-dir-lock.ts';
import { openShopDatabase } from '../src/server/lifecycle/database.ts';
import { StartupError } from '../src/server/lifecycle/startup-error.ts';

const RESTORE = 'restore from a backup (docs/operations.md, Backups)';

async function checkPglite(dataDir: string): Promise<IntegrityReport> {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new StartupError(`DATA_DIR ${dir} holds no database (no PG_VERSION).`);
  }
  // The server must not have it open meanwhile: the same lock as the server's.
  const lock = await lockDataDir(dir);
  try {
    let pg: PGlite;
    try {
      pg = await PGlite.create({ dataDir: dir, extensions: { amcheck } });
    } catch (err) {
      const detail = err instanceof Error ? err.message : 'it failed to open';
      throw new StartupError(`DATA_DIR ${dir} cannot be opened (PGlite: ${detail}); ${RESTORE}.`);
    }
    try {
      return await checkPgliteIntegrity(pg);
    } finally {
      await pg.close();
    }
  } finally {
    lock.release();
  }
}

async function checkPostgres(url: string): Promise<IntegrityReport> {
  const db = await openShopDatabase({ dataDir: '', databaseUrl: url });
  try {
    return await checkIntegrity(db);
  } catch (err) {
    // CREATE EXTENSION amcheck needs a superuser (or one who has created it already).
    const message = err instanceof Error ? err.message : String(err);
    throw new StartupError(`The check could not run on PostgreSQL: ${message}.`);
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `DATA_DIR ${config.dataDir}`;
  const report = config.databaseUrl
    ? await checkPostgres(config.databaseUrl)
    : await checkPglite(config.dataDir);
  const checked = `${report.indexes} indexes and ${report.tables} tables of ${where}`;
  if (report.problems.length === 0) {
    console.log(`ok: ${checked} checked, all consistent.`);
    return 0;
  }
  for (const problem of report.problems) console.log(`corrupt: ${problem}`);
  console.log(`${report.problems.length} problems in ${checked}: ${RESTORE}.`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof StartupError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
