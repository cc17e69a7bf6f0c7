// PostgREST's wire details that postgrest-js turns into what an app sees: the count of a write or
// a function call (read from Content-Range), defaults for the keys a row leaves out, an offset
// past the end, planned and estimated counts, and the wording of a single-object failure. Each is
// driven through the official client, as docs/api-compatibility.md describes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../src/server/test-support/index.ts';
import { createFixture, plannedRows, seedItems } from './fixture.ts';

describe.each(databaseTargets())('PostgREST fidelity through postgrest-js on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    db = await target.open();
    await createFixture(db);
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  const rest = () => server.restClient();
  const raw = (path: string, init: RequestInit = {}) => server.call(`/rest/v1/${path}`, init);

  it('insert, update and delete with count: exact report how many rows they wrote', async () => {
    await seedItems(db, [{ name: 'a1' }, { name: 'a2' }, { name: 'b1' }]);
    const inserted = await rest()
      .from('compat_items')
      .insert([{ name: 'c1' }, { name: 'c2' }, { name: 'c3' }], { count: 'exact' });
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(inserted.count).toBe(3);

    const represented = await rest()
      .from('compat_items')
      .insert({ name: 'd1' }, { count: 'exact' })
      .select('name');
    expect(represented).toMatchObject({ status: 201, count: 1, data: [{ name: 'd1' }] });

    const updated = await rest()
      .from('compat_items')
      .update({ label: 'x' }, { count: 'exact' })
      .like('name', 'a*');
    expect(updated).toMatchObject({ error: null, status: 204, count: 2 });
    const none = await rest()
      .from('compat_items')
      .update({ label: 'x' }, { count: 'exact' })
      .eq('name', 'nobody');
    expect(none.count).toBe(0);

    const deleted = await rest()
      .from('compat_items')
      .delete({ count: 'exact' })
      .like('name', 'c*')
      .select('name');
    expect(deleted.error).toBeNull();
    expect(deleted.count).toBe(3);
    expect(deleted.data).toHaveLength(3);

    // Without a count the client reports none, and the header says the total is unknown.
    const uncounted = await rest().from('compat_items').delete().eq('name', 'd1');
    expect(uncounted).toMatchObject({ error: null, status: 204, count: null });
  });

  it('writes answer Content-Range in PostgREST shape: */N for inserts and deletes, 0-(N-1)/N for updates', async () => {
    await seedItems(db, [{ name: 'a1' }, { name: 'a2' }]);
    const body = JSON.stringify([{ name: 'e1' }, { name: 'e2' }]);
    const exact = { Prefer: 'count=exact' };
    const insert = await raw('compat_items', { method: 'POST', body, headers: exact });
    expect(insert.headers.get('content-range')).toBe('*/2');
    const insertUncounted = await raw('compat_items', { method: 'POST', body });
    expect(insertUncounted.headers.get('content-range')).toBe('*/*');

    const patch = JSON.stringify({ label: 'y' });
    const update = await raw('compat_items?name=like.e*', {
      method: 'PATCH',
      body: patch,
      headers: exact,
    });
    expect(update.headers.get('content-range')).toBe('0-3/4');
    const updateUncounted = await raw('compat_items?name=like.a*', {
      method: 'PATCH',
      body: patch,
    });
    expect(updateUncounted.headers.get('content-range')).toBe('0-1/*');
    const updateNone = await raw('compat_items?name=eq.zz', {
      method: 'PATCH',
      body: patch,
      headers: exact,
    });
    expect(updateNone.headers.get('content-range')).toBe('*/0');

    const remove = await raw('compat_items?name=like.e*', { method: 'DELETE', headers: exact });
    expect(remove.status).toBe(204);
    expect(remove.headers.get('content-range')).toBe('*/4');
  });

  it('rpc with count or head reports the number of rows the function returned', async () => {
    await seedItems(db, [{ name: 'r1' }, { name: 'r2' }, { name: 'r3' }, { name: 's1' }]);
    const counted = await rest().rpc('compat_named', { prefix: 'r' }, { count: 'exact' });
    expect(counted.error).toBeNull();
    expect(counted.count).toBe(3);
    expect(counted.data).toHaveLength(3);

    const head = await rest().rpc('compat_named', { prefix: 'r' }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ error: null, status: 200, data: null, count: 3 });

    const scalar = await rest().rpc('compat_sum', { a: 2, b: 3 }, { count: 'exact' });
    expect(scalar).toMatchObject({ data: 5, count: 1 });

    const empty = await rest().rpc('compat_named', { prefix: 'zz' }, { count: 'exact' });
    expect(empty).toMatchObject({ data: [], count: 0 });

    const res = await raw('rpc/compat_named?prefix=r', { headers: { Prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('0-2/3');
    const uncounted = await raw('rpc/compat_named?prefix=r');
    expect(uncounted.headers.get('content-range')).toBe('0-2/*');
  });

  it('insert with defaultToNull: false gives left-out keys their column defaults', async () => {
    await seedItems(db, []);
    const rows = [{ name: 'm1', label: 'chosen', qty: 5 }, { name: 'm2' }];
    const defaults = await rest()
      .from('compat_items')
      .insert(rows, { defaultToNull: false })
      .select('name, label, qty');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { name: 'm1', label: 'chosen', qty: 5 },
      { name: 'm2', label: 'unlabelled', qty: 1 },
    ]);

    // The client's default: a left-out key is NULL, which the NOT NULL column refuses.
    const nulls = await rest().from('compat_items').insert(rows).select('name');
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');
    const kept = await db.query('SELECT name FROM public.compat_items ORDER BY id');
    expect(kept.rows).toEqual([{ name: 'm1' }, { name: 'm2' }]);
  });

  it('a counted read whose offset is past the end is 416 PGRST103', async () => {
    await seedItems(db, [{ name: 'o1' }, { name: 'o2' }, { name: 'o3' }]);
    const past = await rest().from('compat_items').select('name', { count: 'exact' }).range(5, 9);
    expect(past.status).toBe(416);
    expect(past.error).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 5 was requested, but there are only 3 rows.',
    });
    // Just past the last row is an empty page, not an error; without a count nothing is known.
    const atEnd = await rest().from('compat_items').select('name', { count: 'exact' }).range(3, 4);
    expect(atEnd).toMatchObject({ status: 206, data: [], count: 3 });
    const uncounted = await rest().from('compat_items').select('name').range(5, 9);
    expect(uncounted).toMatchObject({ status: 200, data: [] });

    const backwards = await raw('compat_items', { headers: { Range: '2-1' } });
    expect(backwards.status).toBe(416);
    expect(await backwards.json()).toMatchObject({
      code: 'PGRST103',
      details:
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    });
  });

  it("count: 'planned' is the planner's estimate; 'estimated' is exact up to 1000 rows, else planned", async () => {
    await seedItems(
      db,
      [1, 2, 3, 4, 5].map((i) => ({ name: `p${i}` })),
    );
    await db.query('ANALYZE public.compat_items');
    // Rows written after ANALYZE: the planner still believes there are five.
    await db.query(`INSERT INTO public.compat_items (name) VALUES ('p6'), ('p7'), ('p8')`);
    const estimate = await plannedRows(db, 'SELECT 1 FROM public.compat_items');
    expect(estimate).not.toBe(8);
    const planned = await rest().from('compat_items').select('*', { count: 'planned', head: true });
    expect(planned.error).toBeNull();
    expect(planned.count).toBe(estimate);
    const small = await rest().from('compat_items').select('*', { count: 'estimated', head: true });
    expect(small.count).toBe(8);

    await db.query('INSERT INTO public.compat_bulk SELECT generate_series(1, 1500)');
    await db.query('ANALYZE public.compat_bulk');
    await db.query('DELETE FROM public.compat_bulk WHERE n > 1200');
    const bulkEstimate = await plannedRows(db, 'SELECT 1 FROM public.compat_bulk');
    expect(bulkEstimate).toBeGreaterThan(1200);
    const large = await rest().from('compat_bulk').select('n', { count: 'estimated' }).limit(2);
    expect(large).toMatchObject({ status: 206, count: bulkEstimate, data: [{ n: 1 }, { n: 2 }] });
    const filtered = await rest()
      .from('compat_bulk')
      .select('n', { count: 'estimated', head: true })
      .lte('n', 10);
    expect(filtered.count).toBe(10);
    const exact = await rest().from('compat_bulk').select('n', { count: 'exact', head: true });
    expect(exact.count).toBe(1200);

    // The estimate is asked as the request's role: no grant, no estimate.
    const noGrant = await rest().from('orders').select('id', { count: 'planned' });
    expect(noGrant).toMatchObject({ status: 401, error: { code: '42501' }, count: null });
  });

  it('single() on several rows is 406 PGRST116 in PostgREST wording', async () => {
    await seedItems(db, [{ name: 's1' }, { name: 's2' }, { name: 's3' }]);
    const many = await rest().from('compat_items').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 3 rows',
      hint: null,
    });
    const none = await rest().from('compat_items').select('name').eq('name', 'zz').single();
    expect(none.error?.details).toBe('The result contains 0 rows');
  });
});
