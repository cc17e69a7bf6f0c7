// The catalogue store against the REAL server (src/web/lib/test-shop.testing.tsx): the view's rows
// as the data API answers them read into the shop's products, as a visitor's page reads them.
import { describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../catalogue/__fixtures__/catalogue.ts';
import { createPublicData } from '../lib/public-data.ts';
import { testShopPerFile } from '../lib/test-shop.testing.tsx';
import { createCatalogueStore } from './catalogue-store.ts';

const shop = testShopPerFile();

/** A fresh store reading through the anonymous client, as a visitor's list page does. */
async function visitorCatalogue() {
  const { url, anonKey } = shop.server;
  const client = createPublicData({ supabaseUrl: url, supabaseAnonKey: anonKey });
  const store = createCatalogueStore();
  await store.load(() => Promise.resolve(client));
  const state = store.getSnapshot();
  if (state.status !== 'ready') throw new Error(`the catalogue is ${state.status}`);
  return state.catalogue;
}

describe('the catalogue read from the shop', () => {
  it('is the catalogue the shop started with, every row read', async () => {
    const catalogue = await visitorCatalogue();
    expect(catalogue.products.map((p) => p.key)).toEqual(
      fixtureCatalogue.products.map((p) => p.key),
    );
    expect(catalogue.byKey('switches:205')).toEqual(fixtureCatalogue.byKey('switches:205'));
  });

  it('leaves out a product staff archived, and shows a new price', async () => {
    await shop.server.query(
      `UPDATE public.products SET status = 'archived' WHERE key = 'keyboards:1'`,
    );
    await shop.server.query(
      `UPDATE public.products SET price_cents = 275 WHERE key = 'switches:8'`,
    );
    const catalogue = await visitorCatalogue();
    expect(catalogue.byKey('keyboards:1')).toBeUndefined();
    expect(catalogue.byCategory('keyboards')).toHaveLength(18);
    expect(catalogue.byKey('switches:8')?.priceCents).toBe(275);
  });
});
