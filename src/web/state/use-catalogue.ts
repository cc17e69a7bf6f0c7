import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { EMPTY_CATALOGUE, type Catalogue } from '../../catalogue/lookup.ts';
import { sessionStore, useSessionStore } from '../lib/session-react.tsx';
import { catalogueStore, type CatalogueState } from './catalogue-store.ts';

export type CatalogueView = CatalogueState & {
  /** Reads the catalogue again after a failure (the failed page's "Try again"). */
  retry: () => void;
};

/**
 * The shop's catalogue for a page: loading, ready or failed. Mounting reads it (at once: the page
 * has nothing to show without it), unless it is fresh or already being read, as it is when the
 * router started it beside the page's chunk (preloadCatalogue).
 */
export function useCatalogue(): CatalogueView {
  const session = useSessionStore();
  const state = useSyncExternalStore(
    catalogueStore.subscribe,
    catalogueStore.getSnapshot,
    catalogueStore.getSnapshot,
  );
  const retry = useCallback(() => void catalogueStore.load(() => session.publicData()), [session]);
  useEffect(retry, [retry]);
  return { ...state, retry };
}

/**
 * The catalogue where it only adds to what a page shows (order history's thumbnails): the empty
 * one until read, or when it cannot be.
 */
export function useCatalogueOrEmpty(): Catalogue {
  const view = useCatalogue();
  return view.status === 'ready' ? view.catalogue : EMPTY_CATALOGUE;
}

/** Starts reading the catalogue for a page whose chunk the router is fetching (app/routes.tsx). */
export function preloadCatalogue(): void {
  void catalogueStore.load(() => sessionStore.publicData());
}
