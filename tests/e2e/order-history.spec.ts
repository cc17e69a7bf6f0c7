// The Order History page with a long history (docs/product.md, Order history): ten orders at a
// time, the next ten when the shopper scrolls near the end, or with "Show more orders" from the
// keyboard, where focus moves to the first new order and the end is announced.
import AxeBuilder from '@axe-core/playwright';
import { expect, openRoute, test } from './support/app.ts';
import { shopperWithOrders } from './support/orders.ts';
import { logInBrowser } from './support/session.ts';
import type { Page } from '@playwright/test';

const ORDERS = 21;
let email: string;

test.beforeAll(async () => {
  // 21 checkouts paid over HTTP, before any page opens.
  test.setTimeout(120_000);
  email = await shopperWithOrders(ORDERS);
});

/** Signed in over HTTP (the Login page has tests of its own), the history is the first page. */
async function logInAndOpenHistory(page: Page) {
  await logInBrowser(page.context(), email);
  await openRoute(page, '#/orderHistory', 'Order History');
}

const orders = (page: Page) => page.getByRole('list', { name: 'Orders' }).locator(':scope > li');
const moreStatus = (page: Page) => page.locator('.orders-more').getByRole('status');

test('scrolling near the end of the list loads the next orders, whole', async ({ page }) => {
  // A short window, so the first ten orders reach well past it.
  await page.setViewportSize({ width: 1280, height: 600 });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rest/v1/rpc/order_history')) asked.push(r.url());
  });
  await logInAndOpenHistory(page);
  await expect(orders(page)).toHaveCount(10);
  // The end of the list lies beyond the 600 px the next page is fetched ahead: nothing more yet.
  const endBelow = await page
    .locator('.orders-more')
    .evaluate((end) => end.getBoundingClientRect().top - window.innerHeight);
  expect(endBelow).toBeGreaterThan(600);
  await expect(page.getByRole('button', { name: 'Show more orders' })).toBeVisible();
  expect(asked).toHaveLength(1);
  // Every fifth checkout (the first, 6th, 11th, 16th and 21st bought) has two lines.
  const twoLines = ['Mechanical Keyboard Pro', 'Blue Switch'];
  await expect(orders(page).first().getByRole('heading', { level: 3 })).toHaveText(twoLines);
  await expect(orders(page).nth(9).getByRole('heading', { level: 3 })).toHaveText([
    'Mechanical Keyboard Pro',
  ]);

  await page.mouse.wheel(0, 100_000);
  await expect(orders(page)).toHaveCount(20);
  await expect(moreStatus(page)).toHaveText('Showing 20 orders.');
  // The first order of the second page came whole.
  await expect(orders(page).nth(10).getByRole('heading', { level: 3 })).toHaveText(twoLines);
  await page.mouse.wheel(0, 100_000);
  await expect(orders(page)).toHaveCount(ORDERS);
  await expect(moreStatus(page)).toHaveText(`All ${ORDERS} of your orders are shown.`);
  await expect(orders(page).last().getByRole('heading', { level: 3 })).toHaveText(twoLines);
  await expect(page.getByRole('button', { name: 'Show more orders' })).toHaveCount(0);
  expect(asked).toHaveLength(3);
});

test('"Show more orders" works from the keyboard alone, focus moving to each new page', async ({
  page,
}) => {
  // Without IntersectionObserver (or before the shopper scrolls), the button is the way.
  await page.addInitScript(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  await logInAndOpenHistory(page);
  await expect(orders(page)).toHaveCount(10);
  const more = page.getByRole('button', { name: 'Show more orders' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(orders(page)).toHaveCount(20);
  await expect(orders(page).nth(10).getByRole('heading', { level: 2 })).toBeFocused();
  await expect(moreStatus(page)).toHaveText('Showing 20 orders.');

  // From the eleventh order, Tab reaches the button next (the orders hold no controls).
  await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Space');
  await expect(orders(page)).toHaveCount(ORDERS);
  await expect(orders(page).nth(20).getByRole('heading', { level: 2 })).toBeFocused();
  await expect(moreStatus(page)).toHaveText(`All ${ORDERS} of your orders are shown.`);
  await expect(more).toHaveCount(0);
});

test('a long history with "Show more orders" has no axe-core violations', async ({ page }) => {
  await logInAndOpenHistory(page);
  await expect(orders(page)).toHaveCount(10);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual([]);
});
