// The client for what anyone may read (ratings, stock): PostgREST with the anon key and nothing of
// auth. List pages and the cart read only this, so a visitor's first pages neither download nor run
// the auth client (docs/decisions/0039-public-reads-without-auth.md); a signed-in shopper's pages
// use the full backend's data client, already loaded (session.ts).
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '../../contracts/database.ts';

/** Public reads: the same PostgREST client the backend has, as the anonymous role. */
export interface PublicData {
  db: PostgrestClient<Database>;
}

/** The anonymous data client, for `supabaseUrl` with `supabaseAnonKey`. */
export function createPublicData(
  config: { supabaseUrl: string; supabaseAnonKey: string },
  options: { fetch?: typeof fetch } = {},
): PublicData {
  const baseUrl = config.supabaseUrl.replace(/\/+$/, '');
  const apikey = config.supabaseAnonKey;
  return {
    db: new PostgrestClient<Database>(`${baseUrl}/rest/v1`, {
      headers: { apikey, Authorization: `Bearer ${apikey}` },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  };
}
