// A new DATA_DIR from the build's template (pglite-template.ts): used only when its marker names the
// installed PGlite, and never mistaken for a database while half copied.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopDatabase } from '../lifecycle/database.ts';
import { runMigrations } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { hasDatabase, initPgliteDir } from './pglite-init.ts';
import { expectedMarker, installedPgliteVersion, type PgliteTemplate } from './pglite-template.ts';

let root: string;
let template: PgliteTemplate;
let dirs = 0;
const newDataDir = () => path.join(root, `data-${++dirs}`);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'keebshop-template-'));
  template = { dir: path.join(root, 'pgdata-template'), marker: path.join(root, 'marker.json') };
  await initPgliteDir(template.dir);
  // A file initdb never makes, to tell a copy of this template from a directory made by initdb.
  writeFileSync(path.join(template.dir, 'made-from-template'), '');
  writeFileSync(template.marker, JSON.stringify(expectedMarker()));
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a new DATA_DIR from the PGlite template', () => {
  it('opens and migrates a copy of a matching template', async () => {
    const dataDir = newDataDir();
    const db = await openPglite(dataDir, { template });
    expect(existsSync(path.join(dataDir, 'made-from-template'))).toBe(true);
    expect((await runMigrations(db)).length).toBeGreaterThan(0);
    expect((await db.query('SELECT count(*)::int AS n FROM keebshop.migrations')).rows).toEqual([
      { n: expect.any(Number) },
    ]);
    await db.close();
    // Reopened as any existing directory: the migrations are all recorded.
    const again = await openPglite(dataDir, { template });
    expect(await runMigrations(again)).toEqual([]);
    await again.close();
    expect(readdirSync(dataDir).filter((n) => n.startsWith('.pgdata-template'))).toEqual([]);
  }, 60_000);

  it('runs initdb instead when the marker names another PGlite version', async () => {
    const stale: PgliteTemplate = { ...template, marker: path.join(root, 'stale.json') };
    writeFileSync(stale.marker, JSON.stringify({ ...expectedMarker(), pglite: '0.0.1' }));
    expect(installedPgliteVersion()).not.toBe('0.0.1');
    const dataDir = newDataDir();
    const db = await openPglite(dataDir, { template: stale });
    expect(existsSync(path.join(dataDir, 'made-from-template'))).toBe(false);
    expect(hasDatabase(dataDir)).toBe(true);
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await db.close();
  }, 60_000);

  it('runs initdb instead when there is no template', async () => {
    const missing = { dir: path.join(root, 'none'), marker: path.join(root, 'none.json') };
    const dataDir = newDataDir();
    const db = await openPglite(dataDir, { template: missing });
    expect(hasDatabase(dataDir)).toBe(true);
    await db.close();
  }, 60_000);

  it('does not take an interrupted copy for a database, and starts it over', async () => {
    const dataDir = newDataDir();
    // One copy stopped while moving its entries into place (global already moved), one while
    // copying (no list yet), beside the lock file.
    const moving = path.join(dataDir, '.pgdata-template-copy.999998');
    mkdirSync(path.join(moving, 'base'), { recursive: true });
    writeFileSync(
      path.join(moving, '.moving.json'),
      JSON.stringify(['base', 'global', 'PG_VERSION']),
    );
    mkdirSync(path.join(dataDir, 'global'));
    mkdirSync(path.join(dataDir, '.pgdata-template-copy.999999', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'keebshop.lock'), 'not the copy\n');
    expect(hasDatabase(dataDir)).toBe(false);

    const db = await openPglite(dataDir, { template });
    expect((await runMigrations(db)).length).toBeGreaterThan(0);
    await db.close();
    const names = readdirSync(dataDir);
    expect(names.filter((n) => n.startsWith('.pgdata-template'))).toEqual([]);
    // What is not the copy's is left alone.
    expect(names).toContain('keebshop.lock');
    expect(names).toContain('made-from-template');
  }, 60_000);

  it('lets the server start over an interrupted copy, not over damage', async () => {
    const dataDir = newDataDir();
    const moving = path.join(dataDir, '.pgdata-template-copy.999998');
    mkdirSync(moving, { recursive: true });
    writeFileSync(path.join(moving, '.moving.json'), JSON.stringify(['global', 'PG_VERSION']));
    mkdirSync(path.join(dataDir, 'global'));
    const db = await openShopDatabase({ dataDir, databaseUrl: undefined });
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await db.close();

    // The same files without the copy's list are a database missing PG_VERSION.
    const damaged = newDataDir();
    mkdirSync(path.join(damaged, 'global'), { recursive: true });
    await expect(openShopDatabase({ dataDir: damaged, databaseUrl: undefined })).rejects.toThrow(
      /is damaged: its database files lack PG_VERSION/,
    );
  }, 60_000);
});
