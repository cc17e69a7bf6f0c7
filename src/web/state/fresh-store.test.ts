// The shared loader of the stock and pre-order stores: one request for callers together, none
// while fresh, and a new one after invalidate even while an older one is still under way, whose
// stale answer is then dropped (the cart after a cancelled checkout).
import { describe, expect, it } from 'vitest';
import type { PublicData } from '../lib/supabase.ts';
import { createFreshStore } from './fresh-store.ts';

/** A fetch whose answers the test releases one by one, in the order asked. */
function controlledFetch() {
  const pending: ((answer: string) => void)[] = [];
  const fetch = () => new Promise<string>((resolve) => pending.push(resolve));
  return { fetch, pending };
}

const publicData = () => Promise.resolve({ db: {} } as PublicData);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createFreshStore', () => {
  it('shares a load under way and asks nothing while the answer is fresh', async () => {
    const { fetch, pending } = controlledFetch();
    const store = createFreshStore({ empty: '', fetch, ttlMs: 1000, logPrefix: 'test' });
    const first = store.load(publicData, 0);
    expect(store.load(publicData, 0)).toBe(first);
    await tick();
    pending[0]!('one');
    await first;
    expect(store.getSnapshot()).toBe('one');
    await store.load(publicData, 500);
    expect(pending).toHaveLength(1);
  });

  it('after invalidate asks again, and an older answer arriving later is dropped', async () => {
    const { fetch, pending } = controlledFetch();
    const store = createFreshStore({ empty: '', fetch, ttlMs: 1000, logPrefix: 'test' });
    const stale = store.load(publicData, 0);
    await tick();
    store.invalidate();
    const fresh = store.load(publicData, 10);
    expect(fresh).not.toBe(stale);
    await tick();
    expect(pending).toHaveLength(2);
    pending[1]!('after');
    await fresh;
    pending[0]!('before');
    await stale;
    expect(store.getSnapshot()).toBe('after');
  });
});
