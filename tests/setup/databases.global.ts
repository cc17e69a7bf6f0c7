// Vitest global set-up: the migrated and the empty PGlite images, and on PostgreSQL the migrated
// template database, are built here once per run, before any test file starts, so that test files
// only copy them (src/server/test-support/database-images.ts).
import {
  ensurePostgresTemplate,
  pgliteImage,
} from '../../src/server/test-support/database-images.ts';
import { testEngines } from '../../src/server/test-support/databases.ts';

export default async function buildDatabasesOnce(): Promise<void> {
  // Every tier needs the PGlite images: the web tests' servers run on PGlite whatever the tier.
  await pgliteImage('migrated');
  await pgliteImage('empty');
  if (testEngines().includes('postgres')) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('the PostgreSQL tier needs DATABASE_URL (README, "Test it")');
    await ensurePostgresTemplate(url);
  }
}
