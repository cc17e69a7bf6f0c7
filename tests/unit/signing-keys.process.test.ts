// `npm run keys:rotate` and `keys:prune` (scripts/signing-keys.ts) as an operator runs them: on
// the shop's database they rotate; a DATA_DIR or DATABASE_URL that names no shop database (a typo)
// is one line on standard error and exit 1, and nothing is created or migrated there.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/pglite.ts';
import { pgliteImage, type ImageKind } from '../../src/server/test-support/database-images.ts';
import { databaseTargets, type TestDatabase } from '../../src/server/test-support/databases.ts';
import { root } from '../../src/server/test-support/launch.ts';

let base: string;
beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-signing-keys-'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs the script with `command` and `env`; its exit code and output. */
function keys(command: 'rotate' | 'prune', env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/signing-keys.ts', command],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

it('refuses a DATA_DIR that does not exist, and creates nothing', async () => {
  const typo = path.join(base, 'dtaa');
  for (const command of ['rotate', 'prune'] as const) {
    expect(await keys(command, { DATA_DIR: typo })).toEqual({
      code: 1,
      stdout: '',
      stderr: `DATA_DIR ${typo} does not exist: set DATA_DIR to the shop's, or start the shop once to create it.\n`,
    });
  }
  expect(existsSync(typo)).toBe(false);
}, 60_000);

describe.each(databaseTargets())('on $name', (target) => {
  /** The environment naming a database made from an image (`empty`: not the shop's). */
  async function environmentOf(kind: ImageKind): Promise<{
    env: Record<string, string>;
    db?: TestDatabase;
  }> {
    if (target.name === 'postgres') {
      const db = await target.open({ migrate: kind === 'migrated' });
      return { env: { DATABASE_URL: db.url as string }, db };
    }
    const dataDir = path.join(base, `${kind}-${Date.now()}`);
    const db = await openPglite(dataDir, { loadDataDir: await pgliteImage(kind) });
    await db.close();
    return { env: { DATA_DIR: dataDir } };
  }

  it('refuses a database without the shop in it, and migrates nothing', async () => {
    const { env, db } = await environmentOf('empty');
    try {
      const where = env.DATABASE_URL
        ? 'PostgreSQL at .* \\(DATABASE_URL\\)'
        : `DATA_DIR ${env.DATA_DIR}`;
      for (const command of ['rotate', 'prune'] as const) {
        const { code, stdout, stderr } = await keys(command, env);
        expect(stderr).toMatch(
          new RegExp(
            `^${where} holds no shop database \\(no keebshop\\.migrations\\): [^\\n]*\\n$`,
          ),
        );
        expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
      }
      if (db) {
        const { rows } = await db.query("SELECT 1 FROM pg_namespace WHERE nspname = 'keebshop'");
        expect(rows).toEqual([]);
      }
    } finally {
      await db?.close();
    }
  }, 120_000);

  it("rotates the shop's key, and prunes", async () => {
    const { env, db } = await environmentOf('migrated');
    try {
      const rotated = await keys('rotate', env);
      expect(rotated.stdout).toMatch(/^New signing key \S+ is active; /);
      expect(rotated.code).toBe(0);
      expect(await keys('prune', env)).toEqual({
        code: 0,
        stdout: 'No retired key is old enough to delete.\n',
        stderr: '',
      });
    } finally {
      await db?.close();
    }
  }, 120_000);
});
