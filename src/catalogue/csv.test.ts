import { describe, expect, it } from 'vitest';
import { fixtureRows } from './__fixtures__/catalogue.ts';
import { planProductImport, productsCsv, type HeldRow } from './csv.ts';
import { saveInputOf, type CatalogueRow } from './rows.ts';

const rows = fixtureRows as CatalogueRow[];
const held: HeldRow[] = rows.map((row) => ({ ...row, updated_at: '2026-11-28T10:00:00.000Z' }));
const exported = productsCsv(rows);
const lines = exported.split('\r\n').filter(Boolean);
/** The export with line n (1-based, header is 1) replaced by `text`. */
const withLine = (n: number, text: string) =>
  lines.map((l, i) => (i === n - 1 ? text : l)).join('\r\n');

describe('products CSV', () => {
  it('exports a header and one line per product, prices in dollars, colours and SKUs as lists', () => {
    expect(lines).toHaveLength(55);
    expect(lines[0]).toBe(
      '"Key","Name","Address","Category","Status","Price (USD)","Colours","SKUs","Description"',
    );
    expect(lines[1]).toMatch(
      /^"keyboards:1","Mechanical Keyboard Pro","mechanical-keyboard-pro","keyboards","published",120\.00,"Black \| White \| Red","KB-1-BLACK \| KB-1-WHITE \| KB-1-RED","A full-size/,
    );
  });

  it('plans nothing for its own export: every line matches the shop', () => {
    expect(planProductImport(exported, held)).toEqual({ changes: [], errors: [], unchanged: 54 });
  });

  it('lists every change of a line, field by field, with the product as it would be saved', () => {
    const text = withLine(
      2,
      '"keyboards:1","Mechanical Keyboard Pro II","mechanical-keyboard-pro","keyboards","draft",129.99,"White | Black","KB-1-WHITE | KB-1-BLACK","New words."',
    );
    const plan = planProductImport(text, held);
    expect(plan.errors).toEqual([]);
    expect(plan.unchanged).toBe(53);
    expect(plan.changes).toHaveLength(1);
    const [change] = plan.changes;
    expect(change).toMatchObject({
      line: 2,
      key: 'keyboards:1',
      name: 'Mechanical Keyboard Pro II',
    });
    expect(change!.changes).toEqual([
      { field: 'name', before: 'Mechanical Keyboard Pro', after: 'Mechanical Keyboard Pro II' },
      { field: 'status', before: 'published', after: 'draft' },
      { field: 'price', before: '$120.00', after: '$129.99' },
      { field: 'colours', before: 'Black | White | Red', after: 'White | Black' },
      {
        field: 'skus',
        before: 'KB-1-BLACK | KB-1-WHITE | KB-1-RED',
        after: 'KB-1-WHITE | KB-1-BLACK',
      },
      { field: 'description', before: rows[0]!.description, after: 'New words.' },
    ]);
    expect(change!.next).toMatchObject({
      price_cents: 12999,
      selected_color: 'Black',
      status: 'draft',
    });
    expect(saveInputOf(change!.next, change!.expectedUpdatedAt)).toMatchObject({
      key: 'keyboards:1',
      expected_updated_at: '2026-11-28T10:00:00.000Z',
      price_cents: 12999,
      specs: rows[0]!.specs,
      variants: [
        { color: 'White', sku: 'KB-1-WHITE' },
        { color: 'Black', sku: 'KB-1-BLACK' },
      ],
    });
    expect(change!.expectedUpdatedAt).toBe('2026-11-28T10:00:00.000Z');
  });

  it('reports every error by line and plans no change for a line with errors', () => {
    const text = [
      lines[0],
      '"keyboards:999","Ghost","ghost","keyboards","published",1.00,"Black","KB-999-BLACK",""',
      '"keyboards:1","","Bad Address","switches","sold",-3,"Black | Black","kb-1",""',
      lines[2],
      lines[2],
    ].join('\r\n');
    const plan = planProductImport(text, held);
    expect(plan.changes).toEqual([]);
    expect(plan.errors).toEqual([
      {
        line: 2,
        message: 'Unknown product key "keyboards:999": new products are made in the editor.',
      },
      { line: 3, message: 'Name must have 1 to 120 characters.' },
      {
        line: 3,
        message: 'Address must be lowercase letters and digits joined by hyphens (at most 80).',
      },
      { line: 3, message: 'Category cannot change (it is keyboards).' },
      { line: 3, message: 'Status must be one of draft, published, archived.' },
      { line: 3, message: 'Price must be an amount in dollars above 0, like 129.99.' },
      { line: 3, message: 'Colours must differ from each other.' },
      { line: 3, message: 'SKUs must give one SKU per colour, in the same order.' },
      { line: 3, message: 'A SKU is uppercase letters and digits joined by hyphens (at most 40).' },
      { line: 5, message: 'keyboards:2 is on an earlier line already.' },
    ]);
  });

  it('refuses a name, address or SKU another product has', () => {
    const text = withLine(
      2,
      '"keyboards:1","Gaming Keyboard X","gaming-keyboard-x","keyboards","published",120.00,"Black","KB-2-BLACK",""',
    );
    const messages = planProductImport(text, held).errors.map((e) => `${e.line}: ${e.message}`);
    expect(messages).toEqual([
      '2: Another product is named "Gaming Keyboard X" (Gaming Keyboard X).',
      '2: Another product has the address "gaming-keyboard-x" (Gaming Keyboard X).',
      '2: Another product has the SKU KB-2-BLACK (Gaming Keyboard X).',
    ]);
  });

  it('refuses a file without the header, naming what is missing', () => {
    const plan = planProductImport('"Key","Name"\r\n"keyboards:1","X"\r\n', held);
    expect(plan.changes).toEqual([]);
    expect(plan.errors).toHaveLength(1);
    expect(plan.errors[0]!.line).toBe(1);
    expect(plan.errors[0]!.message).toMatch(/missing: Address, Category, Status/);
  });

  it('reads back a text the export guarded against spreadsheet formulas', () => {
    const text = withLine(
      2,
      `"keyboards:1","'=Board","mechanical-keyboard-pro","keyboards","published",120.00,"Black | White | Red","KB-1-BLACK | KB-1-WHITE | KB-1-RED","${rows[0]!.description}"`,
    );
    const [change] = planProductImport(text, held).changes;
    expect(change?.changes).toEqual([
      { field: 'name', before: 'Mechanical Keyboard Pro', after: '=Board' },
    ]);
  });
});
