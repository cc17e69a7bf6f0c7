import { describe, expect, it } from 'vitest';
import { fixtureCatalogue, fixtureProducts as catalogue } from '../__fixtures__/catalogue.ts';
import type { Accessory, Keyboard, Switch } from '../types.ts';
import {
  HOT_SWAP_SOCKETS,
  KEYBOARD_LINKS,
  KEYBOARD_SIZES,
  REQUIRED_BY_ART,
  SPEC_FIELDS,
  SWITCH_TYPES,
  specRows,
  specsOf,
  type AccessorySpecs,
  type KeyboardSpecs,
  type ProductSpecs,
  type SwitchSpecs,
} from './index.ts';

// A sheet by key, typed by the key's category, as the shop's pages look it up in the catalogue.
function sheetOf(key: `keyboards:${number}`): KeyboardSpecs | undefined;
function sheetOf(key: `switches:${number}`): SwitchSpecs | undefined;
function sheetOf(key: `accessories:${number}`): AccessorySpecs | undefined;
function sheetOf(key: string): ProductSpecs | undefined;
function sheetOf(key: string): ProductSpecs | undefined {
  return fixtureCatalogue.byKey(key)?.specs;
}

const findProductByKey = (key: string) => fixtureCatalogue.byKey(key);

const ofCategory = <C extends string>(category: C) =>
  catalogue.filter((p) => p.category === category);
const keyboards = ofCategory('keyboards') as Keyboard[];
const switches = ofCategory('switches') as Switch[];
const accessories = ofCategory('accessories') as Accessory[];

