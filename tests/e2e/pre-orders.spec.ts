// Pre-orders and group buys in the shop a new user starts with (docs/decisions/0051-pre-orders-and-
// group-buys.md): the demo Keyboard Stand is a pre-order and the Ergonomic Gaming Keyboard an open
// group buy. A shopper sees both as such, mixes the pre-order with a switch in stock, must agree
// that the order ships when the last item is ready, pays, and the confirmation says what the
// order waits for. No other browser test buys these two products.
import { payWith, SAVED } from './support/purchase.ts';
import { newShopper } from './support/session.ts';
import {
  addToCart,
  cardItem,
  cartLines,
  expect,
  heading,
  LISTS,
  openProduct,
  openRoute,
  test,
} from './support/app.ts';
import { expectNoAxeViolations } from './support/axe.ts';

test('a pre-order mixed with an in-stock item ships together, and the order says so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newShopper(page, 'pre-order');

  // The group buy shows its progress and time left.
  await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
  await expect(cardItem(page, 'Ergonomic Gaming Keyboard')).toContainText(/Group buy · ends/);
  const run = await openProduct(page, 'Ergonomic Gaming Keyboard');
  await expect(run.getByText(/\d+ of 30 joined/)).toBeVisible();
  await expect(run.getByRole('progressbar')).toBeVisible();
  await page.keyboard.press('Escape');

  await openRoute(page, LISTS.accessories.hash, LISTS.accessories.h1);
  await expect(cardItem(page, 'Keyboard Stand')).toContainText(/Pre-order · ships/);
  await addToCart(page, LISTS.accessories, 'Keyboard Stand');
  await addToCart(page, LISTS.switches, 'Yellow Switch');
  await openRoute(page, '#/cart', 'Your Cart');
  await expect(cartLines(page)).toHaveCount(2);
  await expect(page.getByText(/^Pre-order: ships /)).toBeVisible();

  // A mixed cart: Checkout waits for the shopper's consent.
  const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
  await expect(checkout).toBeDisabled();
  const together = page.getByRole('checkbox', { name: /^Ship everything together/ });
  await expectNoAxeViolations(page, 'light');
  await together.check();
  await expect(checkout).toBeEnabled();
  await checkout.click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  const total = (await page.getByRole('button', { name: /^Pay \$/ }).innerText()).slice(4);
  await payWith(page, '4242 4242 4242 4242', total);

  await expect(heading(page, 'Order Confirmation')).toBeVisible();
  await expect(page.getByText(SAVED, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Pre-order: Keyboard Stand ships between /)).toBeVisible();
  await expect(
    page.getByText(/^This order ships when its last item is ready, by about /),
  ).toBeVisible();
});
