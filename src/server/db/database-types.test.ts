// The web app's database types (src/contracts/database.ts) are what the migrations make: generated
// again from a migrated database, they are the committed file to the byte.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTarget, type TestDatabase } from '../test-support/index.ts';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './database-types.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await pgliteTarget.open();
});
afterAll(() => db.close());

describe('src/contracts/database.ts', () => {
  it('is generated from the migrations (if not: npm run db:types)', async () => {
    const generated = await generateDatabaseTypes(db);
    expect(await readFile(DATABASE_TYPES_FILE, 'utf8')).toBe(generated);
  });
});
