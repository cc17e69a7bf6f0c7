// PGlite as the server opens it: a new DATA_DIR made by a child process (so initdb's memory is not
// kept), then opened with the shop's memory settings (docs/operations.md, Memory).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openPglite } from './pglite.ts';
import { initPgliteDir } from './pglite-init.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keebshop-pglite-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const setting = async (db: Awaited<ReturnType<typeof openPglite>>, name: string) =>
  (await db.query<{ v: string }>(`SELECT current_setting($1) AS v`, [name])).rows[0]?.v;

describe('openPglite', () => {
  it('creates a new DATA_DIR that keeps its data and initdb settings across a restart', async () => {
    const dataDir = path.join(tempDir(), 'data');
    let db = await openPglite(dataDir);
    await db.exec('CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$still here$$)');
    expect(await setting(db, 'shared_buffers')).toBe('16MB');
    // initdb's postgresql.conf is the directory's own, not replaced by the start settings.
    expect(await setting(db, 'TimeZone')).toBe('UTC');
    await db.close();

    db = await openPglite(dataDir);
    expect((await db.query('SELECT note FROM kept')).rows).toEqual([{ note: 'still here' }]);
    await db.close();
  }, 60_000);

  it('uses PGLITE_SHARED_BUFFERS_MB', async () => {
    const { pglite } = loadConfig({ PGLITE_SHARED_BUFFERS_MB: '8', PGLITE_OPTIMIZE_WASM: 'true' });
    expect(pglite).toEqual({ sharedBuffersMb: 8, optimizeWasm: true });
    const db = await openPglite(path.join(tempDir(), 'data'), { settings: pglite });
    expect(await setting(db, 'shared_buffers')).toBe('8MB');
    await db.close();
  }, 60_000);

  it("says why a new directory could not be created, in initdb's words", async () => {
    const file = path.join(tempDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(initPgliteDir(file)).rejects.toThrow(/^initdb failed: (?!exit)\S/);
  }, 60_000);
});
