// Who is signed in, for every part of the app. The auth client owns the session (localStorage,
// auto refresh); this store mirrors its user on every auth event and loads the client lazily.
import type { User } from '@supabase/auth-js';
import type { Backend, PublicData } from './supabase.ts';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  /** 'loading' only while a stored session waits for the auth client's verdict. */
  status: SessionStatus;
  user: User | null;
  /** "Failed to fetch user: …" when the user could not be confirmed with the server. */
  userError: string | null;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Loads the clients once and starts following auth events; later calls share that promise. */
  backend(): Promise<Backend>;
  /**
   * A client for what anyone may read: the backend's own once it is loaded or loading, else the
   * anonymous data client alone, which does not load the auth client.
   */
  publicData(): Promise<PublicData>;
  /** Ends the session on the server when it can, and always in this browser. */
  signOut(): Promise<void>;
  clearUserError(): void;
  /** Stops following auth events and disposes the clients it loaded. */
  dispose(): Promise<void>;
}

export interface SessionStoreOptions {
  load: () => Promise<Backend>;
  /** The anonymous data client (supabase.ts); the backend's own when omitted. */
  loadPublic?: () => Promise<PublicData>;
  /** Is a refreshable session stored? Decides the first paint; read once, on first use. */
  hasStoredSession: () => boolean;
  /** Told whenever the answer to "is someone signed in?" may have changed. */
  onSignedInChange?: (signedIn: boolean) => void;
}

export const FAILED_TO_FETCH_USER = 'Failed to fetch user: ';

/** Shown after FAILED_TO_FETCH_USER when the server could not be reached at all. */
export const USER_UNREACHABLE = 'the shop could not be reached. Check your connection.';

interface AuthErrorLike {
  name?: string;
  status?: number;
  code?: string;
  message: string;
}

// The server's answers that mean the session is over, not that something failed: supabase-js
// turns `session_not_found` into AuthSessionMissingError ("Auth session missing!").
const ENDED_CODES = new Set([
  'session_not_found',
  'user_not_found',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_expired',
]);

/** True when the auth error says the session ended elsewhere rather than a failure. */
export function sessionEnded(error: AuthErrorLike): boolean {
  if (error.name === 'AuthSessionMissingError') return true;
  if (error.code && ENDED_CODES.has(error.code)) return true;
  return error.status === 401 || error.status === 403;
}

// A fetch that never got an answer reads "Failed to fetch" or the like: say what it means.
function userErrorMessage(error: AuthErrorLike): string {
  return error.name === 'AuthRetryableFetchError' ? USER_UNREACHABLE : error.message;
}

/** Creates a store; the app uses one (sessionStore), tests make their own against a real server. */
export function createSessionStore({
  load,
  loadPublic,
  hasStoredSession,
  onSignedInChange,
}: SessionStoreOptions): SessionStore {
  let state: SessionState | undefined;
  const listeners = new Set<() => void>();
  let started: Promise<Backend> | undefined;
  let unsubscribe: (() => void) | undefined;
  let disposed = false;

  const current = (): SessionState =>
    (state ??= {
      status: hasStoredSession() ? 'loading' : 'signedOut',
      user: null,
      userError: null,
    });

  const set = (patch: Partial<SessionState>) => {
    if (disposed) return;
    state = { ...current(), ...patch };
    for (const listener of listeners) listener();
  };

  const setUser = (user: User | null) => {
    set({ user, status: user ? 'signedIn' : 'signedOut' });
    if (!disposed) onSignedInChange?.(user !== null);
  };

  // At start the stored session is only as good as the server says: ask for the user once.
  const confirmUser = async (backend: Backend) => {
    const { data, error } = await backend.auth.getUser();
    if (!error) {
      setUser(data.user);
      return;
    }
    // Ended elsewhere (signed out on another device, password changed, account deleted): that is
    // no error to the shopper, who is simply signed out here too (docs/product.md, Session).
    if (sessionEnded(error)) {
      await backend.auth.signOut({ scope: 'local' });
      setUser(null);
      return;
    }
    set({ userError: FAILED_TO_FETCH_USER + userErrorMessage(error) });
  };

  const backend = () => {
    started ??= load().then(
      (b) => {
        const { data } = b.auth.onAuthStateChange((event, session) => {
          setUser(session?.user ?? null);
          // Outside the callback: auth calls made inside it would wait on the event being emitted.
          if (event === 'INITIAL_SESSION' && session) setTimeout(() => void confirmUser(b), 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
        if (disposed) unsubscribe();
        return b;
      },
      (error: unknown) => {
        started = undefined;
        // Only a shopper who had a session needs telling; anyone else meets the error on login.
        if (current().status === 'loading') {
          const message = error instanceof Error ? error.message : String(error);
          set({ userError: FAILED_TO_FETCH_USER + message });
          setUser(null);
        }
        throw error;
      },
    );
    return started;
  };

  const publicData = (): Promise<PublicData> =>
    started || !loadPublic ? backend().then((b) => ({ db: b.db })) : loadPublic();

  return {
    getState: current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    backend,
    publicData,
    async signOut() {
      const b = await backend();
      const { error } = await b.auth.signOut();
      // A global sign-out the server could not confirm keeps the session: end it locally anyway.
      if (error) await b.auth.signOut({ scope: 'local' });
      setUser(null);
    },
    clearUserError: () => set({ userError: null }),
    async dispose() {
      disposed = true;
      unsubscribe?.();
      listeners.clear();
      const b = await started?.catch(() => undefined);
      await b?.dispose();
    },
  };
}
