import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { fetchProducts, type ProductRow } from './api.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

export interface ProductsState {
  status: 'loading' | 'failed' | 'ready';
  rows: ProductRow[];
  retry: () => void;
}

/** Every product, drafts and archived ones included, read once as the signed-in staff member. */
export function useProducts(): ProductsState {
  const store = useSessionStore();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Pick<ProductsState, 'status' | 'rows'>>({
    status: 'loading',
    rows: [],
  });

  useEffect(() => {
    let live = true;
    store
      .backend()
      .then(fetchProducts)
      .then(
        (rows) => live && setState({ status: 'ready', rows }),
        (error: unknown) => {
          if (!live) return;
          console.error(T.failed, error);
          setState({ status: 'failed', rows: [] });
        },
      );
    return () => {
      live = false;
    };
  }, [store, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading', rows: [] });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
