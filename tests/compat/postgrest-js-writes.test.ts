// What this data API claims for writes and function calls, and what it refuses
// (docs/api-compatibility.md), each driven through the official @supabase/postgrest-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../src/server/test-support/index.ts';
import { createFixture, seedItems } from './fixture.ts';

describe.each(databaseTargets())('postgrest-js writes, calls and refusals on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  const rest = () => server.restClient();
  const items = () => rest().from('compat_items');
  const stored = async () =>
    (await db.query<{ name: string }>('SELECT name FROM public.compat_items ORDER BY id')).rows.map(
      (r) => r.name,
    );

  beforeAll(async () => {
    db = await target.open();
    await createFixture(db);
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it('insert: one object or an array, minimal (201, no body) or with select() (the rows)', async () => {
    await seedItems(db, []);
    const minimal = await items().insert({ name: 'one', price: 1.25 });
    expect(minimal).toMatchObject({ error: null, status: 201, data: null });
    const rows = await items()
      .insert([
        { name: 'two', qty: 2, price: 3 },
        { name: 'three', qty: 1 },
      ])
      .select('name, qty, price');
    expect(rows.status).toBe(201);
    expect(rows.data).toEqual([
      { name: 'two', qty: 2, price: 3 },
      // The client names price (from the first row), so the row that leaves it out sends NULL.
      { name: 'three', qty: 1, price: null },
    ]);
  });

  it('insert keeps every digit of a numeric, and a bad value or unknown key changes nothing', async () => {
    await seedItems(db, []);
    const exact = await items()
      .insert({ name: 'n', price: '12345678901234567890.123456789' })
      .select('price')
      .single();
    expect(exact.error).toBeNull();
    const { rows } = await db.query<{ price: string }>(
      'SELECT price::text FROM public.compat_items',
    );
    expect(rows[0]?.price).toBe('12345678901234567890.123456789');
    const bad = await items().insert({ name: 'bad', qty: 'lots' });
    expect(bad).toMatchObject({ status: 400, error: { code: '22P02' } });
    const unknown = await items().insert({ name: 'bad', colour: 'red' });
    expect(unknown).toMatchObject({ status: 400, error: { code: 'PGRST204' } });
    expect(await stored()).toEqual(['n']);
  });

  it('update and delete: the filtered rows only, minimal (204) or with select() (200 and the rows)', async () => {
    await seedItems(db, [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    const updated = await items()
      .update({ label: 'sale' })
      .in('name', ['a', 'c'])
      .select('name, label');
    expect(updated).toMatchObject({
      status: 200,
      data: [
        { name: 'a', label: 'sale' },
        { name: 'c', label: 'sale' },
      ],
    });
    const minimal = await items().update({ qty: 9 }).eq('name', 'b');
    expect(minimal).toMatchObject({ error: null, status: 204, data: null });
    const deleted = await items().delete().eq('label', 'sale');
    expect(deleted).toMatchObject({ error: null, status: 204 });
    expect(await stored()).toEqual(['b']);
    const returned = await items().delete().eq('name', 'b').select('qty').single();
    expect(returned).toMatchObject({ status: 200, data: { qty: 9 } });
  });

  it('rpc: named arguments by POST, by GET for a stable function, 204 for void', async () => {
    await seedItems(db, [{ name: 'k1' }, { name: 'k2' }, { name: 'z' }]);
    const sum = await rest().rpc('compat_sum', { a: 20, b: 22 });
    expect(sum).toMatchObject({ error: null, status: 200, data: 42 });
    const rows = await rest().rpc('compat_named', { prefix: 'k' }, { get: true });
    expect(rows.status).toBe(200);
    expect((rows.data as { name: string }[]).map((r) => r.name)).toEqual(['k1', 'k2']);
    const none = await rest().rpc('compat_touch');
    expect(none).toMatchObject({ error: null, status: 204, data: null });
    const getVolatile = await rest().rpc('compat_touch', {}, { get: true });
    expect(getVolatile).toMatchObject({ status: 405, error: { code: 'PGRST101' } });
    const unknown = await rest().rpc('compat_sum', { a: 1, c: 2 });
    expect(unknown).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
  });

  it('the database decides: no grant is 42501 (401 for anon), a GROUP BY view refuses writes (405)', async () => {
    const anon = await rest()
      .from('reviews')
      .insert({ product_key: 'keyboards:1', product_name: 'X', rating: 5 });
    expect(anon).toMatchObject({ status: 401, error: { code: '42501' } });
    const shopper = await server.signUp('writer');
    const signedIn = await server
      .restClient(shopper.accessToken)
      .from('orders')
      .delete()
      .eq('id', 1);
    expect(signedIn).toMatchObject({ status: 403, error: { code: '42501' } });
    const view = await rest().from('product_ratings').delete().eq('product_key', 'keyboards:1');
    expect(view).toMatchObject({ status: 405 });
  });

  it('refuses with 400 PGRST100: embedding, aggregates, casts, JSON paths, or/and and other operators', async () => {
    await seedItems(db, [{ name: 'keep' }]);
    const refused: [
      string,
      () => PromiseLike<{ status: number; error: { code?: string } | null }>,
    ][] = [
      ['embedding', () => rest().from('orders').select('id, reviews(rating)')],
      ['spread', () => rest().from('orders').select('id, ...reviews(rating)')],
      ['aggregate', () => items().select('qty.sum()')],
      ['cast', () => items().select('qty::text')],
      ['JSON path', () => items().select('name').eq('note->>a', 'x')],
      ['or', () => items().select('name').or('qty.eq.1,qty.eq.2')],
      ['contains', () => items().select('name').contains('name', ['a'])],
      ['full-text', () => items().select('name').textSearch('name', 'keep')],
      ['regex match', () => items().select('name').filter('name', 'match', '^k')],
      ['likeAnyOf', () => items().select('name').likeAnyOf('name', ['k%'])],
      ['isDistinct', () => items().select('name').isDistinct('label', 'x')],
      ['referenced order', () => items().select('name').order('qty', { referencedTable: 'x' })],
      ['upsert', () => items().upsert({ id: 1, name: 'replaced' }, { onConflict: 'id' })],
      ['upsert by key', () => items().upsert({ id: 1, name: 'replaced' })],
      ['delete filtered by or', () => items().delete().or('name.eq.keep,id.gt.0')],
    ];
    for (const [label, query] of refused) {
      const res = await query();
      expect({ label, status: res.status, code: res.error?.code }).toEqual({
        label,
        status: 400,
        code: 'PGRST100',
      });
    }
    expect(await stored()).toEqual(['keep']);
  });

  it('refuses other media types (406 PGRST107) and schemas other than public (406 PGRST106)', async () => {
    const csv = await items().select('name').csv();
    expect(csv).toMatchObject({ status: 406, error: { code: 'PGRST107' } });
    const geo = await items().select('name').geojson();
    expect(geo).toMatchObject({ status: 406, error: { code: 'PGRST107' } });
    const plan = await items().select('name').explain();
    expect(plan).toMatchObject({ status: 406, error: { code: 'PGRST107' } });
    const other = await rest().schema('auth').from('users').select('*');
    expect(other).toMatchObject({ status: 406, error: { code: 'PGRST106' } });
  });
});
