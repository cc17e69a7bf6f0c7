import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureRows } from '../../catalogue/__fixtures__/catalogue.ts';
import { CATALOGUE_FRESH_MS, createCatalogueStore } from './catalogue-store.ts';
import { fakeCatalogueData, rowsWith, type CatalogueAnswer } from './catalogue.testing.ts';

afterEach(() => vi.restoreAllMocks());

/** A store on a clock the test moves, and a data client whose next answer the test decides. */
function storeAnswering(first: CatalogueAnswer = fixtureRows) {
  let time = 1_000_000;
  let answer: CatalogueAnswer = first;
  const data = fakeCatalogueData(() => answer);
  const store = createCatalogueStore(() => time);
  return {
    store,
    reads: data.reads,
    load: () => store.load(data.publicData),
    answer: (next: CatalogueAnswer) => (answer = next),
    wait: (ms: number) => (time += ms),
  };
}

const catalogueOf = (state: ReturnType<ReturnType<typeof createCatalogueStore>['getSnapshot']>) => {
  if (state.status !== 'ready') throw new Error(`catalogue is ${state.status}`);
  return state.catalogue;
};

function becomeVisible() {
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the catalogue store', () => {
  it('reads the published catalogue once, shared by the loads made meanwhile', async () => {
    const shop = storeAnswering();
    expect(shop.store.getSnapshot()).toEqual({ status: 'loading' });
    await Promise.all([shop.load(), shop.load()]);
    expect(shop.reads()).toBe(1);
    const catalogue = catalogueOf(shop.store.getSnapshot());
    expect(catalogue.byCategory('keyboards')).toHaveLength(19);
    expect(catalogue.byKey('switches:205')?.name).toBe('Blue Switch');
    // Fresh: a page mounted now asks nothing.
    await shop.load();
    expect(shop.reads()).toBe(1);
  });

  it('leaves out products that are not published and rows that do not read, logging the latter', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const rows = rowsWith('keyboards:1', { status: 'archived' });
    rows.push({ key: 'keyboards:77', category: 'keyboards' }); // half a row
    const shop = storeAnswering(rows);
    await shop.load();
    const catalogue = catalogueOf(shop.store.getSnapshot());
    expect(catalogue.byKey('keyboards:1')).toBeUndefined();
    expect(catalogue.byCategory('keyboards')).toHaveLength(18);
    expect(warn).toHaveBeenCalledWith('Catalogue rows left out:', [
      { key: 'keyboards:77', reason: 'not a catalogue row' },
    ]);
  });

  it('fails when the first read fails, and the next load retries', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shop = storeAnswering(new Error('offline'));
    await shop.load();
    expect(shop.store.getSnapshot()).toEqual({ status: 'failed' });
    expect(warn).toHaveBeenCalledWith('Could not load the catalogue:', new Error('offline'));

    shop.answer(fixtureRows);
    const states: string[] = [];
    const unsubscribe = shop.store.subscribe(() => states.push(shop.store.getSnapshot().status));
    await shop.load();
    unsubscribe();
    expect(states).toEqual(['loading', 'ready']);
  });

  it('reads again when the tab is shown after a while: a new price, or the same catalogue', async () => {
    const shop = storeAnswering();
    const unsubscribe = shop.store.subscribe(() => undefined);
    await shop.load();
    const first = catalogueOf(shop.store.getSnapshot());

    becomeVisible();
    expect(shop.reads()).toBe(1); // still fresh

    shop.wait(CATALOGUE_FRESH_MS);
    becomeVisible();
    await vi.waitFor(() => expect(shop.reads()).toBe(2));
    // Unchanged (the server's 304): the very same catalogue, so nothing re-renders.
    await vi.waitFor(() =>
      expect(shop.store.getSnapshot()).toEqual({ status: 'ready', catalogue: first }),
    );
    expect(catalogueOf(shop.store.getSnapshot())).toBe(first);

    shop.answer(rowsWith('switches:8', { price_cents: 300 }));
    shop.wait(CATALOGUE_FRESH_MS);
    becomeVisible();
    await vi.waitFor(() =>
      expect(catalogueOf(shop.store.getSnapshot()).byKey('switches:8')?.priceCents).toBe(300),
    );
    unsubscribe();
  });

  it('keeps the catalogue it holds when a later read fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shop = storeAnswering();
    await shop.load();
    const held = catalogueOf(shop.store.getSnapshot());
    shop.answer(new Error('offline'));
    shop.wait(CATALOGUE_FRESH_MS);
    await shop.load();
    expect(shop.reads()).toBe(2);
    expect(warn).toHaveBeenCalledOnce();
    expect(catalogueOf(shop.store.getSnapshot())).toBe(held);
  });
});
