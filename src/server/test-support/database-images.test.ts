// The test databases are built once and copied (database-images.ts): an image or a template is
// keyed by the migrations, made on first use, found again afterwards, replaced when a migration
// changes, and every open is a migrated database of its own.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MigrationSet } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import type { SqlDatabase } from '../db/sql.ts';
import {
  ensurePostgresTemplate,
  migrationsKey,
  openImage,
  pgliteImage,
  pgliteImagePath,
  postgresTemplateName,
} from './database-images.ts';
import { databaseTargets } from './databases.ts';

let base: string;
let migrations: string;
let sets: MigrationSet[];

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-images-'));
  migrations = path.join(base, 'migrations');
  mkdirSync(migrations);
  writeFileSync(path.join(migrations, '001_parts.sql'), 'CREATE TABLE parts (name text);');
  sets = [{ name: 'test', dir: migrations }];
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** An image's SHA-256: two images compared without a 40 MB diff. */
async function digest(image: Blob): Promise<string> {
  return createHash('sha256')
    .update(new Uint8Array(await image.arrayBuffer()))
    .digest('hex');
}

/** The migrations a database records as applied; the database is closed after. */
async function appliedAndClosed(db: SqlDatabase): Promise<string[]> {
  try {
    const { rows } = await db.query<{ name: string }>(
      `SELECT name FROM keebshop.migrations ORDER BY name`,
    );
    return rows.map((r) => r.name);
  } finally {
    await db.close();
  }
}

/** A second migration, added or changed by a test. */
function writeSecond(sql: string): void {
  writeFileSync(path.join(migrations, '002_more.sql'), sql);
}

describe('the key of the migrated database', () => {
  it('changes when a migration is added, edited or renamed, and not for other files', () => {
    const first = migrationsKey(sets);
    expect(migrationsKey(sets)).toBe(first);
    writeFileSync(path.join(migrations, 'README.txt'), 'not a migration');
    expect(migrationsKey(sets)).toBe(first);

    writeSecond('CREATE TABLE boards (name text);');
    const added = migrationsKey(sets);
    writeSecond('CREATE TABLE boards (name text, keys int);');
    const edited = migrationsKey(sets);
    renameSync(path.join(migrations, '002_more.sql'), path.join(migrations, '003_more.sql'));
    const renamed = migrationsKey(sets);
    rmSync(path.join(migrations, '003_more.sql'));

    expect(new Set([first, added, edited, renamed]).size).toBe(4);
    expect(migrationsKey(sets)).toBe(first);
  });

  it("is the shop's own by default, and names its image and template", () => {
    expect(migrationsKey()).toMatch(/^[0-9a-f]{16}$/);
    expect(migrationsKey()).not.toBe(migrationsKey(sets));
    expect(path.basename(pgliteImagePath('migrated'))).toBe(
      `pglite-migrated-${migrationsKey()}.tar`,
    );
    expect(postgresTemplateName()).toBe(`keebshop_template_${migrationsKey()}`);
  });
});

describe('a PGlite image', () => {
  it('is made on first use, then read from its file, and replaced when a migration changes', async () => {
    const dir = path.join(base, 'images');
    const made = await pgliteImage('migrated', { sets, dir });
    const file = pgliteImagePath('migrated', { sets, dir });
    const migratedImages = () => readdirSync(dir).filter((f) => f.startsWith('pglite-migrated-'));
    expect(migratedImages()).toEqual([path.basename(file)]);
    const written = statSync(file).mtimeMs;

    const again = await pgliteImage('migrated', { sets, dir });
    expect(statSync(file).mtimeMs).toBe(written);
    expect(await digest(again)).toBe(await digest(made));

    writeSecond('CREATE TABLE boards (name text);');
    try {
      await pgliteImage('migrated', { sets, dir });
      const changed = pgliteImagePath('migrated', { sets, dir });
      expect(changed).not.toBe(file);
      expect(migratedImages()).toEqual([path.basename(changed)]);
      const db = await openImage(await pgliteImage('migrated', { sets, dir }));
      expect(await appliedAndClosed(db)).toEqual(['test/001_parts.sql', 'test/002_more.sql']);
    } finally {
      rmSync(path.join(migrations, '002_more.sql'));
    }
  });
});

describe.each(databaseTargets())('test databases on $name', (target) => {
  it('are each a migrated database of their own', async () => {
    const [one, two] = await Promise.all([target.open(), target.open()]);
    try {
      const applied = `SELECT count(*)::int AS n FROM keebshop.migrations`;
      expect((await one!.query<{ n: number }>(applied)).rows[0]!.n).toBeGreaterThan(0);
      await one!.query(`CREATE TABLE only_here (n int)`);
      const there = await two!.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_here'`,
      );
      expect(there.rows[0]!.n).toBe(0);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
  });

  it('are empty when asked for no migrations', async () => {
    const db = await target.open({ migrate: false });
    try {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_namespace WHERE nspname IN ('keebshop', 'auth')`,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await db.close();
    }
  });
});

// Templates on the PostgreSQL tier's server, under a prefix of this file's own, so the shop's
// template (which other test files are copying meanwhile) is never touched.
describe.each(databaseTargets().filter((t) => t.name === 'postgres'))('a template on $name', () => {
  const prefix = `keebshop_images_test_${process.pid}`;
  const serverUrl = process.env.DATABASE_URL as string;
  const databases = async (): Promise<string[]> => {
    const admin = await openPostgres(serverUrl, 1);
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
        [prefix],
      );
      return rows.map((r) => r.datname);
    } finally {
      await admin.close();
    }
  };
  afterAll(async () => {
    const admin = await openPostgres(serverUrl, 1);
    try {
      for (const name of await databases()) {
        await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE false`);
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      }
    } finally {
      await admin.close();
    }
  });

  it('is built once, rebuilt past a build cut short, and replaced when a migration changes', async () => {
    const name = await ensurePostgresTemplate(serverUrl, { sets, prefix });
    expect(name).toBe(postgresTemplateName({ sets, prefix }));
    expect(await ensurePostgresTemplate(serverUrl, { sets, prefix })).toBe(name);
    expect(await databases()).toEqual([name]);

    writeSecond('CREATE TABLE boards (name text);');
    try {
      // A build of the new migrations that stopped half way, as a killed run leaves it.
      const admin = await openPostgres(serverUrl, 1);
      const next = postgresTemplateName({ sets, prefix });
      await admin.query(`CREATE DATABASE ${next}_building`);
      await admin.close();

      expect(await ensurePostgresTemplate(serverUrl, { sets, prefix })).toBe(next);
      expect(await databases()).toEqual([next]);
      const url = new URL(serverUrl);
      url.pathname = `/${next}`;
      const copy = await openPostgres(url.toString(), 1);
      expect(await appliedAndClosed(copy)).toEqual(['test/001_parts.sql', 'test/002_more.sql']);
    } finally {
      rmSync(path.join(migrations, '002_more.sql'));
    }
  });
});
