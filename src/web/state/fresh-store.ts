// One read of the whole catalogue's worth of something (stock, pre-orders), shared by every page
// that shows it and kept briefly: a page shown again within the store's TTL asks nothing, and
// loads started together share one request, unless the store was invalidated in between. A failed
// load is only logged; the store keeps what it had.
import type { PublicData } from '../lib/supabase.ts';

export interface FreshStore<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
  /** Loads everything unless a fresh answer is held or a load is under way (then shared). */
  load(publicData: () => Promise<PublicData>, now?: number): Promise<void>;
  /** Forgets the answer's age, so the next load asks again. */
  invalidate(): void;
  /** Forgets everything (tests). */
  reset(): void;
}

export interface FreshStoreOptions<T> {
  /** The snapshot before any answer; the same object again after reset. */
  empty: T;
  fetch: (db: PublicData['db']) => Promise<T>;
  ttlMs: number;
  /** Console prefix of a failed load. */
  logPrefix: string;
}

export function createFreshStore<T>({
  empty,
  fetch,
  ttlMs,
  logPrefix,
}: FreshStoreOptions<T>): FreshStore<T> {
  let snapshot = empty;
  let loadedAt = -Infinity;
  // Bumped by invalidate and reset: a load started before is not shared with a later caller, and
  // its answer, read before whatever made the caller invalidate (a cancelled checkout), is dropped.
  let generation = 0;
  let loading: { generation: number; promise: Promise<void> } | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(publicData, now = Date.now()) {
      if (loading?.generation === generation) return loading.promise;
      if (now - loadedAt < ttlMs) return Promise.resolve();
      const mine = generation;
      const read = async () => {
        try {
          const { db } = await publicData();
          const answer = await fetch(db);
          if (mine !== generation) return;
          snapshot = answer;
          loadedAt = now;
          notify();
        } catch (error) {
          console.warn(logPrefix, error);
        }
      };
      const promise: Promise<void> = read().finally(() => {
        if (loading?.promise === promise) loading = undefined;
      });
      loading = { generation: mine, promise };
      return promise;
    },
    invalidate() {
      loadedAt = -Infinity;
      generation += 1;
    },
    reset() {
      snapshot = empty;
      loadedAt = -Infinity;
      generation += 1;
      loading = undefined;
      notify();
    },
  };
}
