// Component tests of the account pages talk to the REAL server (the production app over a fresh
// PGlite, in a child process: see src/server/test-support/forked.ts) through the browser's own
// clients from createBackend.
// Only failures the server cannot be asked for are stubbed, at the fetch boundary (`failNext`).
import { render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  forkShopServer,
  type ForkedShopServer,
  type ForkOptions,
} from '../../server/test-support/index.ts';
import { ToastProvider } from '../components/toast/index.ts';
import { authStorageKey, hasStoredSession } from './session-hint.ts';
import { SessionProvider } from './session-react.tsx';
import { createSessionStore, type SessionStore } from './session.ts';
import { createBackend, type Backend } from './supabase-clients.ts';

export interface TestShop {
  server: ForkedShopServer;
  /** Every request the page's clients sent, as "METHOD path". */
  requests: string[];
  /** Holds requests whose path matches until the returned release() is called. */
  hold(match: RegExp): () => void;
  /** Answers the next request whose path matches with this response instead of the server. */
  failNext(match: RegExp, response: () => Response): void;
  /**
   * A fresh session store (a page load) over a fresh set of clients. Pass an earlier store's
   * `storageKey` to simulate a reload of that page (same stored session).
   */
  newStore(storageKey?: string): SessionStore & { storageKey: string };
  /** Creates an account through the official auth client, as the sign-up page would. */
  createAccount(email: string, password: string): Promise<string>;
  /** Renders `ui` inside the app's toast and session providers. */
  renderPage(ui: ReactElement, store: SessionStore): RenderResult;
  /** Disposes the stores made since the last call (after each test). */
  disposeStores(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the real server on a fresh PGlite database (one per test file). */
export async function startTestShop(options: ForkOptions = {}): Promise<TestShop> {
  const server = await forkShopServer(options);
  const requests: string[] = [];
  const holds: { match: RegExp; gate: Promise<void> }[] = [];
  const failures: { match: RegExp; response: () => Response }[] = [];
  const stores: SessionStore[] = [];

  const shopFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const line = `${method} ${url.pathname}${url.search}`;
    requests.push(line);
    for (const { match, gate } of holds) if (match.test(line)) await gate;
    const failure = failures.findIndex(({ match }) => match.test(line));
    if (failure >= 0) return failures.splice(failure, 1)[0]!.response();
    return fetch(input, init);
  };

  // auth-js warns about a second client on one storage key, so each simulated page gets its own.
  let pageLoads = 0;
  const newBackend = (storageKey: string): Backend =>
    createBackend(
      { supabaseUrl: server.url, supabaseAnonKey: server.anonKey },
      { fetch: shopFetch, autoRefreshToken: false, storageKey },
    );

  return {
    server,
    requests,
    hold(match) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      holds.push({ match, gate });
      return () => {
        holds.splice(
          holds.findIndex((h) => h.gate === gate),
          1,
        );
        release();
      };
    },
    failNext(match, response) {
      failures.push({ match, response });
    },
    newStore(storageKey) {
      pageLoads += 1;
      const key = storageKey ?? `${authStorageKey(server.url)}-${pageLoads}`;
      const backend = newBackend(key);
      const store = createSessionStore({
        load: () => Promise.resolve(backend),
        hasStoredSession: () => hasStoredSession(key),
      });
      stores.push(store);
      return Object.assign(store, { storageKey: key });
    },
    async createAccount(email, password) {
      pageLoads += 1;
      const backend = newBackend(`sign-up-${pageLoads}`);
      try {
        const { data, error } = await backend.signUp({ email, password });
        if (error || !data.user) throw error ?? new Error('sign-up answered no user');
        return data.user.id;
      } finally {
        await backend.dispose();
      }
    },
    renderPage(ui, store) {
      return render(
        <ToastProvider>
          <SessionProvider store={store}>{ui}</SessionProvider>
        </ToastProvider>,
      );
    },
    async disposeStores() {
      await Promise.all(stores.splice(0).map((store) => store.dispose()));
      holds.splice(0);
      failures.splice(0);
      requests.splice(0);
    },
    close: () => server.close(),
  };
}

/**
 * The usual set-up of a test file: one shop started before its tests (server start-up can take
 * a while on busy cores), the stores disposed after each test and the server closed at the end.
 * The returned shop forwards to the one started in beforeAll.
 */
export function testShopPerFile(options: ForkOptions = {}): TestShop {
  let started: TestShop | undefined;
  beforeAll(async () => {
    started = await startTestShop(options);
  }, 60_000);
  afterAll(() => started?.close());
  afterEach(() => started?.disposeStores());
  const shop = (): TestShop => {
    if (!started) throw new Error('testShopPerFile: the shop is used inside tests and hooks only');
    return started;
  };
  return {
    get server() {
      return shop().server;
    },
    get requests() {
      return shop().requests;
    },
    hold: (match) => shop().hold(match),
    failNext: (match, response) => shop().failNext(match, response),
    newStore: (storageKey) => shop().newStore(storageKey),
    createAccount: (email, password) => shop().createAccount(email, password),
    renderPage: (ui, store) => shop().renderPage(ui, store),
    disposeStores: () => shop().disposeStores(),
    close: () => shop().close(),
  };
}

/** The alert (role alert) that says exactly `text`; the toasts' empty alert region does not count. */
export async function findAlert(text: string): Promise<HTMLElement> {
  const node = await screen.findByText(text, { exact: true });
  const alert = node.closest<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error(`"${text}" is shown, but not in an alert`);
  return alert;
}

/** Signs a store in through its own client, as a shopper who logged in earlier would be. */
export async function signIn(store: SessionStore, email: string, password: string): Promise<void> {
  const { auth } = await store.backend();
  const { error } = await auth.signInWithPassword({ email, password });
  if (error) throw error;
}
