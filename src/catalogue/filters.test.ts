import { describe, expect, it } from 'vitest';
import {
  fixtureCatalogue,
  makeProducts as defineProducts,
  type ProductFacts,
} from './__fixtures__/catalogue.ts';
import {
  applyFilters,
  browseResults,
  facetCounts,
  filterGroupsFor,
  parsePriceInput,
  type FilterState,
  type SpecLookup,
} from './filters.ts';
import type {
  HotSwap,
  KeyboardSize,
  KeyboardSpecs,
  ProductSpecs,
  SwitchSpecs,
} from './specs/index.ts';
import type { Keyboard, Switch, SwitchType } from './types.ts';

// Small boards and switches with spec sheets of their own, looked up by key.
const sheets = new Map<string, ProductSpecs>();
const lookup: SpecLookup = (product) => sheets.get(product.key);

const board = (
  id: number,
  price: number,
  links: KeyboardSpecs['connectivity'],
  size: KeyboardSize,
  hotSwap: HotSwap,
) => {
  sheets.set(`keyboards:${id}`, {
    category: 'keyboards',
    size,
    hotSwap,
    connectivity: links,
  } as KeyboardSpecs);
  return {
    id,
    name: `Board ${id}`,
    description: '',
    price,
    availableColors: ['Black'],
    selectedColor: 'Black',
    reviews: [],
    connectivity: links.includes('Wired') ? 'Wired' : 'Wireless',
    layout: 'full',
  } satisfies ProductFacts<Keyboard>;
};
const keyboards = defineProducts<Keyboard>('keyboards', [
  board(1, 100, ['Wired'], '65%', '5-pin'),
  board(2, 150, ['Wired'], '65%', null),
  board(3, 90, ['2.4 GHz', 'Bluetooth'], 'TKL', '3-pin'),
  board(4, 200, ['Wired'], 'Full', null),
  board(5, 120, ['Bluetooth'], 'TKL', null),
]);
const sw = (id: number, type: SwitchType, actuationForceGf: number) => {
  sheets.set(`switches:${id}`, { category: 'switches', type, actuationForceGf } as SwitchSpecs);
  return {
    id,
    name: `Switch ${id}`,
    description: '',
    price: 1,
    availableColors: ['Red'],
    selectedColor: 'Red',
    reviews: [],
    type,
  } satisfies ProductFacts<Switch>;
};
const switches = defineProducts<Switch>('switches', [
  sw(1, 'Linear', 45),
  sw(2, 'Linear', 62),
  sw(3, 'Tactile', 55),
  sw(4, 'Clicky', 70),
  sw(5, 'Linear', 35),
]);

const state = (
  selected: FilterState['selected'] = {},
  minCents: number | null = null,
  maxCents: number | null = null,
): FilterState => ({ selected, minCents, maxCents });
const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);
const kbGroups = filterGroupsFor('keyboards', keyboards, lookup);
const swGroups = filterGroupsFor('switches', switches, lookup);

describe('filter groups', () => {
  it('offer the chip facet, then size and hot-swap for keyboards and force for switches', () => {
    expect(kbGroups.map((g) => g.param)).toEqual(['connectivity', 'size', 'hotswap']);
    expect(swGroups.map((g) => g.param)).toEqual(['type', 'force']);
    expect(
      filterGroupsFor('accessories', fixtureCatalogue.byCategory('accessories')).map(
        (g) => g.param,
      ),
    ).toEqual(['type']);
  });

  it('offer only the values some of the products have, in display order', () => {
    // These boards are 65%, TKL and Full: no 60%, 75% or Split choice.
    expect(kbGroups[1]!.values).toEqual(['65%', 'TKL', 'Full']);
    expect(kbGroups[0]!.values).toEqual(['Wired', 'Wireless', '2.4 GHz', 'Bluetooth']);
    // Each force bucket has a switch here; a list of one light linear switch offers just that.
    expect(swGroups[1]!.values).toEqual(['lt45', '45-55', '56-65', 'gt65']);
    const linearOnly = defineProducts<Switch>('switches', [sw(6, 'Linear', 40)]);
    const linearGroups = filterGroupsFor('switches', linearOnly, lookup);
    expect(linearGroups.map((g) => g.values)).toEqual([['Linear'], ['lt45']]);
  });

  it('offer every choice of every filter only if it matches a product of the catalogue', () => {
    for (const category of ['keyboards', 'switches', 'accessories'] as const) {
      const products = fixtureCatalogue.byCategory(category);
      for (const group of filterGroupsFor(category, fixtureCatalogue.byCategory(category))) {
        expect(group.values.length, `${category} ${group.param}`).toBeGreaterThan(0);
        for (const value of group.values) {
          const found = products.filter((p) => group.matches(p, value));
          expect(found.length, `${category} ${group.param}=${value}`).toBeGreaterThan(0);
        }
      }
    }
    // The sizes the boards have (docs/product.md, Filters): none of ours is 60% or 75%.
    expect(
      filterGroupsFor('keyboards', fixtureCatalogue.byCategory('keyboards'))[1]!.values,
    ).toEqual(['65%', 'TKL', 'Full', 'Split']);
  });
});

