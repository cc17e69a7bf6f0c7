// The backend clients. This module pulls in @supabase/* (~31 KB gzipped), so it is only ever
// reached through the dynamic import in supabase.ts and lands in its own chunk, off the first load.
import {
  GoTrueClient,
  type AuthResponse,
  type SignUpWithPasswordCredentials,
} from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { authStorageKey } from './session-hint.ts';
import type { Database } from '../../contracts/database.ts';

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
  db: PostgrestClient<Database>;
  functions: FunctionsClient;
  /**
   * Creates an account without signing this page in. The server answers a confirmed sign-up with
   * a session, as GoTrue does, but the shop has shoppers log in next (docs/product.md, Sign up):
   * a client of its own, which keeps nothing, takes that session and ends it on the server.
   */
  signUp(credentials: SignUpWithPasswordCredentials): Promise<AuthResponse>;
  /** Stops the refresh ticker, the cross-tab channel and the listeners (tests, or teardown). */
  dispose(): Promise<void>;
}

/** Builds the three clients as supabase-js's createClient would wire them, minus realtime/storage. */
export function createBackend(config: BackendConfig, options: BackendOptions = {}): Backend {
  const baseUrl = config.supabaseUrl.replace(/\/+$/, '');
  const apikey = config.supabaseAnonKey;
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));

  const storageKey = options.storageKey ?? authStorageKey(baseUrl);
  const authSettings = {
    url: `${baseUrl}/auth/v1`,
    headers: { apikey, Authorization: `Bearer ${apikey}` },
    detectSessionInUrl: false,
    fetch: baseFetch,
  };
  const auth = new GoTrueClient({
    ...authSettings,
    storageKey,
    persistSession: true,
    autoRefreshToken: options.autoRefreshToken ?? true,
  });

  async function signUp(credentials: SignUpWithPasswordCredentials): Promise<AuthResponse> {
    const apart = new GoTrueClient({
      ...authSettings,
      storageKey: `${storageKey}-sign-up`,
      persistSession: false,
      autoRefreshToken: false,
    });
    try {
      const result = await apart.signUp(credentials);
      if (!result.data.session) return result;
      // A failure here leaves a session nobody holds; it ends when its token expires.
      await apart.signOut({ scope: 'local' });
      return { data: { user: result.data.user, session: null }, error: null };
    } finally {
      await apart.dispose();
    }
  }

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

  const db = new PostgrestClient<Database>(`${baseUrl}/rest/v1`, { fetch: withAuth(true) });
  const functions = new FunctionsClient(`${baseUrl}/functions/v1`, {
    customFetch: withAuth(!apikey.startsWith('sb_')),
  });

  return {
    auth,
    db,
    functions,
    signUp,
    dispose: () => auth.dispose(),
  };
}
