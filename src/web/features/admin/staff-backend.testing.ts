// For the back office's component tests of the discount and tax sections: a signed-in backend
// whose functions client is the real functions-js, answering each call from `answer`, and whose
// data client is whatever the test gives (the sections read little through it).
import { FunctionsClient } from '@supabase/functions-js';
import { respond, type Answer } from '../../lib/fake-backend.testing.tsx';
import type { Backend } from '../../lib/supabase.ts';

export interface StaffCall {
  method: string;
  /** The path under /functions/v1, with its query: "admin-discounts/promo_1". */
  path: string;
  body: Record<string, unknown> | null;
}

export function staffBackend(options: {
  answer: (call: StaffCall) => Answer | Promise<Answer>;
  db?: unknown;
}): { backend: Backend; calls: StaffCall[] } {
  const calls: StaffCall[] = [];
  const functions = new FunctionsClient('http://shop.test/functions/v1', {
    customFetch: async (input, init) => {
      const call: StaffCall = {
        method: init?.method ?? 'POST',
        path: String(input).replace('http://shop.test/functions/v1/', ''),
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
      };
      calls.push(call);
      return respond(options.answer(call));
    },
  });
  const auth = {
    getSession: async () => ({ data: { session: null }, error: null }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
  };
  const backend = { db: options.db, functions, auth, dispose: () => undefined };
  return { backend: backend as unknown as Backend, calls };
}
