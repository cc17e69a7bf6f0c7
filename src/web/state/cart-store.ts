import { useSyncExternalStore } from 'react';
import {
  addToCart,
  CART_STORAGE_KEY,
  cartCount,
  readStoredCart,
  removeFromCart,
  serializeCart,
  setQuantity,
  type CartLine,
  type ProductKey,
  type SeenProduct,
} from '../../catalogue/index.ts';

// Imported by the nav badge on the home page: keep this module small and free of UI.

type Listener = () => void;

const EMPTY: readonly CartLine[] = [];
let lines: readonly CartLine[] | undefined;
// Stored lines dropped as invalid and not yet told to the shopper (docs/product.md, Cart).
let dropped = 0;
const listeners = new Set<Listener>();

/**
 * Whatever is stored, corrupt or from another version, yields a valid cart or an empty one. Lines
 * dropped as invalid are counted and the cleaned cart written back, so they are told only once.
 */
function readStored(): readonly CartLine[] {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (raw === null) return EMPTY;
    const stored = readStoredCart(raw);
    if (stored.dropped > 0) {
      dropped += stored.dropped;
      if (stored.lines.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
      else localStorage.setItem(CART_STORAGE_KEY, serializeCart(stored.lines));
    }
    return stored.lines.length > 0 ? stored.lines : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(next: readonly CartLine[]) {
  lines = next;
  try {
    if (next.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
    else localStorage.setItem(CART_STORAGE_KEY, serializeCart(next));
  } catch {
    // Storage full or disabled (private mode): the cart still works for this visit.
  }
  listeners.forEach((listener) => listener());
}

// Another tab changed the cart: take its version.
function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
  lines = readStored();
  listeners.forEach((listener) => listener());
}

function getSnapshot(): readonly CartLine[] {
  lines ??= readStored();
  return lines;
}

function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The shopper's cart, persisted in localStorage and shared between tabs. */
export const cartStore = {
  getSnapshot,
  subscribe,
  /** Adds `quantity` (1 by default) of the product in this colour, as the shopper `seen` it. */
  add(key: ProductKey, color: string, quantity = 1, seen?: SeenProduct) {
    write(addToCart(getSnapshot(), key, color, quantity, seen));
  },
  remove(key: ProductKey, color: string) {
    write(removeFromCart(getSnapshot(), key, color));
  },
  setQuantity(key: ProductKey, color: string, quantity: number) {
    write(setQuantity(getSnapshot(), key, color, quantity));
  },
  /** Empties the cart, e.g. once an order is saved. */
  clear() {
    write(EMPTY);
  },
  /** How many stored lines were dropped as invalid since the shopper was last told. */
  droppedLines(): number {
    getSnapshot();
    return dropped;
  },
  /** The shopper has been told about the dropped lines. */
  acknowledgeDropped() {
    dropped = 0;
  },
  /** Forgets the in-memory copy so the next read comes from storage (tests, reload). */
  reload() {
    lines = undefined;
    dropped = 0;
    listeners.forEach((listener) => listener());
  },
};

/**
 * The cart; a server-rendered page is rendered, and hydrated, with an empty one (the server cannot
 * see the browser's), then shows the stored cart at once.
 */
export function useCart(): readonly CartLine[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}

export function useCartCount(): number {
  return cartCount(useCart());
}
