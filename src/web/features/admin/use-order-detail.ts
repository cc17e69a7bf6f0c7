import { useCallback, useEffect, useRef, useState } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import { fetchOrderDetail, type OrderDetail } from './api.ts';
import { ADMIN_TEXT as T } from './texts.ts';

export interface OrderDetailState {
  status: 'loading' | 'error' | 'notFound' | 'loaded';
  detail: OrderDetail | null;
  /** Reads the order again (after an action), keeping the current one on screen meanwhile. */
  reload: () => void;
}

/** One order with its lines, refunds and audit log, read as the signed-in staff member. */
export function useOrderDetail(orderNumber: string): OrderDetailState {
  const store = useSessionStore();
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{
    number: string;
    status: OrderDetailState['status'];
    detail: OrderDetail | null;
  } | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    store
      .backend()
      .then((backend) => fetchOrderDetail(backend, orderNumber))
      .then(
        (detail) => {
          if (latest.current !== ticket) return;
          setState({ number: orderNumber, status: detail ? 'loaded' : 'notFound', detail });
        },
        (error: unknown) => {
          console.error(T.logPrefix, error);
          if (latest.current !== ticket) return;
          setState((previous) =>
            previous?.number === orderNumber && previous.detail
              ? previous
              : { number: orderNumber, status: 'error', detail: null },
          );
        },
      );
    const requests = latest;
    return () => {
      requests.current++;
    };
  }, [store, orderNumber, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  const current = state?.number === orderNumber ? state : null;
  return { status: current?.status ?? 'loading', detail: current?.detail ?? null, reload };
}
