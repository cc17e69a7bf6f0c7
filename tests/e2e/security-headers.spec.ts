// The app runs under its Content-Security-Policy with no inline script: every route renders with
// no CSP violation, the app-config tag (JSON data, not script) is read, and an injected inline
// script is refused by the browser.
import { expect, openRoute, ROUTES, test } from './support/app.ts';

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

test('the page is served with a CSP that allows no inline script', async ({ page }) => {
  const response = await page.goto('#/home');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
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
