import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationChecksumError, MIGRATION_SETS, runMigrations } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { databaseTargets, type TestDatabase } from '../test-support/index.ts';

async function allMigrationNames() {
  const names = await Promise.all(
    MIGRATION_SETS.map(async (set) =>
      (await readdir(set.dir))
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .map((f) => `${set.name}/${f}`),
    ),
  );
  return names.flat();
}

async function tempSet(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'keebshop-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return { name: 'extra', dir };
}

describe.each(databaseTargets())('migrations on $name', (target) => {
  const open: TestDatabase[] = [];
  const fresh = async () => {
    const db = await target.open({ migrate: false });
    open.push(db);
    return db;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()));
  });

  it('applies every file once, auth first, records it, and a re-run is a no-op', async () => {
    const db = await fresh();
    const expected = await allMigrationNames();
    expect(expected[0]).toBe('auth/0001_roles_and_helpers.sql');
    expect(await runMigrations(db)).toEqual(expected);
    expect(await runMigrations(db)).toEqual([]);
    const { rows } = await db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM keebshop.migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...expected].sort());
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
    // What the files promise exists.
    const tables = await db.query<{ t: string }>(
      `SELECT table_schema || '.' || table_name AS t FROM information_schema.tables
       WHERE table_schema IN ('auth', 'public') ORDER BY 1`,
    );
    expect(tables.rows.map((r) => r.t)).toEqual(
      expect.arrayContaining([
        'auth.users',
        'auth.sessions',
        'auth.refresh_tokens',
        'public.orders',
      ]),
    );
  });

  it('refuses to start when an applied file changed, and applies nothing then', async () => {
    const db = await fresh();
    const set = await tempSet({ '001_a.sql': 'CREATE TABLE extra_a (id int);' });
    expect(await runMigrations(db, [set])).toEqual(['extra/001_a.sql']);
    await writeFile(path.join(set.dir, '001_a.sql'), 'CREATE TABLE extra_a (id bigint);');
    await writeFile(path.join(set.dir, '002_b.sql'), 'CREATE TABLE extra_b (id int);');
    const failure = runMigrations(db, [set]);
    await expect(failure).rejects.toBeInstanceOf(MigrationChecksumError);
    await expect(failure).rejects.toThrow('extra/001_a.sql');
    const b = await db.query(`SELECT to_regclass('public.extra_b') AS t`);
    expect(b.rows[0]).toEqual({ t: null });
  });

  it('rolls a failing file back whole and does not record it', async () => {
    const db = await fresh();
    const set = await tempSet({
      '001_ok.sql': 'CREATE TABLE extra_ok (id int);',
      '002_bad.sql': 'CREATE TABLE extra_half (id int);\nSELECT no_such_function();',
    });
    await expect(runMigrations(db, [set])).rejects.toThrow(/no_such_function/);
    const { rows } = await db.query<{ ok: string | null; half: string | null }>(
      `SELECT to_regclass('public.extra_ok')::text AS ok, to_regclass('public.extra_half')::text AS half`,
    );
    expect(rows[0]).toEqual({ ok: 'extra_ok', half: null });
    const recorded = await db.query<{ name: string }>('SELECT name FROM keebshop.migrations');
    expect(recorded.rows.map((r) => r.name)).toEqual(['extra/001_ok.sql']);
  });

  it('lets two instances start together: both succeed, each file applied once', async () => {
    const db = await fresh();
    // On PostgreSQL the second instance has its own pool, as a second process would.
    const other = db.url ? await openPostgres(db.url) : db;
    try {
      const [first, second] = await Promise.all([runMigrations(db), runMigrations(other)]);
      expect([...first, ...second].sort()).toEqual((await allMigrationNames()).sort());
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM keebshop.migrations',
      );
      expect(rows[0]!.n).toBe((await allMigrationNames()).length);
    } finally {
      if (other !== db) await other.close();
    }
  });
});
