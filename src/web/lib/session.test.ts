import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session.ts';
import type { Backend, PublicData } from './supabase.ts';

/** A backend whose auth client only follows events, and a public client: each a marker `db`. */
function clients() {
  const backend = {
    auth: { onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }) },
    db: { from: 'backend db' },
  } as unknown as Backend;
  const publicData = { db: { from: 'public db' } } as unknown as PublicData;
  return {
    backend,
    publicData,
    load: vi.fn(() => Promise.resolve(backend)),
    loadPublic: vi.fn(() => Promise.resolve(publicData)),
  };
}

describe('SessionStore.publicData', () => {
  it('reads public data without loading the auth client when nobody has loaded it', async () => {
    const c = clients();
    const store = createSessionStore({ ...c, hasStoredSession: () => false });
    expect((await store.publicData()).db).toBe(c.publicData.db);
    expect(c.load).not.toHaveBeenCalled();
  });

  it("uses the backend's own data client once the backend is loading", async () => {
    const c = clients();
    const store = createSessionStore({ ...c, hasStoredSession: () => true });
    const loading = store.backend();
    expect((await store.publicData()).db).toBe(c.backend.db);
    await loading;
    expect(c.loadPublic).not.toHaveBeenCalled();
    expect(c.load).toHaveBeenCalledTimes(1);
  });

  it("falls back to the backend's data client without a public loader", async () => {
    const c = clients();
    const store = createSessionStore({ load: c.load, hasStoredSession: () => false });
    expect((await store.publicData()).db).toBe(c.backend.db);
  });
});
