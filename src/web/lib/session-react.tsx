import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { getLikelySignedIn, setLikelySignedIn } from './session-hint.ts';
import { createSessionStore, type SessionState, type SessionStore } from './session.ts';
import { whenIdle } from './idle.ts';
import { loadBackend, loadPublicData } from './supabase.ts';

/** The app's session: one auth client per page, created from the app-config tag on first use. */
export const sessionStore: SessionStore = createSessionStore({
  load: loadBackend,
  loadPublic: loadPublicData,
  hasStoredSession: getLikelySignedIn,
  onSignedInChange: setLikelySignedIn,
});

const SessionContext = createContext<SessionStore>(sessionStore);

/** Only needed to swap the store (tests); without it the app-wide store is used. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  return useContext(SessionContext);
}

/**
 * The current session. `start: 'now'` loads the auth client at once (pages that need the user);
 * 'idle' waits until the browser is idle so the nav does not compete with the first paint.
 */
export function useSession(start: 'now' | 'idle' = 'now'): SessionState {
  const store = useSessionStore();
  useEffect(() => {
    const begin = () => void store.backend().catch(() => undefined); // the store records the error
    if (start === 'now') {
      begin();
      return undefined;
    }
    return whenIdle(begin);
  }, [store, start]);
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
