// The official clients a browser or a script uses, pointed at a test shop: auth-js, postgrest-js,
// functions-js and storage-js with the anon key as apikey, as supabase-js builds them.
import { GoTrueClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { StorageClient } from '@supabase/storage-js';

/** Where the clients go: the shop's origin, its anon key and the fetch that reaches it. */
export interface ClientTarget {
  url: string;
  anonKey: string;
  fetch: typeof fetch;
}

/** auth-js with an in-memory session store (as a page's localStorage), never refreshing by itself. */
export function authClientFor(
  to: ClientTarget,
  options: { headers?: Record<string, string>; fetch?: typeof fetch } = {},
): GoTrueClient {
  const memory = new Map<string, string>();
  return new GoTrueClient({
    url: `${to.url}/auth/v1`,
    headers: { apikey: to.anonKey, Authorization: `Bearer ${to.anonKey}`, ...options.headers },
    fetch: options.fetch ?? to.fetch,
    storage: {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    },
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

/** postgrest-js as anon, or with a shopper's access token as the bearer. */
export function restClientFor(to: ClientTarget, accessToken?: string): PostgrestClient {
  return new PostgrestClient(`${to.url}/rest/v1`, {
    headers: { apikey: to.anonKey, Authorization: `Bearer ${accessToken ?? to.anonKey}` },
    fetch: to.fetch,
  });
}

/** storage-js as supabase-js builds it: apikey, and the access token (else the key) as bearer. */
export function storageClientFor(to: ClientTarget, accessToken?: string): StorageClient {
  return new StorageClient(
    `${to.url}/storage/v1`,
    { apikey: to.anonKey, Authorization: `Bearer ${accessToken ?? to.anonKey}` },
    to.fetch,
  );
}

/** functions-js as the browser uses it: apikey plus the shopper's bearer when signed in. */
export function functionsClientFor(to: ClientTarget, accessToken?: string): FunctionsClient {
  return new FunctionsClient(`${to.url}/functions/v1`, {
    headers: {
      apikey: to.anonKey,
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    customFetch: to.fetch,
  });
}

/** fetch(url + path) with the anon key as apikey and `token` (default: the anon key) as bearer. */
export function callFor(
  to: ClientTarget,
): (path: string, init?: RequestInit & { token?: string }) => Promise<Response> {
  return (p, init = {}) => {
    const { token, ...rest } = init;
    return to.fetch(`${to.url}${p}`, {
      ...rest,
      headers: {
        apikey: to.anonKey,
        Authorization: `Bearer ${token ?? to.anonKey}`,
        ...(rest.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(rest.headers as Record<string, string> | undefined),
      },
    });
  };
}
