// A page opened from a link fetches its chunks beside the entry script: index.html's inline script
// (scripts/route-preload.ts) adds a preload for each before the entry runs. Every script and
// stylesheet such a page loads must be one of them (or the entry's own, or the backend client the
// page loads once idle), and home, whose page is in the entry, preloads nothing.
import { expect, heading, test } from './support/app.ts';

declare global {
  interface Window {
    __preloadedByInlineScript: string[];
  }
}

test.beforeEach(async ({ page }) => {
  // Records the links appended while a classic inline script runs: only the route preload is one
  // (the app's own code is module scripts, for which document.currentScript is null).
  await page.addInitScript(() => {
    window.__preloadedByInlineScript = [];
    const append = Element.prototype.append;
    Element.prototype.append = function (...nodes) {
      const script = document.currentScript;
      for (const node of nodes) {
        if (node instanceof HTMLLinkElement && script && !script.hasAttribute('src')) {
          window.__preloadedByInlineScript.push(`${node.rel} ${new URL(node.href).pathname}`);
        }
      }
      return append.apply(this, nodes);
    };
  });
});

/** The app's JS and CSS files the page requested, by path. */
function watchAssets(page: import('@playwright/test').Page): string[] {
  const assets: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/assets\/.*\.(js|css)$/.test(pathname)) assets.push(pathname);
  });
  return assets;
}

for (const [hash, h1] of [
  ['#/keyboard?q=pro', 'Keyboards'],
  ['#/Accessories', 'Accessories'],
  ['#/cart', 'Your Cart'],
  ['#/orderHistory', 'Order History'],
] as const) {
  test(`${hash} preloads every chunk its page needs from the HTML`, async ({ page }) => {
    const requested = watchAssets(page);
    const response = await page.goto(hash);
    await expect(heading(page, h1)).toBeVisible();
    const html = (await response?.text()) ?? '';
    const entry = [...html.matchAll(/\/keebshop\/assets\/index-[^"]+\.(?:js|css)/g)].map(
      (m) => m[0],
    );
    const preloaded = await page.evaluate(() => window.__preloadedByInlineScript);

    expect(preloaded.length).toBeGreaterThan(0);
    for (const link of preloaded)
      expect(link).toMatch(/^(modulepreload \S+\.js|preload \S+\.css)$/);
    const preloadedPaths = preloaded.map((link) => link.split(' ')[1]);
    const needed = requested.filter(
      (path) => !entry.includes(path) && !path.includes('/supabase-clients-'),
    );
    expect(needed.length).toBeGreaterThan(0);
    for (const path of needed) expect(preloadedPaths, `${path} was not preloaded`).toContain(path);
    // Each file once: the entry's loader finds the preloaded links and does not fetch them again.
    expect(new Set(requested).size).toBe(requested.length);
  });
}

test('#/home preloads nothing: its page is in the entry', async ({ page }) => {
  await page.goto('#/home');
  await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible();
  expect(await page.evaluate(() => window.__preloadedByInlineScript)).toEqual([]);
});
