// The entry to the backend for the rest of the app. Only types come from supabase-clients.ts here;
// the clients themselves are fetched with import() so they stay out of the first-load chunk.
import { readAppConfig } from './config.ts';
import type { PublicData } from './public-data.ts';
import type { Backend } from './supabase-clients.ts';

export type { PublicData } from './public-data.ts';
export type { Backend } from './supabase-clients.ts';

let loading: Promise<Backend> | undefined;

/** The app's backend clients, created once from the page's app-config tag on first use. */
export function loadBackend(): Promise<Backend> {
  loading ??= import('./supabase-clients.ts')
    .then(({ createBackend }) => createBackend(readAppConfig()))
    .catch((error: unknown) => {
      loading = undefined; // a failed chunk load may succeed on the next try
      throw error;
    });
  return loading;
}

let loadingPublic: Promise<PublicData> | undefined;

/** The anonymous data client alone (public-data.ts), for reads anyone may make. */
export function loadPublicData(): Promise<PublicData> {
  loadingPublic ??= import('./public-data.ts')
    .then(({ createPublicData }) => createPublicData(readAppConfig()))
    .catch((error: unknown) => {
      loadingPublic = undefined;
      throw error;
    });
  return loadingPublic;
}
