import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS_PER_CONNECTION } from './pg-batch.ts';
import { openPostgres } from './postgres.ts';
import type { SqlDatabase } from './sql.ts';
import { databaseTargets, type TestDatabase } from '../test-support/index.ts';

describe.each(databaseTargets())('Database.batch on $name', (target) => {
  let owner: TestDatabase;
  // One connection, so what a batch leaves behind would show in the next statement.
  let db: SqlDatabase;

  beforeAll(async () => {
    owner = await target.open({ migrate: false });
    db = owner.url ? await openPostgres(owner.url, 1) : owner;
    await db.exec(`CREATE TABLE batch_items (id int PRIMARY KEY, label text NOT NULL)`);
  });
  afterAll(async () => {
    if (db !== owner) await db.close();
    await owner.close();
  });

  it('returns one result per statement, in order, with bound values', async () => {
    const results = await db.batch!([
      { sql: 'INSERT INTO batch_items VALUES ($1, $2), ($3, $4)', params: [1, 'one', 2, 'two'] },
      { sql: 'SELECT label FROM batch_items WHERE id = $1', params: [2] },
      { sql: 'SELECT count(*)::int AS n FROM batch_items' },
    ]);
    expect(results).toHaveLength(3);
    expect(results[0]?.rowCount).toBe(2);
    expect(results[1]?.rows).toEqual([{ label: 'two' }]);
    expect(results[2]?.rows).toEqual([{ n: 2 }]);
  });

  it('runs as one transaction: local settings reach later statements and end with it', async () => {
    const [, seen] = await db.batch!([
      { sql: `SELECT set_config('request.jwt.claim.sub', $1, true)`, params: ['abc'] },
      { sql: `SELECT current_setting('request.jwt.claim.sub', true) AS sub` },
    ]);
    expect(seen?.rows).toEqual([{ sub: 'abc' }]);
    const { rows } = await db.query(`SELECT current_setting('request.jwt.claim.sub', true) AS sub`);
    expect(rows[0]?.sub ?? '').toBe('');
  });

  it('is all or nothing: a failing statement undoes the earlier ones, the connection lives on', async () => {
    const insert = 'INSERT INTO batch_items VALUES ($1, $2)';
    await expect(
      db.batch!([
        { sql: insert, params: [10, 'ten'] },
        { sql: 'SELECT label FROM batch_items WHERE id = $1', params: ['not a number'] },
      ]),
    ).rejects.toMatchObject({ code: '22P02' });
    const { rows } = await db.query('SELECT count(*)::int AS n FROM batch_items WHERE id = 10');
    expect(rows).toEqual([{ n: 0 }]);
    // The same SQL again (prepared on PostgreSQL by now) works with good values.
    const [done] = await db.batch!([{ sql: insert, params: [10, 'ten'] }]);
    expect(done?.rowCount).toBe(1);
  });

  it('keeps answering correctly past the per-connection statement bound', async () => {
    const texts = Array.from(
      { length: STATEMENTS_PER_CONNECTION + 20 },
      (_, i) => `SELECT $1::int + ${i} AS v`,
    );
    for (const [i, sql] of texts.entries()) {
      const [r] = await db.batch!([{ sql, params: [1000] }]);
      expect(r?.rows).toEqual([{ v: 1000 + i }]);
    }
    // The oldest were closed to stay within the bound; they are parsed again when they return.
    const [again] = await db.batch!([{ sql: texts[0]!, params: [5] }]);
    expect(again?.rows).toEqual([{ v: 5 }]);
    if (target.name === 'postgres') {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM pg_prepared_statements');
      expect(rows[0]?.n).toBeLessThanOrEqual(STATEMENTS_PER_CONNECTION);
    }
  });
});
