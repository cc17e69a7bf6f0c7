// The ratings store's own rules. The answers come from a fetch stub behind the real postgrest-js
// client: what is under test is the ordering (a list load racing a saved rating), which the real
// server cannot be asked to produce on cue. The server round trip is covered in
// src/web/app/reviews.server.test.tsx.
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../lib/supabase.ts';
import type { Database } from '../../contracts/database.ts';
import { createRatingsStore } from './ratings-store.ts';

afterEach(() => vi.restoreAllMocks());

/** A backend whose ratings answer waits until `answer(rows)` is called; counts its requests. */
function heldBackend() {
  let answer!: (rows: unknown[]) => void;
  let requests = 0;
  const fetchStub: typeof fetch = () => {
    requests += 1;
    return new Promise((resolve) => {
      answer = (rows) => resolve(Response.json(rows));
    });
  };
  const db = new PostgrestClient<Database>('http://shop.test/rest/v1', { fetch: fetchStub });
  const backend = () => Promise.resolve({ db } as unknown as Backend);
  return { backend, answer: (rows: unknown[]) => answer(rows), requests: () => requests };
}

const row = (product_key: string, rating_count: number, rating_sum: number) => ({
  product_key,
  rating_count,
  rating_sum,
});

describe('ratingsStore', () => {
  it('fills one catalogue from one request, shared by concurrent loads', async () => {
    const store = createRatingsStore();
    const held = heldBackend();
    const first = store.load('keyboards', held.backend);
    const second = store.load('keyboards', held.backend);
    await vi.waitFor(() => expect(held.requests()).toBe(1));
    held.answer([row('keyboards:1', 2, 7.5)]);
    await Promise.all([first, second]);
    expect(store.get('keyboards:1')).toEqual({ count: 2, sum: 7.5 });
    expect(store.get('keyboards:2')).toEqual({ count: 0, sum: 0 });
  });

  it('keeps totals saved while a load was in flight instead of the older answer', async () => {
    const store = createRatingsStore();
    const held = heldBackend();
    const loading = store.load('keyboards', held.backend);
    await vi.waitFor(() => expect(held.requests()).toBe(1));
    store.set('keyboards:1', { count: 3, sum: 12 }); // the shopper rated meanwhile
    held.answer([row('keyboards:1', 2, 7.5), row('keyboards:3', 1, 5)]);
    await loading;
    expect(store.get('keyboards:1')).toEqual({ count: 3, sum: 12 });
    expect(store.get('keyboards:3')).toEqual({ count: 1, sum: 5 });
  });

  it('replaces a catalogue on reload (a rating deleted elsewhere disappears), not the others', async () => {
    const store = createRatingsStore();
    store.set('switches:205', { count: 1, sum: 4 });
    let held = heldBackend();
    let loading = store.load('keyboards', held.backend);
    await vi.waitFor(() => expect(held.requests()).toBe(1));
    held.answer([row('keyboards:1', 1, 4)]);
    await loading;
    held = heldBackend();
    loading = store.load('keyboards', held.backend);
    await vi.waitFor(() => expect(held.requests()).toBe(1));
    held.answer([]);
    await loading;
    expect(store.get('keyboards:1')).toEqual({ count: 0, sum: 0 });
    expect(store.get('switches:205')).toEqual({ count: 1, sum: 4 });
  });

  it('only warns when the load fails, keeping what it had', async () => {
    const store = createRatingsStore();
    store.set('keyboards:1', { count: 1, sum: 4 });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.load('keyboards', () => Promise.reject(new Error('chunk failed')));
    expect(warned).toHaveBeenCalledWith(
      'Could not load the stored ratings; showing the catalogue ratings only:',
      expect.objectContaining({ message: 'chunk failed' }),
    );
    expect(store.get('keyboards:1')).toEqual({ count: 1, sum: 4 });
  });
});
