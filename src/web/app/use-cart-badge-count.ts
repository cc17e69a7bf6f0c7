import { useEffect, useState, useSyncExternalStore } from 'react';
import { afterFirstPaint } from '../lib/idle.ts';

type CartModule = typeof import('../state/cart-store.ts');
type Lines = ReturnType<CartModule['cartStore']['getSnapshot']>;

// catalogue/cart.ts owns this key; importing it from there would pull that module, and with it
// the catalogue's rules, into the main chunk. A test checks that the two stay equal.
export const CART_STORAGE_KEY = 'keebshop.cart.v1';

const loadCart = () => import('../state/cart-store.ts');
const noCart = { subscribe: () => () => {}, getSnapshot: (): Lines => [] };
// Nothing on these pages can put an item in the cart.
const CART_FREE_PATHS = new Set(['/', '/home']);

/** Whether this device stores a cart (possibly emptied since); false when storage is unreadable. */
export function hasStoredCart(): boolean {
  try {
    return localStorage.getItem(CART_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The number of items in the cart, for the nav badge: every stored line, one the shop no longer
 * sells too (the cart page flags it), so the badge never needs the catalogue. The cart store, with
 * the catalogue's rules it reads, is too heavy for the home page's budget, so it is loaded only
 * when a cart is stored, another tab writes one, or (after the first paint) the shopper is on a
 * page that can add to it. Until then the count is 0, which is exactly what an empty storage means.
 */
export function useCartBadgeCount(path: string): number {
  const [cart, setCart] = useState<CartModule | null>(null);
  const cartFree = CART_FREE_PATHS.has(path);

  useEffect(() => {
    if (cart) return;
    let active = true;
    const load = () => {
      loadCart()
        .then((module) => active && setCart(module))
        // Offline: no badge for now; the next navigation tries again.
        .catch(() => undefined);
    };
    if (hasStoredCart()) {
      load();
      return () => {
        active = false;
      };
    }
    if (!cartFree) {
      // Nothing stored: the count is 0 until this page adds something, and the store arrives long
      // before a shopper can. After the first paint, which it would otherwise share the link with.
      const cancel = afterFirstPaint(load);
      return () => {
        active = false;
        cancel();
      };
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) load();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [cart, cartFree]);

  const store = cart?.cartStore ?? noCart;
  return useSyncExternalStore(store.subscribe, () =>
    store.getSnapshot().reduce((n, line) => n + line.quantity, 0),
  );
}
