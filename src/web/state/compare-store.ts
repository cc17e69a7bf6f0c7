import { useSyncExternalStore } from 'react';
import { toggleCompare, type CompareToggle } from '../../catalogue/compare.ts';
import { parseProductKey, productKey, type ProductKey } from '../../catalogue/index.ts';

// The products chosen for comparison (docs/product.md, Specifications and compare), kept for the
// tab's session so the selection survives moving between list pages. The compare page's URL is
// the shareable form; opening one makes it the selection. The store holds keys and never waits
// for the catalogue: the tray leaves out (and drops) a key the shop no longer sells.

const STORAGE_KEY = 'keebshop.compare';
const EMPTY: readonly ProductKey[] = [];
let selection: readonly ProductKey[] | undefined;
const listeners = new Set<() => void>();

function readStored(): readonly ProductKey[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return EMPTY;
    // Only product keys, and (as toggleCompare would allow) of one category, at most four.
    let kept: readonly ProductKey[] = EMPTY;
    for (const item of parsed) {
      const parsedKey = typeof item === 'string' ? parseProductKey(item) : undefined;
      const key = parsedKey && productKey(parsedKey.category, parsedKey.id);
      if (key && !kept.includes(key)) kept = toggleCompare(kept, key).selection;
    }
    return kept;
  } catch {
    return EMPTY;
  }
}

function write(next: readonly ProductKey[]) {
  selection = next.length === 0 ? EMPTY : next;
  try {
    if (next.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage disabled: the selection still works on this page.
  }
  listeners.forEach((listener) => listener());
}

function getSnapshot(): readonly ProductKey[] {
  selection ??= readStored();
  return selection;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const compareStore = {
  getSnapshot,
  subscribe,
  /** Adds or removes a product; a refused one leaves the selection as it was and says why. */
  toggle(key: ProductKey): CompareToggle {
    const result = toggleCompare(getSnapshot(), key);
    if (!result.refused) write(result.selection);
    return result;
  },
  remove(key: ProductKey) {
    write(getSnapshot().filter((k) => k !== key));
  },
  /** Replaces the selection, e.g. with a valid compare URL's. */
  set(keys: readonly ProductKey[]) {
    const current = getSnapshot();
    if (keys.length === current.length && keys.every((k, i) => current[i] === k)) return;
    write(keys);
  },
  clear() {
    write(EMPTY);
  },
  /** Tests start from an empty, unread store. */
  reset() {
    selection = undefined;
  },
};

export function useCompareSelection(): readonly ProductKey[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}
