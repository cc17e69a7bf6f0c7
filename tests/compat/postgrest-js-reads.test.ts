// What this data API claims for reads (docs/api-compatibility.md), each claim driven through the
// official @supabase/postgrest-js as an app calls it: select lists and aliases, every supported
// filter with and without not, ordering, pages, counts and the single-object forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../src/server/test-support/index.ts';
import { createFixture, seedItems } from './fixture.ts';

const AWKWARD = 'Gamma, (x) "q" é&=+';

describe.each(databaseTargets())('postgrest-js reads on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  const items = () => server.restClient().from('compat_items');
  const names = (data: unknown) => (data as { name: string }[] | null)?.map((r) => r.name);

  beforeAll(async () => {
    db = await target.open();
    await createFixture(db);
    server = await startTestServer({ db });
    await seedItems(db, [
      { name: 'Alpha', label: 'red', qty: 3, price: '10.50' },
      { name: 'beta', label: null, qty: 1, price: '0.99' },
      { name: AWKWARD, label: 'blue', qty: 7, price: null },
      { name: 'delta', label: 'red', qty: 2, price: '120' },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it('select: every column, chosen columns, aliases and quoted names; numerics as JSON numbers', async () => {
    const all = await items().select().eq('name', 'Alpha');
    expect(all.error).toBeNull();
    expect(all.data?.[0]).toMatchObject({
      id: 1,
      name: 'Alpha',
      label: 'red',
      qty: 3,
      price: 10.5,
    });
    expect(Object.keys(all.data?.[0] ?? {})).toEqual([
      'id',
      'name',
      'label',
      'qty',
      'price',
      'note',
      'created_at',
    ]);
    const chosen = await items().select('title:name, "qty"').eq('id', 4);
    expect(chosen.data).toEqual([{ title: 'delta', qty: 2 }]);
    const unknown = await items().select('nope');
    expect(unknown).toMatchObject({ status: 400, error: { code: '42703' } });
  });

  it('filters: eq, neq, gt, gte, lt, lte, like, ilike, is, in, match and filter(), each negated by not()', async () => {
    const cases: [string, () => PromiseLike<{ data: unknown }>, string[]][] = [
      ['eq', () => items().select('name').eq('name', AWKWARD), [AWKWARD]],
      ['neq', () => items().select('name').neq('label', 'red').order('id'), [AWKWARD]],
      ['gt', () => items().select('name').gt('price', 10.5), ['delta']],
      ['gte', () => items().select('name').gte('price', '10.5').order('id'), ['Alpha', 'delta']],
      ['lt', () => items().select('name').lt('qty', 2), ['beta']],
      ['lte', () => items().select('name').lte('qty', 2).order('id'), ['beta', 'delta']],
      ['like', () => items().select('name').like('name', '%lpha'), ['Alpha']],
      ['like *', () => items().select('name').like('name', '*elt*'), ['delta']],
      ['ilike', () => items().select('name').ilike('name', 'ALPHA'), ['Alpha']],
      ['is null', () => items().select('name').is('label', null), ['beta']],
      [
        'in',
        () => items().select('name').in('name', ['beta', AWKWARD]).order('id'),
        ['beta', AWKWARD],
      ],
      ['match', () => items().select('name').match({ label: 'red', qty: 2 }), ['delta']],
      ['filter', () => items().select('name').filter('qty', 'gte', 7), [AWKWARD]],
      ['not eq', () => items().select('name').not('label', 'eq', 'red').order('id'), [AWKWARD]],
      [
        'not is',
        () => items().select('name').not('price', 'is', null).order('id'),
        ['Alpha', 'beta', 'delta'],
      ],
      ['not in', () => items().select('name').not('qty', 'in', '(1,2,3)'), [AWKWARD]],
    ];
    for (const [label, query, expected] of cases) {
      const { data } = await query();
      expect(names(data), label).toEqual(expected);
    }
  });

  it('a value of the wrong type is 400 22P02 from Postgres, never a 500', async () => {
    const bad = await items().select('name').eq('qty', 'many');
    expect(bad).toMatchObject({ status: 400, error: { code: '22P02' } });
  });

  it('order: several columns, descending, nulls first or last', async () => {
    const byLabel = await items()
      .select('name')
      .order('label', { ascending: false, nullsFirst: true })
      .order('qty');
    expect(names(byLabel.data)).toEqual(['beta', 'delta', 'Alpha', AWKWARD]);
    const nullsLast = await items().select('name').order('price', { nullsFirst: false });
    expect(names(nullsLast.data)).toEqual(['beta', 'Alpha', 'delta', AWKWARD]);
  });

  it('pages: limit, range and offset, with exact counts and 206 for a part', async () => {
    const first = await items().select('name').order('id').limit(2);
    expect(first).toMatchObject({ status: 200, count: null });
    expect(names(first.data)).toEqual(['Alpha', 'beta']);
    const page = await items().select('name', { count: 'exact' }).order('id').range(1, 2);
    expect(page).toMatchObject({ status: 206, count: 4 });
    expect(names(page.data)).toEqual(['beta', AWKWARD]);
    const whole = await items().select('name', { count: 'exact' }).eq('label', 'red');
    expect(whole).toMatchObject({ status: 200, count: 2 });
    const head = await items().select('*', { count: 'exact', head: true }).gt('qty', 1);
    expect(head).toMatchObject({ status: 200, data: null, count: 3 });
  });

  it('single() answers one object; maybeSingle() answers one object or null', async () => {
    const one = await items().select('name, qty').eq('id', 3).single();
    expect(one).toMatchObject({ status: 200, data: { name: AWKWARD, qty: 7 } });
    const none = await items().select('name').eq('id', 99).single();
    expect(none).toMatchObject({ status: 406, data: null, error: { code: 'PGRST116' } });
    const maybe = await items().select('name').eq('id', 99).maybeSingle();
    expect(maybe).toMatchObject({ error: null, data: null });
    const maybeOne = await items().select('name').eq('id', 2).maybeSingle();
    expect(maybeOne.data).toEqual({ name: 'beta' });
  });

  it('a view reads like a table; an unknown relation is 404 PGRST205', async () => {
    const view = await server.restClient().from('product_ratings').select('*');
    expect(view).toMatchObject({ status: 200, data: [] });
    const missing = await server.restClient().from('no_such_table').select('*');
    expect(missing).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
  });

  it('row-level security decides what a shopper reads: anon has no grant on orders (401 42501)', async () => {
    const anon = await server.restClient().from('orders').select('*');
    expect(anon).toMatchObject({ status: 401, error: { code: '42501' } });
    const shopper = await server.signUp('reader');
    const own = await server.restClient(shopper.accessToken).from('orders').select('*');
    expect(own).toMatchObject({ status: 200, data: [] });
  });
});
