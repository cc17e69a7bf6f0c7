// The entry to the backend for the rest of the app. Only types come from supabase-clients.ts here;
// the clients themselves are fetched with import() so they stay out of the first-load chunk.
import { readAppConfig } from './config.ts';
import { loadOnce } from './load-once.ts';
import type { PublicData } from './public-data.ts';
import type { Backend } from './supabase-clients.ts';

export type { PublicData } from './public-data.ts';
export type { Backend } from './supabase-clients.ts';

/** The app's backend clients, created once from the page's app-config tag on first use. */
export const loadBackend: () => Promise<Backend> = loadOnce(() =>
  import('./supabase-clients.ts').then(({ createBackend }) => createBackend(readAppConfig())),
);

/** The anonymous data client alone (public-data.ts), for reads anyone may make. */
export const loadPublicData: () => Promise<PublicData> = loadOnce(() =>
  import('./public-data.ts').then(({ createPublicData }) => createPublicData(readAppConfig())),
);
