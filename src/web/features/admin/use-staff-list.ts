import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import type { Backend } from '../../lib/supabase.ts';

export interface StaffList<T> {
  status: 'loading' | 'failed' | 'ready';
  rows: T[];
  /** Why the list failed to load, in the server's words. */
  message: string;
  retry: () => void;
  /** Changes the loaded rows in place (a row saved, a row added), without a reload. */
  update: (change: (rows: T[]) => T[]) => void;
}

/**
 * A list the back office reads whole as the signed-in staff member (discount codes, tax rates):
 * loaded once, again on retry. `load` must be stable (a module's function).
 */
export function useStaffList<T>(load: (backend: Backend) => Promise<T[]>): StaffList<T> {
  const store = useSessionStore();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Pick<StaffList<T>, 'status' | 'rows' | 'message'>>({
    status: 'loading',
    rows: [],
    message: '',
  });

  useEffect(() => {
    let live = true;
    store
      .backend()
      .then(load)
      .then(
        (rows) => live && setState({ status: 'ready', rows, message: '' }),
        (error: unknown) => {
          if (!live) return;
          const message = error instanceof Error ? error.message : String(error);
          setState({ status: 'failed', rows: [], message });
        },
      );
    return () => {
      live = false;
    };
  }, [store, load, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading', rows: [], message: '' });
    setAttempt((n) => n + 1);
  }, []);
  const update = useCallback(
    (change: (rows: T[]) => T[]) => setState((s) => ({ ...s, rows: change(s.rows) })),
    [],
  );
  return { ...state, retry, update };
}
