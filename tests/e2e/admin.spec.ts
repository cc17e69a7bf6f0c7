// The back office (docs/product.md, Back office page): staff only. A visitor is asked to log in, a
// shopper is told the page is for staff and no order is read; staff (granted with `npm run staff`)
// find, ship and deliver an order. Axe-clean in both colour schemes; stacked rows on a phone.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, heading, openRoute, test } from './support/app.ts';
import { shopperWithOrders } from './support/orders.ts';
import { logInBrowser, newShopper } from './support/session.ts';
import { newStaffAccount } from './support/staff.ts';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
}

test('a signed-out visitor is asked to log in', async ({ page }) => {
  await openRoute(page, '#/admin', 'Back office');
  await expect(page.getByText('You must be logged in to use the back office.')).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(heading(page, 'Login')).toBeVisible();
});

for (const colorScheme of ['dark', 'light'] as const) {
  test(`a shopper is refused, reads no orders and sees no Admin link (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const read: string[] = [];
    page.on('request', (r) => {
      if (/\/rest\/v1\/(shop_orders|orders|staff_audit_log)|functions\/v1\/admin-/.test(r.url())) {
        read.push(r.url());
      }
    });
    await newShopper(page, 'not-staff');
    await openRoute(page, '#/home', 'Find Your Perfect Gaming Keyboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await openRoute(page, '#/admin/orders/KS-10001', 'Back office');
    await expect(page.getByText('This page is for Keebshop staff.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(read).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test.describe('staff', () => {
  let staffEmail: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await shopperWithOrders(1);
    staffEmail = await newStaffAccount();
  });

  // Signed in over HTTP: the Login page has tests of its own (accounts.spec.ts).
  const logInAsStaff = (page: Page) => logInBrowser(page.context(), staffEmail);

  const orderLinks = (page: Page) =>
    page.getByRole('table', { name: 'Orders' }).getByRole('rowheader').getByRole('link');

  test('find an order, ship it and deliver it', async ({ page }) => {
    await logInAsStaff(page);
    await openRoute(page, '#/home', 'Find Your Perfect Gaming Keyboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(heading(page, 'Back office')).toBeVisible();
    await expect(orderLinks(page).first()).toBeVisible();
    const number = (await orderLinks(page).first().textContent())!;

    await page.getByLabel('Status').selectOption({ label: 'Paid' });
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(number.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`#/admin\\?status=paid&q=${number.toLowerCase()}$`));
    await expect(orderLinks(page)).toHaveText([number]);
    await orderLinks(page).first().click();
    await expect(heading(page, `Order ${number}`)).toBeVisible();

    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = page.getByRole('form', { name: 'Mark shipped' });
    await ship.getByLabel('Carrier').selectOption('UPS');
    await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await ship.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(page.getByText(`Order ${number} is marked shipped.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    const audit = page.getByRole('region', { name: 'Audit log' });
    await expect(audit.getByText('Marked shipped: UPS 1Z999AA10123456784')).toBeVisible();
    await expect(audit.getByText(staffEmail)).toBeVisible();

    // Refunds need the order's payment on record, which checkout records once orders carry it:
    // the buy -> ship -> refund loop covers them. Delivering needs nothing more.
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(page.getByText(`Order ${number} is marked delivered.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refund' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to orders' }).click();
    await expect(page).toHaveURL(new RegExp(`#/admin\\?status=paid&q=`));
    await expect(page.getByText('No orders match.')).toBeVisible();
  });

  test('download the orders of the last 30 days as CSV', async ({ page }) => {
    await logInAsStaff(page);
    await openRoute(page, '#/admin', 'Back office');
    const number = (await orderLinks(page).first().textContent())!;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text).toContain(number);
    await expect(page.getByText(`Downloaded ${file.suggestedFilename()}.`)).toBeVisible();
  });

  for (const colorScheme of ['dark', 'light'] as const) {
    test(`the list and an order are axe-clean (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await logInAsStaff(page);
      await openRoute(page, '#/admin', 'Back office');
      await expect(orderLinks(page).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await orderLinks(page).first().click();
      await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('on a phone the order rows stack, each cell labelled', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await logInAsStaff(page);
    await openRoute(page, '#/admin', 'Back office');
    const row = page.getByRole('table', { name: 'Orders' }).locator('tbody tr').first();
    await expect(row).toBeVisible();
    const cells = row.locator('th, td');
    const boxes = await cells.evaluateAll((nodes) =>
      nodes.map((n) => ({
        top: n.getBoundingClientRect().top,
        label: getComputedStyle(n, '::before').content,
      })),
    );
    // One cell under the other, each with its column's name before it.
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThan(boxes[i - 1]!.top);
    expect(boxes.map((b) => b.label)).toEqual([
      '"Order"',
      '"Placed"',
      '"Customer"',
      '"Status"',
      '"Total"',
    ]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
