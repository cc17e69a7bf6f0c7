// Stock in Chromium against the real server (docs/decisions/0025-stock-holds.md): a colour whose
// units are all held by another shopper's checkout shows "Sold out" and cannot be added, while its
// other colour can; a cart asking for more than is left is told so before any payment page.
import {
  LISTS,
  addToCart,
  cardItem,
  cartLine,
  expect,
  openProduct,
  openRoute,
  test,
} from './support/app.ts';
import { newShopper } from './support/session.ts';
import { holdUnits } from './support/stock.ts';

// Products no other browser test buys, so holding all their units disturbs nothing.
const SOLD_OUT = { key: 'keyboards:118', name: 'Mechanical Gaming Keyboard Pro' };
const SHORT = { key: 'switches:19', name: 'Special Pumpkin Switch', colour: 'Pumpkin' };

test('a sold-out colour shows "Sold out" and cannot be added; another colour can', async ({
  page,
}) => {
  await holdUnits(SOLD_OUT.key, 'Black', 50);
  await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
  const item = cardItem(page, SOLD_OUT.name);
  // The card shows its default colour, Black.
  await expect(item.getByText('Sold out', { exact: true })).toBeVisible();

  const dialog = await openProduct(page, SOLD_OUT.name);
  const soldOut = dialog.getByRole('button', { name: 'Sold out', exact: true });
  await expect(soldOut).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Add to Cart', exact: true })).toHaveCount(0);

  await dialog.getByRole('combobox', { name: 'Colour' }).selectOption('Blue');
  await expect(dialog.getByText('In stock')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('checkout with a short line says how many are left before any payment page', async ({
  page,
}) => {
  await newShopper(page, 'short');
  for (let i = 0; i < 3; i++) await addToCart(page, LISTS.switches, SHORT.name);
  // Meanwhile another shopper's checkout holds all but two.
  await holdUnits(SHORT.key, SHORT.colour, 48);

  await openRoute(page, '#/cart', 'Your Cart');
  const line = cartLine(page, SHORT.name, SHORT.colour);
  await expect(line.getByText('Only 2 left: lower the quantity to check out.')).toBeVisible();
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(
    page.getByText(`Checkout Error: Only 2 left of ${SHORT.name} (${SHORT.colour}).`),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/cart$/);
});

test('the cards keep their place when the stock arrives after them', async ({ page }) => {
  // The stock answer is held back until the cards are drawn and measured, as on a slow link.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/stock_availability*', async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest('**/rest/v1/stock_availability*');
  await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
  const item = cardItem(page, 'Red Switch');
  const compare = item.getByRole('button', { name: 'Compare Red Switch', exact: true });
  await compare.scrollIntoViewIfNeeded();
  await asked;
  await expect(item.getByText('In stock', { exact: true })).toHaveCount(0);
  const before = await compare.boundingBox();

  release();
  await expect(item.getByText('In stock', { exact: true })).toBeVisible();
  // A button that moved between a pointer's press and release would lose the click.
  expect(await compare.boundingBox()).toEqual(before);
});
