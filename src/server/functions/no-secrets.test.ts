// No payment secret ever reaches the browser: not in the built web app (dist/web, rebuilt when
// stale, as npm start does), not in the page the server serves, not in what the functions answer.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgliteTarget,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../test-support/index.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(root, 'dist/web');

function secretsIn(text: string, keys: { secretKey: string; webhookSecret: string }): string[] {
  const needles = [
    'sk_test_',
    'sk_live_',
    'rk_test_',
    'rk_live_',
    'whsec_',
    keys.secretKey,
    keys.webhookSecret,
  ];
  return needles.filter((needle) => text.includes(needle));
}

describe('payment secrets stay on the server', () => {
  let server: PayingTestServer;
  let shopper: Shopper;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
      cwd: root,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`the web app did not build:\n${built.stderr}`);
    server = await startTestServer({
      payments: true,
      target: pgliteTarget,
      web: { dir: dist },
    });
    shopper = await server.signUp('buyer');
  }, 180_000);
  afterAll(() => server?.close());

  it('the served page and every built asset carry no key or webhook secret', async () => {
    const page = await server.app.request('/keebshop/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('id="app-config"');
    expect(secretsIn(html, server.sandboxKeys)).toEqual([]);

    const assets = readdirSync(path.join(dist, 'assets'));
    expect(assets.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of assets) {
      // As the browser gets it from the server, and as it lies on disk.
      const served = await server.app.request(`/keebshop/assets/${file}`);
      expect(served.status, file).toBe(200);
      expect(secretsIn(await served.text(), server.sandboxKeys), file).toEqual([]);
      expect(
        secretsIn(readFileSync(path.join(dist, 'assets', file), 'utf8'), server.sandboxKeys),
        file,
      ).toEqual([]);
    }
  });

  it('the functions answer with ids and urls, never a secret', async () => {
    const { data } = await shopper.functions.invoke<Record<string, unknown>>('checkout', {
      body: { items: [{ key: 'switches:10', color: 'Yellow', quantity: 1 }] },
    });
    expect(Object.keys(data ?? {}).sort()).toEqual(['id', 'url']);
    const id = String(data?.id);
    await server.pay({ url: String(data?.url) });
    const confirm = await shopper.functions.invoke<Record<string, unknown>>('confirm-checkout', {
      body: { session_id: id },
    });
    expect(confirm.data?.status).toBe('saved');
    expect(secretsIn(JSON.stringify([data, confirm.data]), server.sandboxKeys)).toEqual([]);
  });
});
