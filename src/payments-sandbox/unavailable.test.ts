// A store out of reach for a moment (the shop's database restarting) is not a sandbox bug: the API
// answers 503 with Retry-After, which clients retry, and the log gets a warning, not an error.
import { afterEach, describe, expect, it } from 'vitest';
import { FileStore } from './file-store.ts';
import { createSandbox, generateSandboxKeys } from './index.ts';
import { sessionParams, stripeClient, tempDir } from './test-support.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the sandbox when its store is unavailable', () => {
  it('answers 503 api_error with Retry-After and warns, then serves again once it is back', async () => {
    const dir = tempDir();
    cleanup.push(dir.remove);
    const files = new FileStore(dir.dir, () => {
      throw new Error('nothing to rebuild');
    });
    let down = false;
    const outage = Object.assign(new Error('connection refused'), { code: 'STORE_DOWN' });
    // The real file store, with reads failing as a database's do while it restarts.
    const store = Object.assign(Object.create(files) as FileStore, {
      getSession: (id: string) => (down ? Promise.reject(outage) : files.getSession(id)),
      isUnavailable: (err: unknown) => err === outage,
    });
    const warnings: string[] = [];
    const errors: string[] = [];
    const keys = generateSandboxKeys();
    const running = await createSandbox({
      storage: { store },
      ...keys,
      logger: { warn: (m) => warnings.push(m), error: (m) => errors.push(m) },
    }).start(0);
    cleanup.push(running.close);
    const stripe = stripeClient(keys.secretKey, running.port);
    const session = await stripe.checkout.sessions.create(sessionParams());

    down = true;
    const res = await fetch(`${running.url}/v1/checkout/sessions/${session.id}`, {
      headers: { authorization: `Bearer ${keys.secretKey}` },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('api_error');
    expect(warnings.some((w) => w.includes('storage unavailable'))).toBe(true);
    expect(errors).toEqual([]);

    down = false;
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
  });
});
