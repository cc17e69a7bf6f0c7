// Cancelling on the payment page in Chromium (docs/decisions/0044-one-open-checkout.md): the
// shopper who takes the last units to the payment page and presses "Cancel and return to
// Keebshop" finds them on sale again at once, for them and everyone else, and can check out again.
import { cartLine, expect, LISTS, openProduct, openRoute, test } from './support/app.ts';
import { newShopper } from './support/session.ts';
import { holdUnits } from './support/stock.ts';

// A switch no other browser test buys, so holding its units disturbs nothing.
const JOKER = { key: 'switches:18', name: 'Joker Switch', colour: 'Joker' };

test('cancel on the payment page puts the units back on sale at once', async ({ page }) => {
  await holdUnits(JOKER.key, JOKER.colour, 45);
  await newShopper(page, 'canceller');
  await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
  const dialog = await openProduct(page, JOKER.name);
  await expect(dialog.getByText('Only 5 left')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Quantity', exact: true }).fill('5');
  await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(dialog).toBeHidden();

  await openRoute(page, '#/cart', 'Your Cart');
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('link', { name: /Cancel and return to Keebshop/ }).click();

  // Back on the cart, the query gone, and the five are the shopper's to check out again.
  await expect(page).toHaveURL(/#\/cart$/);
  const line = cartLine(page, JOKER.name, JOKER.colour);
  await expect(line).toBeVisible();
  await expect(line.getByText(/Sold out|left: lower the quantity/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);

  // Leaving that one open (browser Back) and starting over replaces it: the same five are free
  // for the new checkout instead of held twice.
  await page.goBack();
  await expect(page).toHaveURL(/#\/cart$/);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
});
