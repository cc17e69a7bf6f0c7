// The server-rendered product and category pages in Chromium (docs/product.md, Product pages): read
// with no script run (heading, price, rating, stock, specifications, JSON-LD, category links), then
// hydrated, a shopper buys from one through the cart and the sandbox checkout; the list dialog's
// "Product page" link leads to it; axe finds nothing on them in either colour scheme nor on the
// 404 page; and the product page logs no console errors.
import type { Page } from '@playwright/test';
import { categoryPath, productPath } from '../../src/contracts/shop-paths.ts';
import { cartLine, cartLines, cartLink, expect, heading, settle, test } from './support/app.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { payWith, SAVED } from './support/purchase.ts';
import { newShopper } from './support/session.ts';

const PRODUCT = 'Mechanical Keyboard Pro';
const PRODUCT_PATH = productPath('mechanical-keyboard-pro');
const CATEGORY_PATH = categoryPath('keyboards');
const MISSING_PATH = productPath('no-such-product');

/** Dollars as the page or JSON-LD writes them ("$120", "120.00"), in cents. */
function cents(text: string): number {
  const match = /^\$?(\d+(?:\.\d{1,2})?)$/.exec(text.trim());
  if (!match?.[1]) throw new Error(`not a price: ${text}`);
  return Math.round(Number(match[1]) * 100);
}

/** Opens the product's page and waits for its heading. */
async function openProductPage(page: Page): Promise<void> {
  await page.goto(PRODUCT_PATH);
  await expect(heading(page, PRODUCT)).toBeVisible();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the product page shows the product, its rating, stock, specifications and JSON-LD', async ({
    page,
  }) => {
    const response = await page.goto(PRODUCT_PATH);
    expect(response?.status()).toBe(200);
    await expect(heading(page, PRODUCT)).toBeVisible();
    const product = page.getByRole('article', { name: PRODUCT, exact: true });
    const price = product.locator('.product-dialog__price');
    await expect(price).toHaveText('$120');
    // Seed ratings 5, 4, 5, 4.
    await expect(
      product.getByText('Rated 4.5 out of 5 by 4 reviews', { exact: true }),
    ).toBeVisible();
    // Other specs change this product's stock on the shared server: any stock line will do.
    await expect(product.getByText(/^(In stock|Only \d+ left|Sold out)$/)).toBeVisible();
    const specs = product.getByRole('table', { name: 'Specifications', exact: true });
    await expect(specs.getByRole('row', { name: 'Size Full', exact: true })).toBeVisible();
    await expect(specs.getByRole('row', { name: 'Mount Gasket', exact: true })).toBeVisible();
    // In the shop's look with no script run: the page carries its styles (the details' two
    // columns, the primary button's colour).
    const layout = product.locator('.product-dialog__layout');
    expect(await layout.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    const add = product.getByRole('button', { name: 'Add to Cart', exact: true });
    expect(await add.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const described = jsonLd
      .map((text) => JSON.parse(text) as { '@type'?: string; offers?: { price?: string } })
      .filter((data) => data['@type'] === 'Product');
    expect(described).toHaveLength(1);
    expect(cents(described[0]?.offers?.price ?? '')).toBe(cents((await price.textContent()) ?? ''));
  });

  test('the category page links to its products’ pages', async ({ page }) => {
    const response = await page.goto(CATEGORY_PATH);
    expect(response?.status()).toBe(200);
    await expect(heading(page, 'Keyboards')).toBeVisible();
    const link = page
      .getByRole('list', { name: 'Products', exact: true })
      .getByRole('link', { name: PRODUCT, exact: true });
    await expect(link).toHaveAttribute('href', PRODUCT_PATH);
    // The cards in the list's grid, styled as on the list page.
    const grid = page.getByRole('list', { name: 'Products', exact: true });
    expect(await grid.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
  });
});

test('a shopper buys from the product page through the cart and the sandbox checkout', async ({
  page,
}) => {
  await newShopper(page, 'buyer');
  await openProductPage(page);
  await page.getByRole('combobox', { name: 'Colour', exact: true }).selectOption('Red');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Added ${PRODUCT} (Red) to your cart` }),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(cartLink(page).getByText('1', { exact: true })).toBeVisible();

  await expect(cartLink(page)).toHaveAttribute('href', '/keebshop/#/cart');
  await cartLink(page).click();
  await expect(heading(page, 'Your Cart')).toBeVisible();
  await expect(page).toHaveURL(/\/keebshop\/#\/cart$/);
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLine(page, PRODUCT, 'Red')).toContainText('Colour: Red');

  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  // $120.00, shipped free (Standard, free from $100).
  await payWith(page, '4242 4242 4242 4242', '$120.00');
  await expect(heading(page, 'Order Confirmation')).toBeVisible();
  await expect(page.getByText(SAVED, { exact: true })).toBeVisible({ timeout: 15_000 });
  const summary = page.getByRole('region', { name: /^Order KS-\d+$/ });
  await expect(summary.getByRole('table', { name: 'Items' }).getByRole('row')).toHaveText([
    'ProductColourQuantityUnit priceLine total',
    `${PRODUCT}Red1$120.00$120.00`,
  ]);
});

test('the list dialog’s "Product page" link leads to the product’s page', async ({ page }) => {
  await page.goto('#/keyboard?product=keyboards:1');
  const dialog = page.getByRole('dialog', { name: PRODUCT, exact: true });
  await expect(dialog).toBeVisible();
  const link = dialog.getByRole('link', { name: `Product page of ${PRODUCT}: a link to share` });
  await expect(link).toHaveText('Product page');
  await link.click();
  await expect(page).toHaveURL(new URL(PRODUCT_PATH, page.url()).href);
  await expect(heading(page, PRODUCT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
});

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`axe-core, ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    const pages = [
      { name: 'the product page', path: PRODUCT_PATH, status: 200, h1: PRODUCT },
      { name: 'a category page', path: CATEGORY_PATH, status: 200, h1: 'Keyboards' },
      {
        name: 'the 404 page',
        path: MISSING_PATH,
        status: 404,
        h1: 'We couldn’t find that product.',
      },
    ];
    for (const { name, path, status, h1 } of pages) {
      test(`${name} has no violations`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        await expect(heading(page, h1)).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, colorScheme);
      });
    }
  });
}

test('the product page logs no console errors, hydrated, in use and reloaded', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The page's script reads the current stock once hydrated (docs/product.md, Product pages).
  const stockRead = page.waitForResponse((r) => r.url().includes('/rest/v1/stock_availability'));
  await openProductPage(page);
  expect((await stockRead).ok()).toBe(true);
  await page.getByRole('combobox', { name: 'Colour', exact: true }).selectOption('White');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  // Reloaded with a cart stored: rendered empty, hydrated empty, then the stored one.
  const stockReread = page.waitForResponse((r) => r.url().includes('/rest/v1/stock_availability'));
  await page.reload();
  await expect(heading(page, PRODUCT)).toBeVisible();
  expect((await stockReread).ok()).toBe(true);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  expect(errors).toEqual([]);
});
