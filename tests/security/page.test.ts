// Security of what the browser gets: no secret key in the built bundle or the served page, and
// stored text (an email, a product name in the history) rendered as text in real Chromium, never
// as markup. The page is the real build (dist/web, built first when missing or stale).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GoTrueClient } from '@supabase/auth-js';
import type { JWK } from 'jose';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authStorageKey } from '../../src/web/lib/session-hint.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import {
  pgliteTarget,
  type PayingTestServer,
  startTestServer,
} from '../../src/server/test-support/index.ts';
import { seedOrder } from './support.ts';

/** Shapes of secrets that must never reach a browser, whoever's they are. */
const SECRET_SHAPES = [
  /sk_(test|live)_[A-Za-z0-9]{8,}/,
  /rk_(test|live)_[A-Za-z0-9]{8,}/,
  /whsec_[A-Za-z0-9]{8,}/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /"d"\s*:\s*"[A-Za-z0-9_-]{20,}"/,
];
// A markup payload with no spaces, so the sign-up API accepts it as an email address.
const HOSTILE_EMAIL = '<img/src=x/onerror=alert(1)>@x.com';
const HOSTILE_PRODUCT = '<img src=x onerror=alert(2)><b>bold</b>';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe.each([pgliteTarget])('what the browser gets on $name', (target) => {
  let shop: PayingTestServer;
  let browser: Browser;
  /** This server's own secrets: the sandbox keys and the private half of the signing key. */
  let secrets: string[];
  beforeAll(async () => {
    shop = await startTestServer({ target, payments: true, listen: true, web: 'built' });
    const { rows } = await shop.db.query<{ private_jwk: JWK }>(
      'SELECT private_jwk FROM auth.signing_keys',
    );
    secrets = [
      shop.sandboxKeys.secretKey,
      shop.sandboxKeys.webhookSecret,
      ...rows.map((r) => r.private_jwk.d!),
    ];
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });

  function expectNoSecrets(text: string, where: string) {
    for (const shape of SECRET_SHAPES) expect(text, `${where}: ${shape}`).not.toMatch(shape);
    for (const secret of secrets) expect(text.includes(secret), where).toBe(false);
  }

  it('keeps secret keys and server code out of the built bundle', async () => {
    const dist = path.resolve(import.meta.dirname, '../../dist/web');
    const files = await filesUnder(dist);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      expectNoSecrets(text, path.relative(dist, file));
      // Server-only modules never reach the browser.
      for (const marker of ['payments_sandbox_keys', 'signing_keys', 'STRIPE_SECRET_KEY']) {
        expect(text.includes(marker), `${file}: ${marker}`).toBe(false);
      }
    }
  });

  it('serves a page and assets that carry the public anon key and no secret', async () => {
    const page = await (await fetch(`${shop.url}/keebshop/`)).text();
    expect(page).toContain(shop.anonKey);
    expectNoSecrets(page, 'index.html');
    const assets = (await readdir(path.resolve(import.meta.dirname, '../../dist/web/assets')))
      .map((name) => `/keebshop/assets/${name}`)
      .filter((p) => /\.(js|css|svg)$/.test(p));
    for (const asset of assets) {
      const res = await fetch(`${shop.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expectNoSecrets(await res.text(), asset);
    }
  });

  it("serves React's production build, never the development one (it explains too much)", async () => {
    const page = await (await fetch(`${shop.url}/keebshop/`)).text();
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(page)?.[1];
    expect(entry).toMatch(/^\/keebshop\/assets\/.+\.js$/);
    const bundle = await (await fetch(`${shop.url}${entry}`)).text();
    expect(bundle).toContain('createRoot');
    expect(bundle).not.toContain('Download the React DevTools');
  });

  /**
   * Opens the shop signed in (the session stored as auth-js stores it: the Login page's email
   * field would refuse a markup-shaped address). Resolves the page and every alert it opened.
   */
  async function openSignedIn(email: string, password: string, hash: string) {
    const memory = new Map<string, string>();
    const storageKey = authStorageKey(shop.url);
    const client = new GoTrueClient({
      url: `${shop.url}/auth/v1`,
      headers: { apikey: shop.anonKey, Authorization: `Bearer ${shop.anonKey}` },
      storageKey,
      storage: {
        getItem: (k) => memory.get(k) ?? null,
        setItem: (k, v) => void memory.set(k, v),
        removeItem: (k) => void memory.delete(k),
      },
      persistSession: true,
      autoRefreshToken: false,
    });
    const { error } = await client.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const context = await browser.newContext();
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      storageKey,
      memory.get(storageKey)!,
    ] as const);
    const page: Page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${shop.url}/keebshop/${hash}`);
    await page.getByRole('button', { name: 'Account menu', exact: true }).waitFor();
    return { page, dialogs, context };
  }

  it('shows a markup-shaped email in the account menu as text, creating no element', async () => {
    const password = 'correct horse battery';
    const { error } = await shop.authClient().signUp({ email: HOSTILE_EMAIL, password });
    expect(error).toBeNull();
    const { page, dialogs, context } = await openSignedIn(HOSTILE_EMAIL, password, '#/home');
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.getByText(HOSTILE_EMAIL, { exact: true }).waitFor();
    expect(await menu.locator('img').count()).toBe(0);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows a markup-shaped product name in the order history as text', async () => {
    const buyer = await shop.signUp('buyer');
    await seedOrder(shop.db, buyer.id, HOSTILE_PRODUCT);
    const { page, dialogs, context } = await openSignedIn(
      buyer.email,
      buyer.password,
      '#/orderHistory',
    );
    await page.getByText(HOSTILE_PRODUCT).first().waitFor();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('main b').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  }, 90_000);
});
