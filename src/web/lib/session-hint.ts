// Synchronous, dependency-free look at the stored session, so the nav can paint "Login" or the
// account button on the first frame without the auth client (a lazy chunk). This module ships in
// the first-load chunk: keep it tiny.

/** The localStorage key supabase-js uses for a project URL: `sb-<first hostname label>-auth-token`. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** True when `key` holds something shaped like a session that could still be refreshed. */
export function hasStoredSession(
  key: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): boolean {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    const token = (value as { refresh_token?: unknown } | null)?.refresh_token;
    return typeof token === 'string' && token.length > 0;
  } catch {
    return false; // not JSON, or storage blocked (privacy mode)
  }
}

/** The auth storage key of this page's backend, from the app-config tag; null without one. */
export function pageAuthStorageKey(doc: Document = document): string | null {
  try {
    const config = JSON.parse(doc.getElementById('app-config')?.textContent ?? '') as {
      supabaseUrl: string;
    };
    return authStorageKey(config.supabaseUrl);
  } catch {
    return null;
  }
}

// "Probably signed in": the stored session at first, then whatever the session store learns.
let likelySignedIn: boolean | undefined;
const listeners = new Set<() => void>();

function stored(): boolean {
  const key = pageAuthStorageKey();
  return key !== null && hasStoredSession(key);
}

export function getLikelySignedIn(): boolean {
  return (likelySignedIn ??= stored());
}

export function setLikelySignedIn(value: boolean): void {
  if (value === getLikelySignedIn()) return;
  likelySignedIn = value;
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === pageAuthStorageKey()) setLikelySignedIn(stored());
}

/** Follows the hint; another tab signing in or out shows up here through the storage event. */
export function subscribeLikelySignedIn(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
