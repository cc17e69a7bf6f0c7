import { useCallback, useEffect, useRef, useState } from 'react';
import type { StaffOrder } from '../../../contracts/functions/staff-order.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { fetchOrders, type OrderQuery } from './api.ts';
import { ADMIN_TEXT as T } from './texts.ts';

export type MoreState = 'available' | 'loading' | 'failed' | 'done';

export interface OrdersList {
  status: 'loading' | 'error' | 'loaded';
  rows: StaffOrder[];
  more: MoreState;
  loadMore: () => void;
  retry: () => void;
}

interface Book {
  key: string;
  rows: StaffOrder[];
  status: 'error' | 'loaded';
  more: MoreState;
}

/** The orders matching `query`, newest first, a page at a time ("Show more" asks for the next). */
export function useOrders(query: OrderQuery): OrdersList {
  const store = useSessionStore();
  const [attempt, setAttempt] = useState(0);
  const [book, setBook] = useState<Book | null>(null);
  const latest = useRef(0);
  const key = `${query.status ?? ''}|${query.q}|${attempt}`;
  const { status, q } = query;

  const fetchFrom = useCallback(
    (forKey: string, earlier: StaffOrder[]) => {
      const ticket = ++latest.current;
      store
        .backend()
        .then((backend) => fetchOrders(backend, { status, q }, earlier.length))
        .then(
          (page) => {
            if (latest.current !== ticket) return;
            // An order placed since the last page shifts the offsets: drop the one seen twice.
            const seen = new Set(earlier.map((row) => String(row.id)));
            const rows = [...earlier, ...page.rows.filter((row) => !seen.has(String(row.id)))];
            setBook({
              key: forKey,
              rows,
              status: 'loaded',
              more: page.more ? 'available' : 'done',
            });
          },
          (error: unknown) => {
            console.error(T.logPrefix, error);
            if (latest.current !== ticket) return;
            setBook(
              earlier.length > 0
                ? { key: forKey, rows: earlier, status: 'loaded', more: 'failed' }
                : { key: forKey, rows: [], status: 'error', more: 'available' },
            );
          },
        );
    },
    [store, status, q],
  );

  useEffect(() => {
    fetchFrom(key, []);
    const requests = latest;
    return () => {
      requests.current++;
    };
  }, [key, fetchFrom]);

  const current = book?.key === key ? book : null;
  const loadMore = useCallback(() => {
    if (!current || current.status !== 'loaded') return;
    if (current.more !== 'available' && current.more !== 'failed') return;
    setBook({ ...current, more: 'loading' });
    fetchFrom(current.key, current.rows);
  }, [current, fetchFrom]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    status: current?.status ?? 'loading',
    rows: current?.rows ?? [],
    more: current?.more ?? 'available',
    loadMore,
    retry,
  };
}
