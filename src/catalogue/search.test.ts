import { describe, expect, it } from 'vitest';
import {
  accessories,
  fixtureCatalogue,
  keyboards,
  makeProducts as defineProducts,
  switches,
  type ProductFacts,
} from './__fixtures__/catalogue.ts';
import { searchCatalogue, type SearchSpecLookup } from './search.ts';
import { specsOf, type SwitchSpecs } from './specs/index.ts';
import type { Product, Switch } from './types.ts';

const names = (list: readonly { name: string }[]) => list.map((p) => p.name);
const find = (list: readonly Product[], query: string) =>
  names(searchCatalogue(list, query, fixtureCatalogue));
/** The names of the products that `keep` keeps, in catalogue order (the search keeps it). */
const where = <P extends Product>(list: readonly P[], keep: (p: P) => boolean) =>
  names(list.filter(keep));
const fittedSwitch = (name: string) =>
  specsOf(keyboards.find((p) => p.name === name)!).switchesFitted;

describe('searchCatalogue', () => {
  it('still finds products by a part of their name, ignoring case', () => {
    expect(find(keyboards, 'PRO')).toEqual([
      'Mechanical Keyboard Pro',
      'Gaming Keyboard Pro',
      'Mechanical Gaming Keyboard Pro',
    ]);
    expect(find(switches, 'pumpkin')).toEqual(['Special Pumpkin Switch']);
    expect(find(accessories, 'Headset st')).toEqual(['Headset stand']);
    // A phrase of the name stays a phrase: none of its words is a specification word.
    expect(find(keyboards, 'Mechanical Keyboard Pro')).toEqual(['Mechanical Keyboard Pro']);
  });

  it('finds switches by their type: the 12 tactile ones for "tactile"', () => {
    expect(find(switches, 'tactile')).toHaveLength(12);
    expect(find(switches, 'tactile')).toEqual(where(switches, (p) => p.type === 'Tactile'));
    expect(find(switches, 'TACT')).toEqual(find(switches, 'tactile'));
    expect(find(switches, 'Clicky')).toEqual(['Blue Switch']);
    expect(find(switches, 'linear')).toEqual(['Black Switch', 'Red Switch', 'Yellow Switch']);
  });

  it('finds accessories by their type and specification words', () => {
    expect(find(accessories, 'cleaning')).toEqual(where(accessories, (p) => p.type === 'Cleaning'));
    expect(find(accessories, 'usb-c')).toEqual(['Cable']);
    expect(find(accessories, 'hdmi')).toEqual(['Monitor']);
  });

  it('finds keyboards by size, connectivity, sockets and materials', () => {
    expect(find(keyboards, 'wireless')).toHaveLength(8);
    expect(find(keyboards, 'wireless')).toEqual(
      where(keyboards, (p) => p.connectivity === 'Wireless'),
    );
    expect(find(keyboards, '65%')).toHaveLength(3);
    expect(find(keyboards, '65')).toEqual(where(keyboards, (p) => specsOf(p).size === '65%'));
    expect(find(keyboards, 'tkl')).toEqual(where(keyboards, (p) => specsOf(p).size === 'TKL'));
    expect(find(keyboards, 'bluetooth')).toEqual(
      where(keyboards, (p) => specsOf(p).connectivity.includes('Bluetooth')),
    );
    expect(find(keyboards, '2.4 GHz')).toEqual(
      where(keyboards, (p) => specsOf(p).connectivity.includes('2.4 GHz')),
    );
    expect(find(keyboards, 'soldered')).toEqual(where(keyboards, (p) => !specsOf(p).hotSwap));
    expect(find(keyboards, 'hot swap 3-pin')).toEqual(
      where(keyboards, (p) => specsOf(p).hotSwap === '3-pin'),
    );
    expect(find(keyboards, 'gasket aluminium')).toEqual(
      where(
        keyboards,
        (p) => specsOf(p).mount === 'Gasket' && specsOf(p).caseMaterial === 'Aluminium',
      ),
    );
  });

  it('needs every word to describe the product, mixing names and specifications', () => {
    expect(find(keyboards, 'wireless 65%')).toEqual([
      'Compact Keyboard',
      'Compact Gaming Keyboard',
      'Wireless Compact Keyboard',
    ]);
    expect(find(keyboards, 'gaming 65%')).toEqual(['Compact Gaming Keyboard']);
    expect(find(keyboards, 'wired 65%')).toEqual([]);
    // A board is as tactile as the switch fitted.
    const tactileBoards = find(keyboards, 'tactile');
    expect(tactileBoards.length).toBeGreaterThan(0);
    for (const name of tactileBoards) {
      const fitted = fixtureCatalogue.byKey(fittedSwitch(name));
      expect(fitted?.category === 'switches' && fitted.type, name).toBe('Tactile');
    }
  });

  it('matches a whole specification word or the start of one, not any part of it', () => {
    // "ylon" is inside "Nylon" but starts no word; two letters must be a whole word ("Headset st"
    // above finds the stand, not the headset of steel).
    expect(find(switches, 'ylon')).toEqual([]);
    expect(find(switches, 'nylon').length).toBeGreaterThan(0);
    expect(find(switches, 'lubed').length).toBeGreaterThan(0);
    expect(find(switches, 'translucent')).toHaveLength(1);
    // "red" finds the boards with a Red Switch, not every "Wired" one.
    const red = find(keyboards, 'red');
    expect(red.length).toBeGreaterThan(0);
    for (const name of red) expect(fittedSwitch(name), name).toBe('switches:9');
    // Measurements are not searched: a number does not match half a list.
    expect(find(switches, '4')).toEqual([]);
  });

  it('keeps everything for a blank query and treats pattern characters as plain text', () => {
    expect(searchCatalogue(switches, '   ', fixtureCatalogue)).toHaveLength(16);
    for (const query of ['(', '.', '.*', '[a-z]', '%']) expect(find(keyboards, query)).toEqual([]);
    expect(find(switches, '(')).toEqual([]);
  });

  it('reads the sheets through the lookup it is given', () => {
    const sw = (id: number, type: Switch['type']) =>
      ({
        id,
        name: `Switch ${id}`,
        description: '',
        price: 1,
        availableColors: ['Red'],
        selectedColor: 'Red',
        reviews: [],
        type,
      }) satisfies ProductFacts<Switch>;
    const list = defineProducts<Switch>('switches', [sw(1, 'Linear'), sw(2, 'Tactile')]);
    const lookup: SearchSpecLookup = (p) =>
      ({ category: 'switches', sound: p.id === 1 ? 'Thock' : 'Click' }) as SwitchSpecs;
    expect(names(searchCatalogue(list, 'thock', fixtureCatalogue, lookup))).toEqual(['Switch 1']);
    // The product's own type counts without a sheet.
    expect(names(searchCatalogue(list, 'tactile', fixtureCatalogue, () => undefined))).toEqual([
      'Switch 2',
    ]);
  });
});
