// The databases tests start from, built once and then copied: a PGlite image (a dump of a data
// directory) in a file, and on PostgreSQL a template database. Both are keyed by a hash of every
// migration file, PGlite's version and the recipe below, so a run reuses what an earlier run built
// until a migration changes (docs/decisions/0041-test-strategy.md). The global set-up of each
// Vitest tier builds them before any test file starts; a test file run some other way builds (or
// finds) them itself, the same way.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATION_SETS, runMigrations, type MigrationSet } from '../db/migrate.ts';
import { installedPgliteVersion } from '../db/pglite-template.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { SqlDatabase } from '../db/sql.ts';
import { fromRoot } from '../paths.ts';

/** Bumped when the way images are made changes (not their migrations). */
const RECIPE = 'keebshop test images v1: runMigrations over PGlite.create() defaults, dumpDataDir';

/** Where and from what images are made; the defaults are the shop's own (tests use others). */
export interface ImageOptions {
  /** The migrations a migrated image holds. */
  sets?: MigrationSet[];
  /** The folder of the PGlite images (npm's usual cache folder by default; never committed). */
  dir?: string;
  /** The name of a PostgreSQL template is this prefix, `_` and the key. */
  prefix?: string;
}

const DEFAULTS = {
  sets: MIGRATION_SETS,
  dir: fromRoot('node_modules/.cache/keebshop/test-databases'),
  prefix: 'keebshop_template',
} satisfies Required<ImageOptions>;

/** A hash of what a migrated database is made of: every migration file, PGlite and the recipe. */
export function migrationsKey(sets: MigrationSet[] = DEFAULTS.sets): string {
  const hash = createHash('sha256').update(RECIPE).update(installedPgliteVersion());
  for (const set of sets) {
    for (const file of readdirSync(set.dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      hash.update(`\0${set.name}/${file}\0`).update(readFileSync(path.join(set.dir, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

export type ImageKind = 'migrated' | 'empty';

/** The file an image of `kind` lives in, for today's migrations (the empty one: PGlite's). */
export function pgliteImagePath(kind: ImageKind, options: ImageOptions = {}): string {
  const { sets, dir } = { ...DEFAULTS, ...options };
  return path.join(dir, `pglite-${kind}-${migrationsKey(kind === 'empty' ? [] : sets)}.tar`);
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/**
 * The image of `kind`: read from its file, or made and written there first (the empty one by
 * initdb, the migrated one by migrating a copy of the empty one), removing the images of older
 * migrations. Two processes making it at once each write a whole file and rename it into place,
 * so a reader never sees half of one.
 */
export async function pgliteImage(kind: ImageKind, options: ImageOptions = {}): Promise<Blob> {
  const { sets, dir } = { ...DEFAULTS, ...options };
  const file = pgliteImagePath(kind, { sets, dir });
  const found = await readIfPresent(file);
  if (found) return new Blob([found as Uint8Array<ArrayBuffer>]);
  const db =
    kind === 'empty'
      ? await openPglite(undefined)
      : await openImage(await pgliteImage('empty', { dir }));
  let image: Blob;
  try {
    if (kind === 'migrated') await runMigrations(db, sets);
    image = await db.dump();
  } finally {
    await db.close();
  }
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
  await rename(partial, file);
  const stale = readdirSync(dir).filter(
    (name) =>
      name.startsWith(`pglite-${kind}-`) && name.endsWith('.tar') && name !== path.basename(file),
  );
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
  return image;
}

/** The name of the migrated template database for today's migrations. */
export function postgresTemplateName(options: ImageOptions = {}): string {
  const { sets, prefix } = { ...DEFAULTS, ...options };
  return `${prefix}_${migrationsKey(sets)}`;
}

// Serialises template builds across processes on one server (runMigrations' own key differs).
const TEMPLATE_LOCK_KEY = 7_358_120_482;

/**
 * Makes sure the server of `serverUrl` holds a migrated template database for today's migrations
 * and answers its name. It is built under another name and renamed once complete, so a build cut
 * short is never used (and is dropped by the next build); templates of older migrations are
 * dropped. Nothing stays connected to it: `CREATE DATABASE ... TEMPLATE` needs that.
 */
export async function ensurePostgresTemplate(
  serverUrl: string,
  options: ImageOptions = {},
): Promise<string> {
  const { sets, prefix } = { ...DEFAULTS, ...options };
  const name = postgresTemplateName({ sets, prefix });
  const building = `${name}_building`;
  const admin = await openPostgres(serverUrl, 1);
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rows } = await admin.query<{ datname: string }>(
      // The prefix is ours (letters and underscores): LIKE's own wildcard `_` is escaped.
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${prefix.replace(/_/g, '\\_')}\\_%`],
    );
    for (const { datname } of rows) {
      if (datname === name) continue;
      await admin.query(`ALTER DATABASE ${datname} IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    if (!rows.some((r) => r.datname === name)) {
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const db = await openPostgres(url.toString(), 1);
      try {
        await runMigrations(db, sets);
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE true`);
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.close();
  }
}

/** Opens a PGlite database in memory from an image. */
export function openImage(image: Blob): Promise<SqlDatabase & { dump(): Promise<Blob> }> {
  return openPglite(undefined, { loadDataDir: image });
}