describe('applyFilters', () => {
  const kb = (
    selected: FilterState['selected'],
    min: number | null = null,
    max: number | null = null,
  ) => ids(applyFilters(keyboards, kbGroups, state(selected, min, max)));

  it('finds a 65% hot-swap board', () => {
    expect(kb({ size: ['65%'], hotswap: ['hot-swap'] })).toEqual([1]);
    expect(kb({ hotswap: ['soldered'] })).toEqual([2, 4, 5]);
  });

  it('ORs choices within a group and ANDs the groups', () => {
    expect(kb({ size: ['65%', 'TKL'] })).toEqual([1, 2, 3, 5]);
    expect(kb({ size: ['65%', 'TKL'], connectivity: ['Bluetooth'] })).toEqual([3, 5]);
  });

  it('keeps Wired and Wireless as the product says, and reads radios from the spec sheet', () => {
    expect(kb({ connectivity: ['Wireless'] })).toEqual([3, 5]);
    expect(kb({ connectivity: ['Wired'] })).toEqual([1, 2, 4]);
    expect(kb({ connectivity: ['2.4 GHz'] })).toEqual([3]);
    expect(kb({ connectivity: ['Bluetooth'] })).toEqual([3, 5]);
  });

  it('finds a 45 gf linear and buckets forces inclusively', () => {
    const sw = (selected: FilterState['selected']) =>
      ids(applyFilters(switches, swGroups, state(selected)));
    expect(sw({ type: ['Linear'], force: ['45-55'] })).toEqual([1]);
    expect(sw({ force: ['lt45'] })).toEqual([5]);
    expect(sw({ force: ['56-65', 'gt65'] })).toEqual([2, 4]);
    expect(sw({ type: ['Clicky'] })).toEqual([4]);
  });

  it('keeps prices within an inclusive range, open at either end', () => {
    expect(kb({}, 100_00, 150_00)).toEqual([1, 2, 5]);
    expect(kb({}, null, 99_99)).toEqual([3]);
    expect(kb({}, 150_00)).toEqual([2, 4]);
  });

  it('lets a product without a spec sheet match no spec choice', () => {
    const groups = filterGroupsFor('keyboards', keyboards, () => undefined);
    // So no spec choice is offered, nor the radios of the sheet; Wired and Wireless stay.
    expect(groups.map((g) => g.param)).toEqual(['connectivity']);
    expect(groups[0]!.values).toEqual(['Wired', 'Wireless']);
    expect(applyFilters(keyboards, groups, state({ connectivity: ['Wired'] }))).toHaveLength(3);
  });

  it("uses the shop's own sheets by default: 65% hot-swap boards exist", () => {
    const real = filterGroupsFor('keyboards', fixtureCatalogue.byCategory('keyboards'));
    expect(real).toBe(filterGroupsFor('keyboards', fixtureCatalogue.byCategory('keyboards')));
    const found = applyFilters(
      fixtureCatalogue.byCategory('keyboards'),
      real,
      state({ size: ['65%'], hotswap: ['hot-swap'] }),
    );
    expect(found.length).toBeGreaterThan(0);
  });
});

describe('facetCounts', () => {
  it('counts each choice given the other groups and the price, not its own group', () => {
    const counts = facetCounts(keyboards, kbGroups, state({ hotswap: ['soldered'] }, null, 199_00));
    // Size counts ignore the size group but keep hot-swap and price: the $200 board drops out.
    expect(counts.size).toEqual({ '65%': 1, TKL: 1, Full: 0 });
    // Hot-swap counts ignore their own choice.
    expect(counts.hotswap).toEqual({ 'hot-swap': 2, soldered: 2 });
    expect(counts.connectivity).toEqual({ Wired: 1, Wireless: 1, '2.4 GHz': 0, Bluetooth: 1 });
  });

  it('follows the search text through browseResults', () => {
    const { products, counts } = browseResults(
      switches,
      swGroups,
      'switch 1',
      state(),
      fixtureCatalogue,
      lookup,
    );
    expect(ids(products)).toEqual([1]);
    expect(counts.type).toEqual({ Tactile: 0, Linear: 1, Clicky: 0 });
  });
});

describe('parsePriceInput', () => {
  it('reads whole and 2-decimal dollars into cents; empty is open', () => {
    expect(parsePriceInput('')).toEqual({ ok: true, cents: null });
    expect(parsePriceInput(' 50 ')).toEqual({ ok: true, cents: 5000 });
    expect(parsePriceInput('49.99')).toEqual({ ok: true, cents: 4999 });
    expect(parsePriceInput('0.5')).toEqual({ ok: true, cents: 50 });
  });

  it('rejects text, negatives, 3 decimals and more than $100,000', () => {
    for (const text of ['abc', '-5', '1.999', '1e3', '100000.01', '.5', '5.']) {
      expect(parsePriceInput(text)).toEqual({ ok: false });
    }
    expect(parsePriceInput('100000')).toEqual({ ok: true, cents: 100_000_00 });
  });
});
