import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import type { OrderRow } from '../../lib/supabase-types.ts';
import { ORDERS_TEXT as T } from './texts.ts';

export type OrdersState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; rows: OrderRow[] };

type Result = { request: string; rows: OrderRow[] } | { request: string; failed: true };

/**
 * The signed-in user's orders, newest first (docs/product.md, Calls to the server). The rows live
 * only in this hook's state, and signing out (userId becomes null) drops them.
 */
export function useOrders(userId: string | null): { state: OrdersState; retry: () => void } {
  const store = useSessionStore();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const request = userId ? `${userId}#${attempt}` : null;

  // Signed out: forget the previous user's orders at once, not just hide them.
  if (request === null && result !== null) setResult(null);

  useEffect(() => {
    if (!userId) return undefined;
    const request = `${userId}#${attempt}`;
    let current = true;
    (async () => {
      const { db } = await store.backend();
      const { data, error } = await db
        .from('orders')
        .select('*')
        .eq('user_id', userId)
        .order('created_at', { ascending: false });
      if (error) throw error;
      return data;
    })().then(
      (rows) => {
        if (current) setResult({ request, rows });
      },
      (error: unknown) => {
        console.error(T.logPrefix, error);
        if (current) setResult({ request, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [store, userId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  let state: OrdersState;
  if (request === null) state = { status: 'idle' };
  else if (result?.request !== request) state = { status: 'loading' };
  else state = 'failed' in result ? { status: 'error' } : { status: 'loaded', rows: result.rows };
  return { state, retry };
}
