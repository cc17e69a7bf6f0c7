import { describe, expect, it } from 'vitest';
import { fixtureRows } from './__fixtures__/catalogue.ts';
import { readCatalogueRow, readCatalogueRows, type CatalogueRow } from './rows.ts';

const blueSwitch = fixtureRows.find(
  (r) => (r as CatalogueRow).key === 'switches:205',
) as CatalogueRow;
const board = fixtureRows[0] as CatalogueRow;

const reason = (raw: unknown) => {
  const reading = readCatalogueRow(raw);
  return reading.ok ? 'read' : reading.reason;
};

describe('reading rows of public.catalogue_products', () => {
  it('reads every row the shop started with', () => {
    const { products, rejected } = readCatalogueRows(fixtureRows);
    expect(rejected).toEqual([]);
    expect(products).toHaveLength(54);
  });

  it('turns a row into a product: cents and dollars, colours in order, the sheet with its category', () => {
    const reading = readCatalogueRow(blueSwitch);
    expect(reading.ok).toBe(true);
    if (!reading.ok || reading.product.category !== 'switches') return;
    const p = reading.product;
    expect(p).toMatchObject({ key: 'switches:205', urlKey: 'blue-switch', type: 'Clicky' });
    expect(p.price).toBe(p.priceCents / 100);
    expect(p.availableColors).toEqual(blueSwitch.variants.map((v) => v.color));
    expect(p.specs).toMatchObject({ category: 'switches', type: 'Clicky', pins: 3 });
  });

  it('leaves out, with a reason, a row that is not a product it can show', () => {
    expect(reason(null)).toBe('not a catalogue row');
    expect(reason({ ...board, price_cents: -5 })).toBe('not a catalogue row');
    expect(reason({ ...board, key: 'keyboards:2' })).toBe('key does not match category and id');
    expect(reason({ ...board, selected_color: 'Plaid' })).toBe('default colour is not a variant');
    expect(reason({ ...board, drawing: 'spaceship' })).toBe(
      'keyboard without connectivity or layout',
    );
    expect(reason({ ...blueSwitch, product_type: 'Wobbly' })).toBe('switch without a type');
  });

  it('names what is wrong with a specification sheet', () => {
    const sheet = (specs: Record<string, unknown>) => reason({ ...board, specs });
    expect(sheet({ ...board.specs, weightG: -1 })).toBe(
      'specification sheet: weightG: must be more than 0',
    );
    expect(sheet({ ...board.specs, colour: 'red' })).toBe(
      'specification sheet: unknown field colour',
    );
    const { size: _size, ...noSize } = board.specs;
    expect(sheet(noSize)).toBe('specification sheet: size: missing');
    expect(sheet({ ...board.specs, size: '40%' })).toBe(
      'specification sheet: size: must be one of 60%, 65%, 75%, TKL, Full, Split',
    );
  });

  it('reads the rest when one row does not fit', () => {
    const { products, rejected } = readCatalogueRows([board, { ...blueSwitch, variants: [] }]);
    expect(products.map((p) => p.key)).toEqual(['keyboards:1']);
    expect(rejected).toEqual([{ key: 'switches:205', reason: 'default colour is not a variant' }]);
  });
});
