// `npm run check-data` (scripts/check-data.ts): amcheck over the shop's database, for after a
// restore. A consistent database passes, a damaged index is found and the operator told to restore
// from a backup, and a DATA_DIR in use by a server is left alone.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchServer, root } from '../../src/server/test-support/launch.ts';

let base: string;
/** A shop's DATA_DIR after a real server ran on it and stopped. */
let shopDataDir: string;

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-check-data-'));
  shopDataDir = path.join(base, 'shop');
  const server = await launchServer({ build: true, dataDir: shopDataDir });
  expect(await server.stop()).toBe(0);
}, 120_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs `npm run check-data`'s script with `env`; its exit code and everything it wrote. */
function checkData(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-data.ts'],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number(err.code) : 0, output: stdout + stderr });
      },
    );
  });
}

it('passes a consistent database', async () => {
  const { code, output } = await checkData({ DATA_DIR: shopDataDir });
  expect(output).toMatch(
    new RegExp(
      `^ok: \\d+ indexes and \\d+ tables of DATA_DIR ${shopDataDir} checked, all consistent\\.\\n$`,
    ),
  );
  expect(code).toBe(0);
}, 60_000);

it('finds a damaged index and says to restore from a backup', async () => {
  const dataDir = path.join(base, 'damaged');
  cpSync(shopDataDir, dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir });
  await db.exec(`CREATE TABLE public.damage_probe (sku int PRIMARY KEY, note text);
    INSERT INTO public.damage_probe SELECT g, repeat('x', 50) FROM generate_series(1, 5000) g;
    CHECKPOINT;`);
  const file = (
    await db.query<{ p: string }>(`SELECT pg_relation_filepath('public.damage_probe_pkey') p`)
  ).rows[0]!.p;
  await db.close();
  // A page of the index overwritten, as a bad disk or a careless copy would leave it.
  const fd = openSync(path.join(dataDir, file), 'r+');
  writeSync(fd, Buffer.alloc(200, 0x41), 0, 200, 2 * 8192 + 100);
  closeSync(fd);

  const { code, output } = await checkData({ DATA_DIR: dataDir });
  expect(output).toContain('corrupt: index damage_probe_pkey: invalid page in block 2');
  expect(output).toMatch(/1 problems in \d+ indexes .*: restore from a backup/);
  expect(code).toBe(1);
}, 60_000);

it('leaves a DATA_DIR alone while a server has it open', async () => {
  const server = await launchServer({ dataDir: shopDataDir });
  try {
    const { code, output } = await checkData({ DATA_DIR: shopDataDir });
    expect(output).toMatch(
      new RegExp(`^DATA_DIR ${shopDataDir} is in use by process ${server.child.pid} `),
    );
    expect(code).toBe(1);
  } finally {
    expect(await server.stop()).toBe(0);
  }
}, 120_000);

it.runIf(process.env.DATABASE_URL)(
  'checks a PostgreSQL database',
  async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `keebshop_check_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${name}`;
      const shop = new pg.Client({ connectionString: url.href });
      await shop.connect();
      await shop.query('CREATE TABLE public.damage_probe (sku int PRIMARY KEY, note text)');
      await shop.query(
        `INSERT INTO public.damage_probe SELECT g, 'x' FROM generate_series(1, 100) g`,
      );
      await shop.end();
      const { code, output } = await checkData({ DATABASE_URL: url.href });
      expect(output).toBe(
        'ok: 1 indexes and 1 tables of PostgreSQL (DATABASE_URL) checked, all consistent.\n',
      );
      expect(code).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
  60_000,
);
