// A page opened from a link fetches its chunks beside the entry script: index.html's inline script
// (scripts/route-preload.ts) adds a preload for each before the entry runs. Every script and
// stylesheet such a page loads must be one of them (or the entry's own, or a backend client the
// page loads once idle), and home, whose page is in the entry, preloads nothing. The list pages
// and the cart preload nothing either: the entry paints their frame (app/page-frames.tsx), heading
// and lead in place, and only then fetches their chunks (ADR 0037).
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

/** The backend clients' chunks, which pages load once idle (lib/supabase.ts), never preloaded. */
const isBackendClient = (path: string) =>
  /\/(supabase-clients|public-data|postgrest)-[^/]+\.js$/.test(path);

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
  ['#/orderHistory', 'Order History'],
  ['#/compare', 'Compare'],
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
    const needed = requested.filter((path) => !entry.includes(path) && !isBackendClient(path));
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

/** Holds back every request for the catalogue pages' chunk until the returned release is called. */
async function holdChunk(page: import('@playwright/test').Page, name: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(name, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('#/keyboard paints its heading and lead before its chunks, then the page in place', async ({
  page,
}) => {
  const release = await holdChunk(page, /\/assets\/catalogue-pages-[^/]+\.js$/);
  const catalogueReads: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().includes('/rest/v1/catalogue_products')) catalogueReads.push(request.url());
  });
  await page.goto('#/keyboard');
  const lead = page.getByText(/^Mechanical boards for every desk/);
  await expect(heading(page, 'Keyboards')).toBeVisible();
  await expect(lead).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' })).toHaveCount(0);
  expect(await page.evaluate(() => window.__preloadedByInlineScript)).toEqual([]);
  // The products are read beside the page's chunk, not once it has arrived (app/routes.tsx).
  await expect.poll(() => catalogueReads.length).toBe(1);
  const before = await lead.boundingBox();

  release();
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  // The page draws heading and lead where the frame did: nothing moves.
  expect(await lead.boundingBox()).toEqual(before);
});

test('#/cart on a device with no stored cart shows the empty cart before its chunks', async ({
  page,
}) => {
  const release = await holdChunk(page, /\/assets\/CartPage-[^/]+\.js$/);
  await page.goto('#/cart');
  await expect(heading(page, 'Your Cart')).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  release();
  await expect(page.getByRole('link', { name: 'Keep shopping' })).toBeVisible();
  await page.getByRole('link', { name: 'Keep shopping' }).click();
  await expect(heading(page, 'Keyboards')).toBeFocused();
});

test("a link to a list page moves focus to the page's heading, not its frame's", async ({
  page,
}) => {
  await page.goto('#/home');
  await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible();
  const release = await holdChunk(page, /\/assets\/catalogue-pages-[^/]+\.js$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Switches' })
    .click();
  await expect(heading(page, 'Switches')).toBeVisible();
  await expect(heading(page, 'Switches')).not.toBeFocused();
  release();
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
  await expect(heading(page, 'Switches')).toBeFocused();
});

test("a visitor's list page reads products, ratings, stock and pre-orders without the auth client", async ({
  page,
}) => {
  const requested = watchAssets(page);
  const reads: string[] = [];
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/rest/v1/')) reads.push(pathname);
  });
  await page.goto('#/keyboard');
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
  await expect
    .poll(() => reads.sort())
    .toEqual([
      '/rest/v1/availability_progress',
      '/rest/v1/catalogue_products',
      '/rest/v1/product_ratings',
      '/rest/v1/stock_availability',
    ]);
  expect(
    requested.filter(isBackendClient).map((path) => path.split('/').pop()?.split('-')[0]),
  ).toEqual(expect.arrayContaining(['public', 'postgrest']));
  expect(requested.some((path) => path.includes('/supabase-clients-'))).toBe(false);
});
