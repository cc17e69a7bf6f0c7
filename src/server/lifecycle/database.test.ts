// The checks the operator's commands (`npm run keys:rotate`, `keys:prune`) make before touching a
// database: a mistyped DATA_DIR or DATABASE_URL is refused, never created or migrated.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTarget } from '../test-support/index.ts';
import { checkShopDataDir, checkShopSchema } from './database.ts';

let base: string;
beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-shop-database-'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('checkShopDataDir', () => {
  it('refuses a DATA_DIR that does not exist, naming it, and creates nothing', () => {
    const typo = path.join(base, 'dtaa');
    expect(() => checkShopDataDir(typo)).toThrow(
      `DATA_DIR ${typo} does not exist: set DATA_DIR to the shop's, or start the shop once to create it.`,
    );
    expect(existsSync(typo)).toBe(false);
  });

  it('refuses a directory without a database, and leaves it as it was', () => {
    const empty = path.join(base, 'empty');
    mkdirSync(empty);
    expect(() => checkShopDataDir(empty)).toThrow(`DATA_DIR ${empty} holds no shop database: `);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('lets a directory with a database through', () => {
    const dir = path.join(base, 'with-database');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(() => checkShopDataDir(dir)).not.toThrow();
  });
});

describe('checkShopSchema', () => {
  const onPglite = { dataDir: '/srv/keebshop', databaseUrl: undefined };
  const onPostgres = {
    dataDir: './.data',
    databaseUrl: 'postgresql://shop:s3cret@db.example:5433/other',
  };

  it('refuses a database the shop never migrated, and writes nothing to it', async () => {
    const db = await pgliteTarget.open({ migrate: false });
    try {
      await expect(checkShopSchema(db, onPglite)).rejects.toThrow(
        "DATA_DIR /srv/keebshop holds no shop database (no keebshop.migrations): set DATA_DIR to the shop's, or start the shop once to create it.",
      );
      await expect(checkShopSchema(db, onPostgres)).rejects.toThrow(
        "PostgreSQL at db.example:5433, database other, user shop (DATABASE_URL) holds no shop database (no keebshop.migrations): set DATABASE_URL to the shop's",
      );
      const { rows } = await db.query("SELECT 1 FROM pg_namespace WHERE nspname = 'keebshop'");
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("lets the shop's database through", async () => {
    const db = await pgliteTarget.open();
    try {
      await expect(checkShopSchema(db, onPglite)).resolves.toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
