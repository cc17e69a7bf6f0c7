// A damaged page in a table or index every sign-in needs answers each sign-in 500, while a round
// trip (`SELECT 1`) still answers: /healthz reads those tables too, so it says 503 and a balancer
// takes the instance out. The damage is real: a page of a private PGlite DATA_DIR overwritten while
// it is closed, as a bad disk or a careless copy leaves it (as tests/unit/check-data does).
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { SIGN_IN_TABLES } from './health-tables.ts';
import {
  pgliteImage,
  pgliteTarget,
  startTestServer,
  type TestServer,
} from '../test-support/index.ts';

const PAGE = 8192;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function shopOn(dataDir: string, image?: Blob): Promise<TestServer> {
  const db = await openPglite(dataDir, image ? { loadDataDir: image } : {});
  const shop = await startTestServer({ db });
  cleanup.push(
    () => db.close(),
    () => shop.close(),
  );
  return shop;
}

const signIn = (shop: TestServer, email: string, password: string) =>
  shop.call('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe.each([
  { what: 'the index every sign-in finds the email in', relation: 'auth.users_email_key', page: 1 },
  { what: 'the sessions table every sign-in adds to', relation: 'auth.sessions', page: 0 },
])('/healthz with a damaged page of $what', ({ relation, page }) => {
  it('answers 503 naming the database, as every sign-in fails', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-damaged-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const before = await shopOn(dataDir, await pgliteImage('migrated'));
    const shopper = await before.signUp('damaged');
    expect((await before.call('/healthz')).status).toBe(200);
    await before.db.query('CHECKPOINT');
    const { rows } = await before.db.query<{ file: string }>(
      'SELECT pg_relation_filepath($1::regclass) AS file',
      [relation],
    );
    for (const step of cleanup.splice(1).reverse()) await step();

    // Part of the page overwritten: its checksum no longer matches.
    const fd = openSync(path.join(dataDir, rows[0]!.file), 'r+');
    writeSync(fd, Buffer.alloc(200, 0x41), 0, 200, page * PAGE + 100);
    closeSync(fd);

    const shop = await shopOn(dataDir);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanup.push(() => logged.mockRestore());
    expect((await signIn(shop, shopper.email, shopper.password)).status).toBe(500);
    const health = await shop.call('/healthz');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: 'unavailable',
      failing: ['database'],
      checks: { database: 'cannot read the sign-in tables (XX001)' },
    });
  });
});

it('reads every btree index of the sign-in tables, by its key columns', async () => {
  const db = await pgliteTarget.open();
  cleanup.push(() => db.close());
  const { rows } = await db.query<{ tbl: string; keys: string }>(
    `SELECT i.indrelid::regclass::text AS tbl,
            string_agg(a.attname, ', ' ORDER BY k.n) AS keys
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
       CROSS JOIN LATERAL unnest(i.indkey[0:i.indnkeyatts - 1]) WITH ORDINALITY AS k(att, n)
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.att
      WHERE i.indrelid::regclass::text = ANY($1) AND am.amname = 'btree'
      GROUP BY i.indexrelid, i.indrelid`,
    [Object.keys(SIGN_IN_TABLES)],
  );
  const found = rows.map((r) => `${r.tbl}: ${r.keys}`).sort();
  const read = Object.entries(SIGN_IN_TABLES).flatMap(([t, keys]) => keys.map((k) => `${t}: ${k}`));
  expect(found).toEqual(read.sort());
});
