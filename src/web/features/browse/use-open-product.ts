import { useCallback, useMemo, useRef } from 'react';
import type { Catalogue, Category, Product } from '../../../catalogue/index.ts';
import { useHashQuery } from '../../lib/hash-location.ts';

/** The hash query parameter naming the open product: `#/keyboard?q=pro&product=keyboards:3`. */
export const PRODUCT_PARAM = 'product';

// The history entry a card pushes when it opens the dialog is marked with the product's key, so
// closing it goes back to the list's entry instead of leaving a dangling one. An entry without the
// mark (a shared link, a fresh load) is rewritten to the list URL instead.
interface OpenedHere {
  openedProduct: string;
}
function openedHere(key: string): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Partial<OpenedHere>).openedProduct === key
  );
}

export type OpenProduct =
  { kind: 'none' } | { kind: 'product'; product: Product } | { kind: 'missing'; key: string };

/**
 * The product whose dialog the URL opens on a list page (docs/product.md, Shareable products), and
 * how to open and close it. Only a product of the page's own category counts; any other key is
 * "missing", as is one the shop no longer sells. Search, sort and filters in the URL are left as
 * they are. A new read of the catalogue (a price changed) gives the open dialog the new product.
 */
export function useOpenProduct(category: Category, catalogue: Catalogue) {
  const [params, setParams] = useHashQuery();
  const key = params.get(PRODUCT_PARAM);
  // A second Escape before Back has landed must not go back twice.
  const closedAt = useRef<string | null>(null);

  const open = useMemo<OpenProduct>(() => {
    if (key === null) return { kind: 'none' };
    const product = catalogue.byKey(key);
    return product && product.category === category
      ? { kind: 'product', product }
      : { kind: 'missing', key };
  }, [key, category, catalogue]);

  const openProduct = useCallback(
    (product: Product) => {
      const mark: OpenedHere = { openedProduct: product.key };
      closedAt.current = null;
      setParams(
        (next) => {
          next.set(PRODUCT_PARAM, product.key);
          return next;
        },
        { state: mark },
      );
    },
    [setParams],
  );

  const closeProduct = useCallback(() => {
    if (closedAt.current === window.location.href) return;
    closedAt.current = window.location.href;
    if (key !== null && openedHere(key)) {
      window.history.back();
      return;
    }
    setParams(
      (next) => {
        next.delete(PRODUCT_PARAM);
        return next;
      },
      { replace: true, state: null },
    );
  }, [key, setParams]);

  return { open, openProduct, closeProduct };
}
