import { describe, expect, it } from 'vitest';
import { compareHref, parseCompareItems, toggleCompare } from './compare.ts';
import { fixtureCatalogue } from './__fixtures__/catalogue.ts';

const findProductByKey = (key: string) => fixtureCatalogue.byKey(key);
import type { ProductKey } from './types.ts';

const exists = (key: ProductKey) => findProductByKey(key) !== undefined;

describe('compare selection', () => {
  it('adds and removes products of one category, up to four', () => {
    let selection: readonly ProductKey[] = [];
    for (const key of ['switches:8', 'switches:9', 'switches:10', 'switches:205'] as const) {
      const result = toggleCompare(selection, key);
      expect(result.refused).toBeUndefined();
      selection = result.selection;
    }
    expect(toggleCompare(selection, 'switches:11')).toEqual({ selection, refused: 'full' });
    expect(toggleCompare(selection, 'switches:9').selection).toEqual([
      'switches:8',
      'switches:10',
      'switches:205',
    ]);
  });

  it('refuses a product of another category and leaves the selection as it was', () => {
    expect(toggleCompare(['switches:8'], 'keyboards:1')).toEqual({
      selection: ['switches:8'],
      refused: 'other-category',
    });
  });

  it('reads back the URL it writes, and says what is wrong with a bad one', () => {
    const keys: ProductKey[] = ['switches:205', 'switches:8'];
    const href = compareHref(keys);
    expect(href).toBe('/compare?items=switches:205,switches:8');
    const items = new URLSearchParams(href.split('?')[1]).get('items');
    expect(parseCompareItems(items, exists)).toEqual({ ok: true, keys });
    expect(parseCompareItems(' switches:8 ,switches:8,', exists)).toEqual({
      ok: true,
      keys: ['switches:8'],
    });
    expect(parseCompareItems(null, exists)).toEqual({ ok: false, reason: 'empty' });
    expect(parseCompareItems('switches:x', exists)).toMatchObject({ reason: 'malformed' });
    expect(parseCompareItems('switches:999', exists)).toMatchObject({ reason: 'unknown' });
    expect(parseCompareItems('switches:8,keyboards:1', exists)).toMatchObject({ reason: 'mixed' });
    expect(
      parseCompareItems('switches:8,switches:9,switches:10,switches:11,switches:12', exists),
    ).toMatchObject({ reason: 'too-many' });
  });
});
