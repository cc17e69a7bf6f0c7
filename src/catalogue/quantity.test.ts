import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { fixtureCatalogue } from './__fixtures__/catalogue.ts';

const findProductByKey = (key: string) => fixtureCatalogue.byKey(key);
import { packSizes, parseQuantityInput } from './quantity.ts';

describe('typed quantities', () => {
  it('allows whole numbers from 1 to 999, the one line limit', () => {
    expect(MAX_LINE_QUANTITY).toBe(999);
    expect(parseQuantityInput('1')).toEqual({ ok: true, quantity: 1 });
    expect(parseQuantityInput(' 70 ')).toEqual({ ok: true, quantity: 70 });
    expect(parseQuantityInput('999')).toEqual({ ok: true, quantity: 999 });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['0', 'tooSmall'],
    ['-3', 'tooSmall'],
    ['1000', 'tooLarge'],
    ['2.5', 'notWhole'],
    ['1e3', 'notWhole'],
    ['abc', 'notWhole'],
    ['7 switches', 'notWhole'],
  ])('refuses %j as %s', (text, problem) => {
    expect(parseQuantityInput(text)).toEqual({ ok: false, problem });
  });
});

describe('packs', () => {
  it('offers switches in board-sized packs and nothing else in packs', () => {
    expect(packSizes(findProductByKey('switches:205')!)).toEqual([10, 35, 70, 90, 110]);
    expect(packSizes(findProductByKey('keyboards:1')!)).toEqual([]);
    expect(packSizes(findProductByKey('accessories:205')!)).toEqual([]);
  });

  it('keeps every pack within the line limit', () => {
    for (const size of packSizes({ category: 'switches' })) {
      expect(parseQuantityInput(String(size)).ok).toBe(true);
    }
  });
});
