import { describe, expect, it } from 'vitest';
import facts from './__fixtures__/catalogue-facts.json' with { type: 'json' };
import {
  accessories,
  fixtureCatalogue,
  fixtureProducts as catalogue,
  keyboards,
  switches,
} from './__fixtures__/catalogue.ts';
import { createCatalogue, parseProductKey, productKey } from './index.ts';
import type { Category } from './types.ts';

// The catalogue the shop started with (the first rows of public.products; a server test checks
// the migration's rows against the same fixture): the facts, kept exactly.
const findProduct = (category: Category, id: number) => fixtureCatalogue.byKey(`${category}:${id}`);
const findProductByKey = (key: string) => fixtureCatalogue.byKey(key);
const findProductByName = (name: string) => fixtureCatalogue.byName(name);
const productsByCategory = (category: Category) => fixtureCatalogue.byCategory(category);

// Where the shop corrects the catalogue facts (docs/product.md, Catalogue): the Blue Switch clicks.
const CORRECTIONS: Record<string, Record<string, unknown>> = { 'switches:205': { type: 'Clicky' } };

describe('catalogue', () => {
  it('has 19 keyboards, 16 switches and 19 accessories', () => {
    expect(keyboards).toHaveLength(19);
    expect(switches).toHaveLength(16);
    expect(accessories).toHaveLength(19);
    expect(catalogue).toHaveLength(54);
  });

  it('gives every product a unique name across the whole catalogue', () => {
    const names = catalogue.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('preselects a colour that is among the available colours', () => {
    for (const p of catalogue) expect(p.availableColors, p.name).toContain(p.selectedColor);
  });

  it('keys products by category and id, uniquely, though ids overlap', () => {
    const keys = catalogue.map((p) => p.key);
    expect(new Set(keys).size).toBe(54);
    for (const p of catalogue) expect(p.key).toBe(productKey(p.category, p.id));
    expect(findProduct('switches', 205)?.name).toBe('Blue Switch');
    expect(findProduct('accessories', 205)?.name).toBe('Keycap Puller');
  });

  it('matches the catalogue facts exactly (ids, names, prices, colours, ratings, connectivity, type)', () => {
    for (const category of Object.keys(facts) as Category[]) {
      const ours = productsByCategory(category);
      expect(ours.map((p) => p.id)).toEqual(facts[category].map((f) => f.id));
      for (const given of facts[category]) {
        const fact = { ...given, ...CORRECTIONS[productKey(category, given.id)] };
        const p = findProduct(category, fact.id);
        expect(p, `${category}:${fact.id}`).toBeDefined();
        expect(p).toMatchObject(fact);
        // No connectivity or type of our own where the facts give none (the cleaner kit has no type).
        const ours: Record<string, unknown> = { ...p };
        const theirs: Record<string, unknown> = fact;
        for (const k of ['connectivity', 'type']) expect(ours[k], k).toBe(theirs[k]);
      }
    }
  });

  it('prices every product in whole cents matching its dollar price', () => {
    expect(findProduct('switches', 8)?.priceCents).toBe(250);
    for (const p of catalogue) expect(p.priceCents).toBe(Math.round(p.price * 100));
  });

  it('describes every product in one to three sentences of its own', () => {
    const texts = catalogue.map((p) => p.description);
    expect(new Set(texts).size).toBe(54);
    for (const p of catalogue) {
      const sentences = p.description.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, p.name).toBeGreaterThanOrEqual(1);
      expect(sentences.length, p.name).toBeLessThanOrEqual(3);
      expect(p.description.length, p.name).toBeGreaterThan(60);
    }
  });

  it('finds products by key and by exact name', () => {
    expect(findProductByKey('accessories:206')?.name).toBe('Switch Tester');
    expect(findProductByKey('switches:206')?.name).toBe('Teal Switch');
    expect(findProductByKey('keyboards:999')).toBeUndefined();
    expect(findProductByKey('nonsense')).toBeUndefined();
    expect(findProductByName('Headset stand')?.key).toBe('accessories:201');
    expect(findProductByName('headset stand')).toBeUndefined();
  });

  it('parses well-formed keys only', () => {
    expect(parseProductKey('switches:205')).toEqual({ category: 'switches', id: 205 });
    expect(parseProductKey('switch:205')).toBeUndefined();
    expect(parseProductKey('switches:-1')).toBeUndefined();
    expect(parseProductKey('switches:1.5')).toBeUndefined();
  });

  it('lists a category in catalogue order and gives keyboards a drawable layout', () => {
    expect(productsByCategory('keyboards')).toBe(keyboards);
    const layouts = new Set(keyboards.map((k) => k.layout));
    expect([...layouts].sort()).toEqual(['compact', 'ergonomic', 'full', 'tkl']);
  });

  it('gives every product a unique address and every colour a unique SKU', () => {
    const urlKeys = catalogue.map((p) => p.urlKey);
    expect(new Set(urlKeys).size).toBe(54);
    for (const key of urlKeys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(findProductByKey('keyboards:1')?.urlKey).toBe('mechanical-keyboard-pro');
    expect(fixtureCatalogue.byUrlKey('blue-switch')?.key).toBe('switches:205');
    const skus = catalogue.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const p of catalogue) expect(p.variants.map((v) => v.color)).toEqual(p.availableColors);
  });
});

describe('createCatalogue', () => {
  it('orders categories keyboards, switches, accessories whatever order it is given', () => {
    const mixed = createCatalogue([...accessories, ...switches, ...keyboards]);
    expect(mixed.products.map((p) => p.key)).toEqual(catalogue.map((p) => p.key));
    expect(mixed.byCategory('switches')).toEqual(switches);
  });

  it('finds nothing in an empty catalogue', () => {
    const empty = createCatalogue([]);
    expect(empty.byKey('keyboards:1')).toBeUndefined();
    expect(empty.byCategory('keyboards')).toEqual([]);
  });
});
