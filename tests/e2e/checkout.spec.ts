// Checkout in Chromium against the real server and its payments sandbox (docs/product.md,
// Checkout): a full purchase, a declined card, a cancelled payment and a price tampered with on the
// way out.
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
import { payWith, SAVED, signUpAndLogIn } from './support/purchase.ts';

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
    await signUpAndLogIn(page, 'buyer');
    await fillCart(page);
    await expect(quantity(cartLine(page, 'Mechanical Keyboard Pro', 'Red'), 2)).toBeVisible();
    await checkOut(page);
    // The hosted page shows the catalogue's prices: 2 x $120.00 + $2.50.
    await payWith(page, '4242 4242 4242 4242', '$242.50');
    await expectOrderSaved(page);

    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '#/',
    );
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(page.getByText('Your cart is empty.', { exact: true })).toBeVisible();

    expect(await historyLines(page)).toEqual([
      ['Mechanical Keyboard Pro', 'Colour: Red', 'Quantity: 2', 'Price: $120.00'],
      ['Yellow Switch', 'Colour: Yellow', 'Quantity: 1', 'Price: $2.50'],
    ]);
  });

  test('a declined card: the sandbox says so and the session can still be paid', async ({
    page,
  }) => {
    await signUpAndLogIn(page, 'buyer');
    await fillCart(page);
    await checkOut(page);
    const hosted = page.url();
    await payWith(page, '4000 0000 0000 0002', '$242.50');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    expect(page.url()).toBe(hosted);

    await payWith(page, '4242 4242 4242 4242', '$242.50');
    await expectOrderSaved(page);
  });

  test('cancelling on the hosted page returns to the cart, still full', async ({ page }) => {
    await signUpAndLogIn(page, 'buyer');
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
    await signUpAndLogIn(page, 'buyer');
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
      ['Mechanical Keyboard Pro', 'Colour: Black', 'Quantity: 1', 'Price: $120.00'],
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
