import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { fetchProduct, fetchSwitches, type ProductRow, type SwitchOption } from './api.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

export interface ProductState {
  status: 'loading' | 'failed' | 'missing' | 'ready';
  row: ProductRow | null;
  /** The product as a save on this page answered it. */
  setRow: (row: ProductRow) => void;
  retry: () => void;
}

/** One product, drafts and archived ones included, read as the signed-in staff member. */
export function useProduct(key: string): ProductState {
  const store = useSessionStore();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Pick<ProductState, 'status' | 'row'>>({
    status: 'loading',
    row: null,
  });

  useEffect(() => {
    let live = true;
    store
      .backend()
      .then((backend) => fetchProduct(backend, key))
      .then(
        (row) => live && setState({ status: row ? 'ready' : 'missing', row }),
        (error: unknown) => {
          if (!live) return;
          console.error(T.productFailed, error);
          setState({ status: 'failed', row: null });
        },
      );
    return () => {
      live = false;
    };
  }, [store, key, attempt]);

  const setRow = useCallback((row: ProductRow) => setState({ status: 'ready', row }), []);
  const retry = useCallback(() => {
    setState({ status: 'loading', row: null });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, setRow, retry };
}

/**
 * The switches a keyboard's sheet may name, read when `wanted` (the form is a keyboard's); null
 * until they come. A failure leaves the select with the fitted switch alone, and is logged.
 */
export function useSwitches(wanted: boolean): SwitchOption[] | null {
  const store = useSessionStore();
  const [switches, setSwitches] = useState<SwitchOption[] | null>(null);
  const need = wanted && switches === null;
  useEffect(() => {
    if (!need) return undefined;
    let live = true;
    store
      .backend()
      .then(fetchSwitches)
      .then(
        (rows) => live && setSwitches(rows),
        (error: unknown) => live && console.error(T.productFailed, error),
      );
    return () => {
      live = false;
    };
  }, [store, need]);
  return switches;
}
