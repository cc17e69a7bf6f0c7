import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import { fetchOrderPage, orderCount, ORDERS_PER_PAGE, type HistoryRow } from './api.ts';
import { groupOrders, type OrderGroup } from './group.ts';
import { ORDERS_TEXT as T } from './texts.ts';

/** Whether more orders can be asked for: yes, being fetched, failed (ask again), or all shown. */
export type MoreOrders = 'available' | 'loading' | 'failed' | 'done';

export interface OrderHistory {
  status: 'idle' | 'loading' | 'error' | 'loaded';
  groups: OrderGroup[];
  more: MoreOrders;
  /** Asks for the next page; does nothing while one is on its way or when all are shown. */
  loadMore: () => void;
  /** Asks for the first page again after it failed. */
  retry: () => void;
}

interface Book {
  /** The user and attempt the pages belong to. */
  key: string;
  rows: HistoryRow[];
  status: 'error' | 'loaded';
  more: MoreOrders;
}

/**
 * The signed-in user's orders, newest first, a page of whole orders at a time (docs/product.md,
 * Order history). The rows live only in this hook's state, and signing out (userId becomes null)
 * drops them.
 */
export function useOrderHistory(userId: string | null): OrderHistory {
  const store = useSessionStore();
  const [attempt, setAttempt] = useState(0);
  const [book, setBook] = useState<Book | null>(null);
  // Only the newest request may write: a page for a signed-out user or an old attempt is dropped.
  const latest = useRef(0);
  const key = userId ? `${userId}#${attempt}` : null;

  // Signed out: forget the previous user's orders at once, not just hide them.
  if (key === null && book !== null) setBook(null);

  const fetchAfter = useCallback(
    (forKey: string, earlier: HistoryRow[]) => {
      const ticket = ++latest.current;
      const last = earlier.at(-1);
      const cursor = last
        ? { createdAt: last.created_at, checkoutSessionId: last.checkout_session_id }
        : null;
      store
        .backend()
        .then(({ db }) => fetchOrderPage(db, cursor))
        .then(
          (rows) => {
            if (latest.current !== ticket) return;
            const more = orderCount(rows) < ORDERS_PER_PAGE ? 'done' : 'available';
            setBook({ key: forKey, rows: [...earlier, ...rows], status: 'loaded', more });
          },
          (error: unknown) => {
            console.error(T.logPrefix, error);
            if (latest.current !== ticket) return;
            setBook(
              last
                ? { key: forKey, rows: earlier, status: 'loaded', more: 'failed' }
                : { key: forKey, rows: [], status: 'error', more: 'available' },
            );
          },
        );
    },
    [store],
  );

  useEffect(() => {
    if (key === null) return undefined;
    fetchAfter(key, []);
    // A counter, not a node: leaving this key bumps it so the key's pages in flight are dropped.
    const requests = latest;
    return () => {
      requests.current++;
    };
  }, [key, fetchAfter]);

  const current = book !== null && book.key === key ? book : null;
  const loadMore = useCallback(() => {
    if (!current || current.status !== 'loaded') return;
    if (current.more !== 'available' && current.more !== 'failed') return;
    setBook({ ...current, more: 'loading' });
    fetchAfter(current.key, current.rows);
  }, [current, fetchAfter]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const groups = useMemo(() => groupOrders(current?.rows ?? []), [current?.rows]);

  return {
    status: key === null ? 'idle' : (current?.status ?? 'loading'),
    groups,
    more: current?.more ?? 'available',
    loadMore,
    retry,
  };
}
