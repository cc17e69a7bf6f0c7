// `npm run db:types`: writes src/contracts/database.ts from the migrations, applied to a fresh
// PGlite in memory (src/server/db/database-types.ts). Run it after adding a migration that changes
// what the web app reads; the database-types test fails until it has run.
import { writeFile } from 'node:fs/promises';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../src/server/db/database-types.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { openPglite } from '../src/server/db/pglite.ts';

const db = await openPglite(undefined);
try {
  await runMigrations(db);
  await writeFile(DATABASE_TYPES_FILE, await generateDatabaseTypes(db));
  console.log(`Wrote ${DATABASE_TYPES_FILE}`);
} finally {
  await db.close();
}
