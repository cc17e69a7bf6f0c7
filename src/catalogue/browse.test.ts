import { describe, expect, it } from 'vitest';
import { accessories, keyboards, switches } from './__fixtures__/catalogue.ts';
import { facetFor, filterProducts, searchProducts, sortProducts } from './browse.ts';
import { decodeLineItemName, encodeLineItemName } from './product-name.ts';

const names = (list: readonly { name: string }[]) => list.map((p) => p.name);

describe('searchProducts', () => {
  it('matches a substring of the name, ignoring case', () => {
    expect(names(searchProducts(keyboards, 'WIRELESS'))).toEqual([
      'Wireless Keyboard',
      'Wireless Gaming Keyboard',
      'Wireless Mechanical Keyboard',
      'Wireless Compact Keyboard',
    ]);
    expect(names(searchProducts(switches, 'pumpkin'))).toEqual(['Special Pumpkin Switch']);
  });

  it('keeps everything for an empty or blank query', () => {
    expect(searchProducts(switches, '')).toHaveLength(16);
    expect(searchProducts(switches, '   ')).toHaveLength(16);
  });

  it('treats regex characters as plain text', () => {
    expect(searchProducts(keyboards, '(')).toEqual([]);
    expect(searchProducts(keyboards, '.*')).toEqual([]);
    expect(searchProducts(keyboards, '[a-z]')).toEqual([]);
    expect(names(searchProducts(accessories, 'Headset st'))).toEqual(['Headset stand']);
  });
});

describe('sortProducts', () => {
  it('sorts by name by default, ignoring case', () => {
    expect(names(sortProducts(accessories, 'name')).slice(0, 4)).toEqual([
      'Braided Cable Sleeve',
      'Cable',
      'Cable Management Box',
      'Cable Management Clip',
    ]);
  });

  it('sorts by price both ways, breaking ties by name', () => {
    const asc = sortProducts(switches, 'price-asc');
    expect(names(asc).slice(0, 5)).toEqual([
      'Black Switch',
      'Red Switch',
      'Brown Switch',
      'Yellow Switch',
      'Blue Switch',
    ]);
    expect(asc.at(-1)?.name).toBe('Teal Switch');
    const desc = sortProducts(switches, 'price-desc');
    expect(names(desc).slice(0, 3)).toEqual(['Teal Switch', 'Blue Switch', 'Clear Switch']);
    expect(names(desc).slice(-3)).toEqual(['Yellow Switch', 'Red Switch', 'Black Switch']);
  });

  it('returns a copy', () => {
    const before = names(keyboards);
    sortProducts(keyboards, 'price-desc');
    expect(names(keyboards)).toEqual(before);
  });
});

describe('facets and filters', () => {
  it('offers connectivity for keyboards and type for switches and accessories', () => {
    expect(facetFor('keyboards')).toMatchObject({
      param: 'connectivity',
      groupLabel: 'Filter by connectivity',
      values: ['Wired', 'Wireless', '2.4 GHz', 'Bluetooth'],
    });
    expect(facetFor('switches')).toMatchObject({
      param: 'type',
      values: ['Tactile', 'Linear', 'Clicky'],
    });
    expect(facetFor('accessories')).toMatchObject({
      param: 'type',
      groupLabel: 'Filter by type',
      values: ['Storage', 'Comfort', 'Cleaning', 'Testing', 'Connectivity'],
    });
  });

  it('keeps products with one of the selected values, all of them when none is selected', () => {
    expect(filterProducts(keyboards, 'connectivity', [])).toHaveLength(19);
    expect(filterProducts(keyboards, 'connectivity', ['Wireless'])).toHaveLength(8);
    expect(filterProducts(keyboards, 'connectivity', ['Wired', 'Wireless'])).toHaveLength(19);
    expect(names(filterProducts(switches, 'type', ['Linear']))).toEqual([
      'Black Switch',
      'Red Switch',
      'Yellow Switch',
    ]);
    expect(names(filterProducts(switches, 'type', ['Clicky']))).toEqual(['Blue Switch']);
    expect(filterProducts(switches, 'type', ['Tactile'])).toHaveLength(12);
    expect(names(filterProducts(accessories, 'type', ['Cleaning', 'Testing']))).toEqual([
      'Switch Puller',
      'Keycap Puller',
      'Switch Tester',
    ]);
  });
});

describe('line item names', () => {
  it('writes "name (colour)", with "Default" when no colour is chosen', () => {
    expect(encodeLineItemName('Blue Switch', 'Blue')).toBe('Blue Switch (Blue)');
    expect(encodeLineItemName('Mouse')).toBe('Mouse (Default)');
    expect(encodeLineItemName('Mouse', '')).toBe('Mouse (Default)');
  });

  it('reads the name before the last "(" and the colour inside the last parentheses', () => {
    expect(decodeLineItemName('Gaming Keyboard X (Green)')).toEqual({
      name: 'Gaming Keyboard X',
      color: 'Green',
    });
    expect(decodeLineItemName('Keyboard (Limited) (Red)')).toEqual({
      name: 'Keyboard (Limited)',
      color: 'Red',
    });
    const name = 'Case (large)';
    expect(decodeLineItemName(encodeLineItemName(name, 'White'))).toEqual({ name, color: 'White' });
  });

  it('defaults the colour to "N/A" when there is none', () => {
    expect(decodeLineItemName('Mouse')).toEqual({ name: 'Mouse', color: 'N/A' });
    expect(decodeLineItemName('Mouse ()')).toEqual({ name: 'Mouse', color: 'N/A' });
    expect(decodeLineItemName('Mouse (')).toEqual({ name: 'Mouse', color: 'N/A' });
  });
});
