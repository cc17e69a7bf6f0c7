import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { parseFilter, parseOrder, parseReadQuery, parseSelect } from './query.ts';

function pgrstCode(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, code: err.body.code };
    throw err;
  }
  return 'no error';
}

describe('select=', () => {
  it('reads *, column lists, aliases and quoted names, ignoring whitespace outside quotes', () => {
    expect(parseSelect('*')).toBeNull();
    expect(parseSelect(null)).toBeNull();
    expect(parseSelect(' product_name , p:price ')).toEqual([
      { column: 'product_name' },
      { column: 'price', alias: 'p' },
    ]);
    expect(parseSelect('"my col"')).toEqual([{ column: 'my col' }]);
  });

  it('rejects embedded resources, casts and JSON paths with 400 PGRST100', () => {
    for (const raw of [
      'users(email)',
      'price::text',
      'data->>k',
      '...users(id)',
      'users!inner(id)',
    ]) {
      expect(pgrstCode(() => parseSelect(raw))).toEqual({ status: 400, code: 'PGRST100' });
    }
  });
});

describe('filters', () => {
  it('splits operator and value at the first dot only, keeping the rest literal', () => {
    expect(parseFilter('email', 'eq.a.b@c.d')).toEqual({
      column: 'email',
      negated: false,
      op: 'eq',
      value: 'a.b@c.d',
    });
    expect(parseFilter('n', 'not.gte.5')).toMatchObject({ negated: true, op: 'gte', value: '5' });
  });

  it('parses in-lists with double-quoted items as postgrest-js sends them', () => {
    expect(parseFilter('name', 'in.(a,"b,c","d\\"e",f)')).toMatchObject({
      op: 'in',
      values: ['a', 'b,c', 'd"e', 'f'],
    });
    expect(parseFilter('name', 'in.()')).toMatchObject({ op: 'in', values: [] });
  });

  it('accepts is.null/true/false and rejects anything else', () => {
    expect(parseFilter('x', 'is.NULL')).toMatchObject({ op: 'is', value: 'null' });
    expect(pgrstCode(() => parseFilter('x', 'is.1; drop table orders'))).toEqual({
      status: 400,
      code: 'PGRST100',
    });
  });

  it('rejects unknown operators and values without an operator', () => {
    for (const raw of ['foo.1', 'eq', '', 'cs.{1}', 'eq(any).{a,b}']) {
      expect(pgrstCode(() => parseFilter('x', raw))).toEqual({ status: 400, code: 'PGRST100' });
    }
  });

  it('rejects logical filters and upserts clearly', () => {
    expect(pgrstCode(() => parseReadQuery(new URLSearchParams('or=(a.eq.1,b.eq.2)')))).toEqual({
      status: 400,
      code: 'PGRST100',
    });
    expect(pgrstCode(() => parseReadQuery(new URLSearchParams('on_conflict=id')))).toEqual({
      status: 400,
      code: 'PGRST100',
    });
  });
});

describe('order, limit, offset', () => {
  it('reads several order terms with directions and nulls placement', () => {
    expect(parseOrder('created_at.desc,id,name.asc.nullsfirst,price.nullslast')).toEqual([
      { column: 'created_at', descending: true },
      { column: 'id', descending: false },
      { column: 'name', descending: false, nulls: 'first' },
      { column: 'price', descending: false, nulls: 'last' },
    ]);
  });

  it('rejects unknown order modifiers and non-numeric limits', () => {
    expect(pgrstCode(() => parseOrder('id.sideways'))).toEqual({ status: 400, code: 'PGRST100' });
    for (const qs of ['limit=-1', 'limit=1;', 'offset=abc', 'limit=99999999999']) {
      expect(pgrstCode(() => parseReadQuery(new URLSearchParams(qs)))).toEqual({
        status: 400,
        code: 'PGRST100',
      });
    }
  });

  it('decodes + as a space in values, as form-urlencoded query strings do', () => {
    const q = parseReadQuery(
      new URLSearchParams('product_name=eq.Foo+Bar%2C+%28x%29&limit=2&offset=4'),
    );
    expect(q.filters).toEqual([
      { column: 'product_name', negated: false, op: 'eq', value: 'Foo Bar, (x)' },
    ]);
    expect(q.limit).toBe(2);
    expect(q.offset).toBe(4);
  });
});
