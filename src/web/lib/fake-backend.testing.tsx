// For component tests of checkout (features/checkout, app/CartWithCheckout): the app's session
// store over a backend whose functions client is the real functions-js, answering with what the server's functions answer
// (their contract is tested against the real server in src/server/functions; the whole flow runs in
// Chromium in tests/e2e/checkout.spec.ts).
import { FunctionsClient } from '@supabase/functions-js';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { Router } from 'wouter';
import { ToastProvider } from '../components/toast/index.ts';
import { useHashPath } from './hash-location.ts';
import { SessionProvider } from './session-react.tsx';
import { createSessionStore, type SessionStore } from './session.ts';
import type { Backend } from './supabase.ts';

export interface FunctionCall {
  name: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

export type Answer = { status: number; body: unknown } | Error;

/** What a function's fetch resolves with for `answer`; an Error rejects it, as a lost network does. */
export async function respond(answer: Answer | Promise<Answer>): Promise<Response> {
  const given = await answer;
  if (given instanceof Error) throw given;
  return new Response(JSON.stringify(given.body), {
    status: given.status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A backend that is signed in (or not) and whose functions answer from `answer`. */
export function fakeBackend(options: {
  signedIn: boolean;
  answer: (call: FunctionCall) => Answer | Promise<Answer>;
}): { backend: Backend; calls: FunctionCall[] } {
  const calls: FunctionCall[] = [];
  const session = options.signedIn
    ? { access_token: 'token-of-ada', user: { id: '6f1c2a9e-0000-4000-8000-00000000abcd' } }
    : null;
  const functions = new FunctionsClient('http://shop.test/functions/v1', {
    headers: { apikey: 'sb_publishable_test' },
    customFetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      const call: FunctionCall = {
        name: String(input).split('/').pop() ?? '',
        body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>,
        authorization: session ? `Bearer ${session.access_token}` : headers.get('authorization'),
      };
      calls.push(call);
      return respond(options.answer(call));
    },
  });
  const auth = {
    getSession: async () => ({ data: { session }, error: null }),
    getUser: async () => ({ data: { user: session?.user ?? null }, error: null }),
    onAuthStateChange: (callback: (event: string, s: typeof session) => void) => {
      setTimeout(() => callback('INITIAL_SESSION', session), 0);
      return { data: { subscription: { unsubscribe: () => undefined } } };
    },
  };
  const backend = { auth, functions, dispose: () => undefined } as unknown as Backend;
  return { backend, calls };
}

export function storeFor(backend: Backend): SessionStore {
  return createSessionStore({ load: async () => backend, hasStoredSession: () => false });
}

/** Renders as the app does: StrictMode (effects run twice), hash routes, toasts, the session. */
export function renderWith(store: SessionStore, ui: ReactNode) {
  return render(
    <StrictMode>
      <Router hook={useHashPath}>
        <ToastProvider>
          <SessionProvider store={store}>{ui}</SessionProvider>
        </ToastProvider>
      </Router>
    </StrictMode>,
  );
}

/** An answer the test hands out when it is ready, to look at the page in between. */
export function held(): { answer: Promise<Answer>; release: (answer: Answer) => void } {
  let release: (answer: Answer) => void = () => undefined;
  const answer = new Promise<Answer>((resolve) => (release = resolve));
  return { answer, release };
}
