// The catalogue the migration seeds is the one shoppers saw before it moved into the database, and
// the server reads it back as those products, through each engine's driver (arrays, jsonb, ints).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProducts, fixtureRows } from '../../catalogue/__fixtures__/catalogue.ts';
import { databaseTargets, type TestDatabase } from '../test-support/index.ts';
import { productKeysByName, readCatalogue } from './index.ts';

describe.each(databaseTargets())('the catalogue in the database on $name', (target) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => db?.close());

  it('seeds exactly the products, prices, colours and sheets the shop sold', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      'SELECT * FROM public.catalogue_products ORDER BY position',
    );
    expect(rows.map(({ updated_at: _, ...row }) => row)).toEqual(fixtureRows);
  });

  it('reads every product, or only those asked for whatever their status', async () => {
    expect((await readCatalogue(db, 'all')).products).toEqual(fixtureProducts);
    await db.query(`UPDATE public.products SET status = 'archived' WHERE key = 'switches:205'`);
    const two = await readCatalogue(db, ['switches:205', 'keyboards:1', 'keyboards:999']);
    expect(two.products.map((p) => [p.key, p.status])).toEqual([
      ['keyboards:1', 'published'],
      ['switches:205', 'archived'],
    ]);
    expect((await readCatalogue(db, [])).products).toEqual([]);
  });

  it('leaves out a row that does not read as a product, with a warning', async () => {
    // A valid drawing for the column, but no keyboard layout.
    await db.query(`UPDATE public.products SET drawing = 'mouse' WHERE key = 'keyboards:2'`);
    const warnings: unknown[][] = [];
    const logger = { warn: (...args: unknown[]) => void warnings.push(args) };
    const read = await readCatalogue(db, ['keyboards:2', 'keyboards:3'], logger);
    expect(read.products.map((p) => p.key)).toEqual(['keyboards:3']);
    expect(warnings).toEqual([
      [
        { productKey: 'keyboards:2', reason: 'keyboard without connectivity or layout' },
        'catalogue: left out a product row that does not read',
      ],
    ]);
  });

  it('finds product keys by their current names', async () => {
    const keys = await productKeysByName(db, ['Blue Switch', 'Cable', 'Cable', 'No Such Thing']);
    expect(keys).toEqual(
      new Map([
        ['Blue Switch', 'switches:205'],
        ['Cable', 'accessories:208'],
      ]),
    );
  });
});
