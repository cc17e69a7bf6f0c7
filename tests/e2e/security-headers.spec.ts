// The app runs under its Content-Security-Policy with no inline script but index.html's route
// preload and the product pages' script loader, and no inline style but the product pages' own,
// each allowed by its hash: every route renders with no CSP violation, the app-config tag
// (JSON data, not script) is read, the route preload runs, and an injected inline script is
// refused by the browser.
import { createHash } from 'node:crypto';
import { productPath } from '../../src/contracts/shop-paths.ts';
import { expect, heading, openRoute, ROUTES, test } from './support/app.ts';

declare global {
  interface Window {
    __cspViolations: string[];
    __inlineRan?: boolean;
  }
}

test.beforeEach(async ({ page }) => {
  // Init scripts come from the test runner, outside the page's CSP.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
});

/** The page's inline (classic, src-less) scripts' texts. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
}

test('the page is served with a CSP that allows no inline script but its own, by hash', async ({
  page,
}) => {
  const response = await page.goto('#/home');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  const scripts = inlineScripts((await response?.text()) ?? '');
  expect(scripts).toHaveLength(1);
  // The product pages' shell has one inline module (its script, asked for once the page has
  // loaded) and its styles inline (docs/decisions/0049-server-rendered-product-pages.md).
  const productPage = await page.request.get(productPath('mechanical-keyboard-pro'));
  const pageHtml = await productPage.text();
  const pageScripts = [...pageHtml.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
  const pageStyles = [...pageHtml.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  expect([pageScripts.length, pageStyles.length]).toEqual([1, 1]);
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
  expect(scriptSrc).toBe(`script-src 'self' ${sha(scripts[0]!)} ${sha(pageScripts[0]![1]!)}`);
  const styleSrc = csp.split('; ').find((d) => d.startsWith('style-src '));
  expect(styleSrc).toBe(`style-src 'self' ${sha(pageStyles[0]![1]!)}`);
  expect(productPage.headers()['content-security-policy']).toBe(csp);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const config = await page.locator('script#app-config').getAttribute('type');
  expect(config).toBe('application/json');
});

test('every route renders without a CSP violation', async ({ page }) => {
  for (const route of ROUTES) {
    await openRoute(page, route.hash, route.h1);
    expect(await page.evaluate(() => window.__cspViolations), route.hash).toEqual([]);
  }
});

test('the route preload runs under the CSP', async ({ page }) => {
  // Order history preloads its chunks (list pages paint a frame first and preload nothing).
  await page.goto('#/orderHistory');
  await expect(heading(page, 'Order History')).toBeVisible();
  // Only the route preload makes rel="preload" style links (the app's loader makes stylesheets).
  await expect(page.locator('head link[rel="preload"][as="style"]')).not.toHaveCount(0);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});

test('an injected inline script is blocked by the browser', async ({ page }) => {
  await openRoute(page, '#/home', 'Find Your Perfect Gaming Keyboard');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.append(script);
  });
  await expect
    .poll(() => page.evaluate(() => window.__cspViolations.join(' ')))
    .toContain('script-src');
  expect(await page.evaluate(() => window.__inlineRan)).toBeUndefined();
});
