// The Host header is the client's to write. Without PUBLIC_URL the page's config, the token issuer
// and the checkout's return URLs (and so the sandbox's way back) are built from it, so the shop
// answers only for localhost, 127.0.0.1 and [::1] and its listen address on its own port, and
// ALLOWED_HOSTS, and 400 for any other Host (another loopback name or port too). With
// PUBLIC_URL set, every link comes from it whatever the Host says, and in production (NODE_ENV)
// the server does not start without it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgliteTarget,
  type PayingTestServer,
  root,
  type Shopper,
  startTestServer,
} from '../../src/server/test-support/index.ts';

interface Answer {
  status: number;
  body: string;
}

/** One request to the shop's port with the Host header set by hand, as any client may. */
function withHost(
  shop: PayingTestServer,
  host: string,
  path: string,
  init: { method?: string; token?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${shop.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        host,
        apikey: shop.anonKey,
        authorization: `Bearer ${init.token ?? shop.anonKey}`,
        'content-type': 'application/json',
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const pageConfig = (html: string) =>
  JSON.parse(/<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html)![1]!);
const issuer = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iss as string;
const CART = JSON.stringify({ items: [{ key: 'keyboards:1', color: 'Black', quantity: 1 }] });

describe.each([pgliteTarget])('Host header on $name', (target) => {
  describe('without PUBLIC_URL', () => {
    let shop: PayingTestServer;
    let shopper: Shopper;
    beforeAll(async () => {
      shop = await startTestServer({
        target,
        payments: true,
        listen: true,
        env: { ALLOWED_HOSTS: 'shop.lan' },
      });
      shopper = await shop.signUp('host');
    });
    afterAll(() => shop?.close());

    it('answers 400 to a foreign Host on the page, auth, data and checkout, and builds no link from it', async () => {
      const evil = 'evil.example';
      const page = await withHost(shop, evil, '/keebshop/');
      expect(page.status).toBe(400);
      expect(page.body).not.toContain(evil + '/');
      const signIn = await withHost(shop, evil, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: shopper.email, password: shopper.password }),
      });
      expect(signIn.status).toBe(400);
      expect(JSON.parse(signIn.body)).toMatchObject({ error_code: 'validation_failed' });
      const data = await withHost(shop, `${evil}:80`, '/rest/v1/product_ratings?select=*');
      expect(data.status).toBe(400);
      expect(JSON.parse(data.body)).toMatchObject({ code: 'PGRST100', details: null });
      const checkout = await withHost(shop, evil, '/functions/v1/checkout', {
        method: 'POST',
        token: shopper.accessToken,
        body: CART,
      });
      expect(checkout.status).toBe(400);
      expect(JSON.parse(checkout.body)).toMatchObject({ error: 'unknown_host' });
      // Monitors may call an instance by any name: the health check builds no link.
      expect((await withHost(shop, evil, '/healthz')).status).toBe(200);
    });

    it("answers 400 to a loopback name or port other than the shop's own: no link leads there", async () => {
      const port = new URL(shop.url).port;
      for (const host of ['evil.localhost:6666', `evil.localhost:${port}`, 'localhost:6666']) {
        const checkout = await withHost(shop, host, '/functions/v1/checkout', {
          method: 'POST',
          token: shopper.accessToken,
          body: CART,
        });
        expect(checkout.status, host).toBe(400);
        expect(JSON.parse(checkout.body), host).toMatchObject({ error: 'unknown_host' });
        expect((await withHost(shop, host, '/keebshop/')).status, host).toBe(400);
      }
    });

    it('builds the page config, the issuer and the return URLs from a loopback or allowed Host', async () => {
      const port = new URL(shop.url).port;
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `shop.lan:${port}`]) {
        const origin = `http://${host}`;
        const page = await withHost(shop, host, '/keebshop/');
        expect(page.status, host).toBe(200);
        expect(pageConfig(page.body).supabaseUrl, host).toBe(origin);

        const signIn = await withHost(shop, host, '/auth/v1/token?grant_type=password', {
          method: 'POST',
          body: JSON.stringify({ email: shopper.email, password: shopper.password }),
        });
        expect(signIn.status, host).toBe(200);
        const accessToken = JSON.parse(signIn.body).access_token as string;
        expect(issuer(accessToken), host).toBe(`${origin}/auth/v1`);

        // A token names the origin it was issued at; it is accepted there (and only there).
        const checkout = await withHost(shop, host, '/functions/v1/checkout', {
          method: 'POST',
          token: accessToken,
          body: CART,
        });
        expect(checkout.status, host).toBe(200);
        const session = await shop.stripe.checkout.sessions.retrieve(JSON.parse(checkout.body).id);
        expect(session.success_url, host).toMatch(new RegExp(`^${origin}/keebshop/`));
        expect(session.cancel_url, host).toMatch(new RegExp(`^${origin}/keebshop/`));
      }
    });
  });

  describe('with PUBLIC_URL', () => {
    let shop: PayingTestServer;
    let shopper: Shopper;
    const publicUrl = 'https://shop.example';
    beforeAll(async () => {
      shop = await startTestServer({
        target,
        payments: true,
        listen: true,
        env: { PUBLIC_URL: publicUrl },
      });
      shopper = await shop.signUp('public');
    });
    afterAll(() => shop?.close());

    it('takes every link and the issuer from PUBLIC_URL, whatever the Host says', async () => {
      const evil = 'evil.example';
      const page = await withHost(shop, evil, '/keebshop/');
      expect(page.status).toBe(200);
      expect(pageConfig(page.body).supabaseUrl).toBe(publicUrl);
      const signIn = await withHost(shop, evil, '/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: shopper.email, password: shopper.password }),
      });
      expect(issuer(JSON.parse(signIn.body).access_token)).toBe(`${publicUrl}/auth/v1`);
      const checkout = await withHost(shop, evil, '/functions/v1/checkout', {
        method: 'POST',
        token: shopper.accessToken,
        body: CART,
      });
      const session = await shop.stripe.checkout.sessions.retrieve(JSON.parse(checkout.body).id);
      expect(session.success_url).toMatch(/^https:\/\/shop\.example\/keebshop\//);
      expect(session.cancel_url).toMatch(/^https:\/\/shop\.example\/keebshop\//);
    });
  });
});

describe('production mode', () => {
  it('refuses to start without PUBLIC_URL, with one line saying so', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-production-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      SANDBOX_PORT: '0',
    };
    delete env.PUBLIC_URL;
    delete env.DATABASE_URL;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'src/server/main.ts')],
      { cwd: root, env, encoding: 'utf8', timeout: 20_000 },
    );
    rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PUBLIC_URL: required when NODE_ENV=production/);
    expect(
      run.stderr
        .trim()
        .split('\n')
        .filter((line) => line.includes('PUBLIC_URL')),
    ).toHaveLength(1);
  });
});
