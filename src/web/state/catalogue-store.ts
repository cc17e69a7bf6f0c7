// The shop's products (public.catalogue_products, ADR 0045, catalogue in the database): one
// request for the whole published catalogue, shared by every page that shows products. Pages
// wait for the first answer (loading, then ready, or failed with a retry); once read, the catalogue
// stays on screen while it is read again: on a page's mount or the tab's return to view after
// CATALOGUE_FRESH_MS, so a price staff changed reaches an open tab without a reload. The server
// answers with an ETag, so the browser's HTTP cache asks again with If-None-Match and an unchanged
// catalogue costs a 304. Lazy pages only: rows.ts brings zod/mini, which home never loads.
import { createCatalogue, type Catalogue } from '../../catalogue/lookup.ts';
import { CATALOGUE_COLUMNS, readCatalogueRows } from '../../catalogue/rows.ts';
import type { Product } from '../../catalogue/types.ts';
import type { PublicData } from '../lib/supabase.ts';

/** How long a catalogue read is fresh; then a page's mount or the tab's return reads it again. */
export const CATALOGUE_FRESH_MS = 60_000;

const LOG_FAILED = 'Could not load the catalogue:';
const LOG_REJECTED = 'Catalogue rows left out:';

export type CatalogueState =
  { status: 'loading' } | { status: 'ready'; catalogue: Catalogue } | { status: 'failed' };

export interface CatalogueStore {
  getSnapshot(): CatalogueState;
  subscribe(listener: () => void): () => void;
  /**
   * Reads the catalogue unless a read is under way (then shared) or the one held is fresh. Until a
   * first read succeeds a failure makes the state 'failed' (the next load retries); after it, a
   * failure is only logged and the catalogue held stays.
   */
  load(publicData: () => Promise<PublicData>): Promise<void>;
  /** Holds this catalogue as if just read (tests). */
  set(catalogue: Catalogue): void;
  /** Forgets everything (tests). */
  reset(): void;
}

/** Every row of public.catalogue_products this client may read, in the shop's order. */
async function selectRows({ db }: PublicData): Promise<unknown[]> {
  const { data, error } = await db
    .from('catalogue_products')
    .select(CATALOGUE_COLUMNS)
    .order('position');
  if (error) throw error;
  return data;
}

/** The products of these rows; a row that does not read is logged and left out, never half-read. */
function productsOf(rows: readonly unknown[]): Product[] {
  const { products, rejected } = readCatalogueRows(rows);
  if (rejected.length > 0) console.warn(LOG_REJECTED, rejected);
  return products;
}

/**
 * Every product the client may read, whatever its status: the back office's stock editor, whose
 * staff token reads drafts and archived products too. Not kept: staff see it as it is now.
 */
export async function fetchAllProducts(client: PublicData): Promise<Catalogue> {
  return createCatalogue(productsOf(await selectRows(client)));
}

const LOADING: CatalogueState = { status: 'loading' };
const FAILED: CatalogueState = { status: 'failed' };

export function createCatalogueStore(now = () => Date.now()): CatalogueStore {
  let state = LOADING;
  let loadedAt = -Infinity;
  // The rows last read, as text: a read that answers the same keeps the same catalogue, so
  // nothing re-renders and the products' cached search terms stay.
  let rowsText = '';
  let loading: Promise<void> | undefined;
  // The last client a page gave, for the reads the tab's return to view starts.
  let source: (() => Promise<PublicData>) | undefined;
  // A read started before reset() (tests) publishes nothing.
  let generation = 0;
  const listeners = new Set<() => void>();

  const publish = (next: CatalogueState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const read = async (publicData: () => Promise<PublicData>) => {
    const started = generation;
    try {
      const rows = await selectRows(await publicData());
      if (started !== generation) return;
      const text = JSON.stringify(rows);
      loadedAt = now();
      if (text === rowsText && state.status === 'ready') return;
      rowsText = text;
      // A staff member's token reads drafts and archived products too: the shop shows neither.
      const published = productsOf(rows).filter((p) => p.status === 'published');
      publish({ status: 'ready', catalogue: createCatalogue(published) });
    } catch (error) {
      if (started !== generation) return;
      console.warn(LOG_FAILED, error);
      if (state.status !== 'ready') publish(FAILED);
    }
  };

  const load = (publicData: () => Promise<PublicData>) => {
    source = publicData;
    if (loading) return loading;
    if (state.status === 'ready' && now() - loadedAt < CATALOGUE_FRESH_MS) return Promise.resolve();
    if (state.status === 'failed') publish(LOADING);
    const pending = read(publicData).finally(() => {
      if (loading === pending) loading = undefined;
    });
    loading = pending;
    return pending;
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible' && source) void load(source);
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      if (listeners.size === 0) document.addEventListener('visibilitychange', onVisible);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) document.removeEventListener('visibilitychange', onVisible);
      };
    },
    load,
    set(catalogue) {
      rowsText = '';
      loadedAt = now();
      publish({ status: 'ready', catalogue });
    },
    reset() {
      generation += 1;
      rowsText = '';
      loadedAt = -Infinity;
      loading = undefined;
      source = undefined;
      publish(LOADING);
    },
  };
}

export const catalogueStore: CatalogueStore = createCatalogueStore();
