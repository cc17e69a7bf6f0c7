// Checkout in Chromium against the real server and its payments sandbox (docs/product.md,
// Checkout): a full purchase, a declined card, a cancelled payment and a price tampered with on the
// way out.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  LISTS,
  addToCart,
  cartLine,
  cartLines,
  expect,
  heading,
  openRoute,
  quantity,
  test,
} from './support/app.ts';
import { payWith, SAVED } from './support/purchase.ts';
import { newShopper } from './support/session.ts';

/** Two products, one of them added twice: Mechanical Keyboard Pro (Red) x2, Yellow Switch x1. */
async function fillCart(page: Page): Promise<void> {
  await addToCart(page, LISTS.keyboards, 'Mechanical Keyboard Pro', 'Red');
  await addToCart(page, LISTS.keyboards, 'Mechanical Keyboard Pro', 'Red');
  await addToCart(page, LISTS.switches, 'Yellow Switch');
  await openRoute(page, '#/cart', 'Your Cart');
  await expect(cartLines(page)).toHaveCount(2);
}

/** Clicks Checkout and waits for the sandbox's hosted page. */
async function checkOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByText('Test mode — payments sandbox, no real money')).toBeVisible();
}

async function expectOrderSaved(page: Page): Promise<void> {
  await expect(heading(page, 'Order Confirmation')).toBeVisible();
  await expect(page).toHaveURL(/#\/orderSuccess\?session_id=cs_test_/);
  await expect(page.getByText(SAVED, { exact: true })).toBeVisible({ timeout: 15_000 });
}

/** The order history's lines, each as its name and its facts (one order, newest first). */
async function historyLines(page: Page): Promise<string[][]> {
  await openRoute(page, '#/orderHistory', 'Order History');
  const orders = page.getByRole('list', { name: 'Orders' });
  const lines = orders.getByRole('listitem').getByRole('listitem');
  await expect(lines.first()).toBeVisible();
  return lines.evaluateAll((items) =>
    items.map((item) => [
      item.querySelector('h3')?.textContent?.trim() ?? '',
      ...[...(item.querySelector('p')?.children ?? [])].map((fact) =>
        (fact.textContent ?? '').replace(/\s+/g, ' ').trim(),
      ),
    ]),
  );
}

test.describe('checkout', () => {
  test('a full purchase: pay on the hosted page, land on the confirmation, see the order', async ({
    page,
  }) => {
    await newShopper(page, 'buyer');
    await fillCart(page);
    await expect(quantity(cartLine(page, 'Mechanical Keyboard Pro', 'Red'), 2)).toBeVisible();
    await checkOut(page);
    // The hosted page shows the catalogue's prices: 2 x $120.00 + $2.50.
    await payWith(page, '4242 4242 4242 4242', '$242.50');
    await expectOrderSaved(page);

    // The order to keep: its number, lines, shipping (Standard, free from $100) and totals.
    const summary = page.getByRole('region', { name: /^Order KS-\d+$/ });
    await expect(summary.getByRole('heading', { level: 2 })).toHaveText(/^Order KS-\d+$/);
    const rows = summary.getByRole('table', { name: 'Items' }).getByRole('row');
    await expect(rows).toHaveText([
      'ProductColourQuantityUnit priceLine total',
      'Mechanical Keyboard ProRed2$120.00$240.00',
      'Yellow SwitchYellow1$2.50$2.50',
    ]);
    const facts = await summary
      .locator('dt')
      .evaluateAll((terms) =>
        terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      );
    expect(facts).toEqual([
      ['Method', 'Standard'],
      ['Ship to', 'Ada Lovelace12 Analytical WaySpringfield IL 62701US'],
      ['Subtotal', '$242.50'],
      ['Shipping', 'Free'],
      ['Total', '$242.50'],
    ]);
    const number = (await summary.getByRole('heading', { level: 2 }).textContent())?.slice(6);

    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '#/',
    );
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(page.getByText('Your cart is empty.', { exact: true })).toBeVisible();

    expect(await historyLines(page)).toEqual([
      ['Mechanical Keyboard Pro', 'Colour: Red', 'Quantity: 2', 'Unit price: $120.00'],
      ['Yellow Switch', 'Colour: Yellow', 'Quantity: 1', 'Unit price: $2.50'],
    ]);
    // The history names the same order, paid.
    const order = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
    await expect(order.locator('.order__number')).toHaveText(number ?? 'missing');
    await expect(order.locator('.order__status')).toHaveText('Paid');
  });

  test('a declined card: the sandbox says so and the session can still be paid', async ({
    page,
  }) => {
    await newShopper(page, 'buyer');
    await fillCart(page);
    await checkOut(page);
    const hosted = page.url();
    await payWith(page, '4000 0000 0000 0002', '$242.50');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    // The same session's page again (post/redirect/get adds its ?attempt= token).
    expect(page.url().split('?')[0]).toBe(hosted);

    await payWith(page, '4242 4242 4242 4242', '$242.50');
    await expectOrderSaved(page);
  });

  test('cancelling on the hosted page returns to the cart, still full', async ({ page }) => {
    await newShopper(page, 'buyer');
    await fillCart(page);
    await checkOut(page);
    await page.getByRole('link', { name: /Cancel and return to Keebshop/ }).click();
    await expect(heading(page, 'Your Cart')).toBeVisible();
    await expect(page).toHaveURL(/#\/cart$/);
    await expect(cartLines(page)).toHaveCount(2);
    await expect(quantity(cartLine(page, 'Mechanical Keyboard Pro', 'Red'), 2)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checkout', exact: true })).toBeEnabled();
  });

  test('a price tampered with in the checkout request still charges the catalogue price', async ({
    page,
  }) => {
    await newShopper(page, 'buyer');
    await addToCart(page, LISTS.keyboards, 'Mechanical Keyboard Pro', 'Black');
    await openRoute(page, '#/cart', 'Your Cart');
    let tampered = false;
    await page.route('**/functions/v1/checkout', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const body = request.postDataJSON() as { items: { price?: number }[] };
      for (const item of body.items) item.price = 0.01;
      tampered = true;
      return route.continue({ postData: JSON.stringify(body) });
    });
    await checkOut(page);
    expect(tampered).toBe(true);
    await payWith(page, '4242 4242 4242 4242', '$120.00');
    await expectOrderSaved(page);
    expect(await historyLines(page)).toEqual([
      ['Mechanical Keyboard Pro', 'Colour: Black', 'Quantity: 1', 'Unit price: $120.00'],
    ]);
  });

  test('without a session id the confirmation page says so and goes home', async ({ page }) => {
    await openRoute(page, '#/orderSuccess', 'Order Confirmation');
    await expect(
      page.getByText('Error: Checkout session ID not found. Redirecting...', { exact: true }),
    ).toBeVisible();
    await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible({ timeout: 5000 });
  });

  test('a shopper who is not logged in is sent to the login page', async ({ page }) => {
    await addToCart(page, LISTS.switches, 'Yellow Switch');
    await openRoute(page, '#/cart', 'Your Cart');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page.getByText('Please log in to check out.', { exact: true })).toBeVisible();
    await expect(heading(page, 'Login')).toBeVisible();
  });
});

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`the confirmation with its order, ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });
    test('has no axe violations', async ({ page }) => {
      await newShopper(page, 'buyer');
      await addToCart(page, LISTS.switches, 'Yellow Switch');
      await openRoute(page, '#/cart', 'Your Cart');
      await checkOut(page);
      // $2.50 and Standard shipping ($5.99 below $100).
      await payWith(page, '4242 4242 4242 4242', '$8.49');
      await expectOrderSaved(page);
      const summary = page.getByRole('region', { name: /^Order KS-\d+$/ });
      await expect(summary.locator('dt', { hasText: 'Shipping' }).locator('+ dd')).toHaveText(
        '$5.99',
      );
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual(
        [],
      );
    });
  });
}
