// Synchronous, dependency-free look at the stored session, so the nav can paint "Login" or the
// account button on the first frame, before the auth client (a lazy chunk) has loaded.

/** The localStorage key supabase-js uses for a project URL: `sb-<first hostname label>-auth-token`. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** True when `key` holds something shaped like a session that could still be refreshed. */
export function hasStoredSession(
  key: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): boolean {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return false; // storage blocked (privacy mode): the client will run with memory only
  }
  if (!raw) return false;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return false;
    const token = (value as { refresh_token?: unknown }).refresh_token;
    return typeof token === 'string' && token.length > 0;
  } catch {
    return false;
  }
}
