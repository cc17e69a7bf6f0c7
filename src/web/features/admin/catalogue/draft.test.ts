import { describe, expect, it } from 'vitest';
import { fixtureRows } from '../../../../catalogue/__fixtures__/catalogue.ts';
import type { CatalogueRow } from '../../../../catalogue/rows.ts';
import { checkDraft, draftOf, suggestUrlKey } from './draft.ts';
import { inputOf } from './sheet-form.ts';

const rows = fixtureRows as CatalogueRow[];
const opened = (row: CatalogueRow) => draftOf({ ...row, updated_at: '2026-11-28T12:00:00+00:00' });

describe('the editor form', () => {
  it.each(rows.map((row) => [row.key, row] as const))(
    'gives %s back as it was when nothing is changed',
    (_key, row) => {
      const checked = checkDraft(opened(row));
      if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
      expect(checked.payload).toEqual({
        category: row.category,
        url_key: row.url_key,
        name: row.name,
        description: row.description,
        price_cents: row.price_cents,
        selected_color: row.selected_color,
        connectivity: row.connectivity,
        product_type: row.product_type,
        drawing: row.drawing,
        specs: row.specs,
        variants: row.variants,
      });
    },
  );

  it('suggests an address from a name: lowercase words joined by hyphens', () => {
    expect(suggestUrlKey('RGB Board 75% – Édition Spéciale!')).toBe(
      'rgb-board-75-edition-speciale',
    );
    expect(suggestUrlKey('  --  ')).toBe('');
  });

  it('asks an accessory for the fields its kind needs', () => {
    const cable = opened(rows.find((row) => row.key === 'accessories:208')!);
    const sheet = inputOf('accessories', { material: 'Nylon', weightG: 40 });
    const checked = checkDraft({ ...cable, sheet });
    expect(checked.ok ? {} : checked.errors).toEqual({
      'spec:lengthM': 'Needed for this kind of accessory.',
      'spec:connector': 'Needed for this kind of accessory.',
    });
  });

  it('says which side of the dimensions is missing, and that a polling rate is whole', () => {
    const stand = opened(rows.find((row) => row.key === 'accessories:201')!);
    const board = opened(rows.find((row) => row.key === 'keyboards:1')!);
    const side = checkDraft({ ...stand, sheet: { ...stand.sheet, 'dimensionsMm.width': '' } });
    const rate = checkDraft({ ...board, sheet: { ...board.sheet, pollingRateHz: '999.5' } });
    expect(side.ok ? {} : side.errors).toEqual({ 'spec:dimensionsMm': 'Width (W): Fill this in.' });
    expect(rate.ok ? {} : rate.errors).toEqual({ 'spec:pollingRateHz': 'Must be a whole number.' });
  });
});
