// The backend clients. This module pulls in @supabase/* (~31 KB gzipped), so it is only ever
// reached through the dynamic import in supabase.ts and lands in its own chunk, off the first load.
import { GoTrueClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { authStorageKey } from './session-hint.ts';
import type { ShopDatabase } from './supabase-types.ts';

export interface BackendConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export interface BackendOptions {
  /** Where requests go; tests route them into the real server in-process. */
  fetch?: typeof fetch;
  /** Off in tests that must not leave a 30 s ticker behind. */
  autoRefreshToken?: boolean;
  /** Defaults to supabase-js's key for the URL; tests give each simulated page load its own. */
  storageKey?: string;
}

export interface Backend {
  auth: GoTrueClient;
  db: PostgrestClient<ShopDatabase>;
  functions: FunctionsClient;
  /** Stops the refresh ticker, the cross-tab channel and the listeners (tests, or teardown). */
  dispose(): Promise<void>;
}

/** Builds the three clients as supabase-js's createClient would wire them, minus realtime/storage. */
export function createBackend(config: BackendConfig, options: BackendOptions = {}): Backend {
  const baseUrl = config.supabaseUrl.replace(/\/+$/, '');
  const apikey = config.supabaseAnonKey;
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));

  const auth = new GoTrueClient({
    url: `${baseUrl}/auth/v1`,
    headers: { apikey, Authorization: `Bearer ${apikey}` },
    storageKey: options.storageKey ?? authStorageKey(baseUrl),
    persistSession: true,
    autoRefreshToken: options.autoRefreshToken ?? true,
    detectSessionInUrl: false,
    fetch: baseFetch,
  });

  // Data and function calls carry the shopper's token. getSession() refreshes a token that is
  // about to expire before handing it out, so a call never goes out with a stale one.
  // Like supabase-js, functions get no anonymous bearer when the key is not a JWT (sb_publishable_).
  const withAuth =
    (anonymousBearer: boolean): typeof fetch =>
    async (input, init) => {
      const { data } = await auth.getSession();
      const token = data.session?.access_token ?? (anonymousBearer ? apikey : null);
      const headers = new Headers(init?.headers);
      if (!headers.has('apikey')) headers.set('apikey', apikey);
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return baseFetch(input, { ...init, headers });
    };

  const db = new PostgrestClient<ShopDatabase>(`${baseUrl}/rest/v1`, { fetch: withAuth(true) });
  const functions = new FunctionsClient(`${baseUrl}/functions/v1`, {
    customFetch: withAuth(!apikey.startsWith('sb_')),
  });

  return {
    auth,
    db,
    functions,
    dispose: () => auth.dispose(),
  };
}
