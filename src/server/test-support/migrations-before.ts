// The migration sets as they stood before one public migration: for tests that fill a database
// the way an older shop held it, then upgrade it with the rest.
import { mkdtemp, readdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATION_SETS, type MigrationSet } from '../db/migrate.ts';

/** Every set as today, the public one cut before `file` (same set name, so the ledger matches). */
export async function migrationSetsBefore(file: string): Promise<MigrationSet[]> {
  const pub = MIGRATION_SETS.find((s) => s.name === 'public');
  if (!pub) throw new Error('no public migration set');
  const dir = await mkdtemp(path.join(tmpdir(), 'keebshop-migrations-before-'));
  for (const name of await readdir(pub.dir)) {
    if (name.endsWith('.sql') && name < file) {
      await symlink(path.join(pub.dir, name), path.join(dir, name));
    }
  }
  return MIGRATION_SETS.map((set) => (set === pub ? { ...set, dir } : set));
}