describe('spec sheets', () => {
  it('gives every one of the 54 products a sheet of its own category with every field shown', () => {
    expect(catalogue).toHaveLength(54);
    for (const p of catalogue) {
      const specs = sheetOf(p.key);
      expect(specs?.category, p.key).toBe(p.category);
      const rows = specRows(specs!, fixtureCatalogue);
      expect(rows.length, p.key).toBeGreaterThanOrEqual(3);
      for (const row of rows) expect(row.value, `${p.key} ${row.id}`).not.toBe('');
    }
  });

  it('knows nothing of keys that name no product', () => {
    expect(sheetOf('switches:999')).toBeUndefined();
    expect(sheetOf('gadgets:1')).toBeUndefined();
    expect(sheetOf('')).toBeUndefined();
  });

  it('gives switches plausible forces and travel, and the type the catalogue gives', () => {
    for (const p of switches) {
      const s = specsOf(p);
      expect(s.type, p.name).toBe(p.type);
      expect(s.actuationForceGf, p.name).toBeGreaterThanOrEqual(30);
      expect(s.actuationForceGf, p.name).toBeLessThanOrEqual(100);
      expect(s.bottomOutForceGf, p.name).toBeGreaterThanOrEqual(s.actuationForceGf);
      expect(s.bottomOutForceGf, p.name).toBeLessThanOrEqual(120);
      expect(s.preTravelMm, p.name).toBeGreaterThanOrEqual(1);
      expect(s.totalTravelMm, p.name).toBeGreaterThanOrEqual(s.preTravelMm);
      expect(s.totalTravelMm, p.name).toBeLessThanOrEqual(4.5);
      expect([3, 5], p.name).toContain(s.pins);
    }
  });

  it('agrees with what the switch descriptions say', () => {
    const says = (p: Switch, word: RegExp) => word.test(p.description);
    // How the description opens ("A light, smooth linear switch"): later words may describe others.
    const opens = (p: Switch, word: RegExp) =>
      word.test(/^An? ([^:.]*?)\b(linear|tactile|clicky|switch)\b/i.exec(p.description)?.[1] ?? '');
    for (const p of switches) {
      const s: SwitchSpecs = specsOf(p);
      if (says(p, /\bclicky\b|audible click/i)) expect(s.type, p.name).toBe('Clicky');
      else if (says(p, /\blinear\b/i)) expect(s.type, p.name).toBe('Linear');
      else if (says(p, /\btactile\b/i)) expect(s.type, p.name).toBe('Tactile');
      if (opens(p, /\blight\b/i)) expect(s.actuationForceGf, p.name).toBeLessThanOrEqual(45);
      if (opens(p, /\b(heavy|heavier|firm|weighty)\b/i))
        expect(s.actuationForceGf, p.name).toBeGreaterThanOrEqual(60);
      if (says(p, /\bmedium\b/i)) {
        expect(s.actuationForceGf, p.name).toBeGreaterThan(45);
        expect(s.actuationForceGf, p.name).toBeLessThan(60);
      }
      if (says(p, /translucent/i)) expect(s.housingMaterial, p.name).toMatch(/polycarbonate/i);
      if (says(p, /\b(quiet|muted)\b/i)) expect(['Muted', 'Soft'], p.name).toContain(s.sound);
    }
    expect(sheetOf('switches:205')?.type).toBe('Clicky');
    // Yellow Switch Plus is "the same medium weight" as the Yellow.
    expect(sheetOf('switches:14')?.actuationForceGf).toBe(sheetOf('switches:10')?.actuationForceGf);
  });

  it('sizes keyboards by their layout and links them as the catalogue says', () => {
    const sizes = {
      full: ['Full'],
      tkl: ['TKL', '75%'],
      compact: ['60%', '65%'],
      ergonomic: ['Split'],
    };
    for (const p of keyboards) {
      const s = specsOf(p);
      expect(sizes[p.layout], p.name).toContain(s.size);
      if (/\b65%/.test(p.description)) expect(s.size, p.name).toBe('65%');
      if (/\bsplit\b/i.test(p.description)) expect(s.size, p.name).toBe('Split');
      if (/hot-swap/i.test(p.description)) expect(s.hotSwap, p.name).not.toBeNull();
      if (/solder/i.test(p.description)) expect(s.hotSwap, p.name).toBeNull();
      if (p.connectivity === 'Wired') {
        expect(s.connectivity, p.name).toEqual(['Wired']);
        expect(s.batteryMah, p.name).toBeNull();
      } else {
        expect(s.connectivity.length, p.name).toBeGreaterThan(0);
        expect(s.connectivity, p.name).not.toContain('Wired');
        expect(s.batteryMah, p.name).toBeGreaterThanOrEqual(1000);
        expect(s.batteryMah, p.name).toBeLessThanOrEqual(8000);
      }
      expect([125, 250, 500, 1000, 2000, 4000, 8000], p.name).toContain(s.pollingRateHz);
      if (s.connectivity.length === 1 && s.connectivity[0] === 'Bluetooth')
        expect(s.pollingRateHz, p.name).toBeLessThanOrEqual(250);
      expect(s.weightG, p.name).toBeGreaterThan(300);
      expect(s.weightG, p.name).toBeLessThan(2500);
    }
  });

  it('fits every keyboard with one of our switches that its sockets take', () => {
    for (const p of keyboards) {
      const s = specsOf(p);
      const fitted = findProductByKey(s.switchesFitted);
      expect(fitted?.category, p.name).toBe('switches');
      if (s.hotSwap === '3-pin') expect(sheetOf(s.switchesFitted)?.pins, p.name).toBe(3);
    }
    // "No click": the silent board does not come with a clicky switch.
    const silent = sheetOf('keyboards:108')!;
    expect(sheetOf(silent.switchesFitted)?.type).not.toBe('Clicky');
    expect(sheetOf(silent.switchesFitted)?.sound).toBe('Muted');
  });

  it("gives every accessory its kind's own fields, in plausible ranges", () => {
    for (const p of accessories) {
      const s = specsOf(p);
      expect(s.material, p.name).not.toBe('');
      expect(s.weightG, p.name).toBeGreaterThan(0);
      expect(s.weightG, p.name).toBeLessThan(10000);
      for (const field of REQUIRED_BY_ART[p.art] ?? [])
        expect(s[field], `${p.name} ${field}`).toBeDefined();
      if (s.lengthM !== undefined) expect(s.lengthM).toBeLessThanOrEqual(5);
      if (s.dimensionsMm)
        for (const side of Object.values(s.dimensionsMm)) expect(side).toBeGreaterThan(0);
    }
    expect(sheetOf('accessories:208')?.connector).toMatch(/USB/);
    expect(sheetOf('accessories:210')?.connector).toMatch(/USB/);
  });

  it('formats values with their units', () => {
    const rows = (key: string) =>
      Object.fromEntries(specRows(sheetOf(key)!, fixtureCatalogue).map((r) => [r.label, r.value]));
    expect(rows('switches:9')).toMatchObject({
      Type: 'Linear',
      'Actuation force': '45 gf',
      'Total travel': '4.0 mm',
      Pins: '3-pin',
      'Factory lubed': 'Yes',
    });
    expect(rows('keyboards:4')).toMatchObject({
      Size: 'TKL',
      'Switch sockets': 'Soldered',
      'Switches fitted': 'Brown Switch',
      'Polling rate': '125 Hz',
      Battery: '2,000 mAh',
    });
    expect(rows('keyboards:1')).not.toHaveProperty('Battery');
    expect(rows('accessories:209')['Dimensions (L × W × H)']).toBe('900 × 400 × 4 mm');
    expect(SPEC_FIELDS.switches.map((f) => f.label)).toContain('Bottom-out force');
  });
});

describe('filter values', () => {
  it('cover every value the sheets use', () => {
    for (const p of catalogue) {
      const s = specsOf(p);
      if (s.category === 'keyboards') {
        expect(KEYBOARD_SIZES).toContain(s.size);
        if (s.hotSwap !== null) expect(HOT_SWAP_SOCKETS).toContain(s.hotSwap);
        for (const link of s.connectivity) expect(KEYBOARD_LINKS).toContain(link);
      }
      if (s.category === 'switches') expect(SWITCH_TYPES).toContain(s.type);
    }
  });
});
