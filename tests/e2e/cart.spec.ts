import {
  CART_STORAGE_KEY,
  LISTS,
  addToCart,
  cartLine,
  cartLines,
  cartLink,
  expect,
  heading,
  openProduct,
  openRoute,
  quantity,
  test,
} from './support/app.ts';
import type { Page } from '@playwright/test';

const EMPTY = 'Your cart is empty.';

function storeCart(page: Page, value: string): Promise<void> {
  return page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: CART_STORAGE_KEY,
    value,
  });
}
const PRO = 'Mechanical Keyboard Pro';

test.describe('cart', () => {
  test('starts empty', async ({ page }) => {
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(cartLines(page)).toHaveCount(0);
  });

  test('adding confirms with a toast, closes the dialog and counts in the nav', async ({
    page,
  }) => {
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    const dialog = await openProduct(page, PRO);
    await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `Added ${PRO} (Black) to your cart` }),
    ).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  });

  test('same product and colour raises the quantity; another colour is a new line; remove empties', async ({
    page,
  }) => {
    await addToCart(page, LISTS.keyboards, PRO);
    await addToCart(page, LISTS.keyboards, PRO);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await addToCart(page, LISTS.keyboards, PRO, 'Red');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

    await cartLink(page).click();
    await expect(heading(page, 'Your Cart')).toBeVisible();
    await expect(cartLines(page)).toHaveCount(2);
    const black = cartLine(page, PRO, 'Black');
    const red = cartLine(page, PRO, 'Red');
    await expect(black).toContainText(PRO);
    await expect(black).toContainText('Colour: Black');
    await expect(quantity(black, 2)).toBeAttached();
    await expect(red).toContainText('Colour: Red');
    await expect(quantity(red, 1)).toBeAttached();
    // $120 x 2 + $120 x 1.
    await expect(page.getByText('Subtotal').first()).toBeVisible();
    await expect(page.getByText('$360.00').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checkout', exact: true })).toBeVisible();

    const removeBlack = page.getByRole('button', { name: `Remove ${PRO} (Black)`, exact: true });
    await expect(removeBlack).toHaveText('Remove');
    await removeBlack.click();
    await expect(cartLines(page)).toHaveCount(1);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await page.getByRole('button', { name: `Remove ${PRO} (Red)`, exact: true }).click();
    await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart');
  });

  test('ids shared between categories stay separate lines', async ({ page }) => {
    // Switch 205 (Blue Switch) and accessory 205 (Keycap Puller) share an id.
    await addToCart(page, LISTS.switches, 'Blue Switch');
    await addToCart(page, LISTS.accessories, 'Keycap Puller');
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(cartLines(page)).toHaveCount(2);
    await expect(quantity(cartLine(page, 'Blue Switch', 'Blue'), 1)).toBeAttached();
    await expect(quantity(cartLine(page, 'Keycap Puller', 'Standard'), 1)).toBeAttached();
  });

  test('quantity buttons change the count, never below 1', async ({ page }) => {
    await addToCart(page, LISTS.switches, 'Red Switch');
    await openRoute(page, '#/cart', 'Your Cart');
    const line = cartLine(page, 'Red Switch', 'Red');
    const more = page.getByRole('button', {
      name: 'Increase quantity of Red Switch (Red)',
      exact: true,
    });
    const less = page.getByRole('button', {
      name: 'Decrease quantity of Red Switch (Red)',
      exact: true,
    });
    await more.click();
    await more.click();
    await expect(quantity(line, 3)).toBeAttached();
    await expect(page.getByText('$6.00').first()).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');
    await less.click();
    await less.click();
    await expect(quantity(line, 1)).toBeAttached();
    // At 1 the decrease does nothing (or is disabled): the line stays.
    if (await less.isEnabled()) await less.click();
    await expect(quantity(line, 1)).toBeAttached();
    await expect(cartLines(page)).toHaveCount(1);
  });

  test('survives a reload', async ({ page }) => {
    await addToCart(page, LISTS.keyboards, PRO, 'White');
    await addToCart(page, LISTS.keyboards, PRO, 'White');
    await page.reload();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(quantity(cartLine(page, PRO, 'White'), 2)).toBeAttached();

    const stored = await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
    expect(JSON.parse(stored ?? 'null')).toMatchObject({
      version: 1,
      lines: [{ color: 'White', quantity: 2 }],
    });
  });

  for (const [what, value] of [
    ['not JSON', '{"version": 1, "lines": ['],
    ['a wrong shape', '{"version": 1, "lines": "lots"}'],
    ['an outdated version', '{"version": 0, "items": [{"id": 1, "quantity": 1}]}'],
  ] as const) {
    test(`a stored cart that is ${what} is dropped without breaking the page`, async ({ page }) => {
      await openRoute(page, '#/cart', 'Your Cart');
      await storeCart(page, value);
      await page.reload();
      await expect(heading(page, 'Your Cart')).toBeVisible();
      await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart');
      // The shop still works on top of the bad entry.
      await addToCart(page, LISTS.switches, 'Gold Switch');
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    });
  }

  test('valid lines survive next to invalid ones', async ({ page }) => {
    await addToCart(page, LISTS.switches, 'Pink Switch');
    const stored = await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
    const cart = JSON.parse(stored ?? 'null') as {
      version: number;
      lines: Record<string, unknown>[];
    };
    const [line] = cart.lines;
    // A key that names no product, and the same product with an impossible quantity.
    cart.lines.push({ ...line, key: 'switches:pink' }, { ...line, color: 'Pink', quantity: -4 });
    await storeCart(page, JSON.stringify(cart));
    await page.reload();
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(cartLines(page)).toHaveCount(1);
    await expect(quantity(cartLine(page, 'Pink Switch', 'Pink'), 1)).toBeAttached();
    // The shopper is told, once, that lines were dropped.
    const notice = page.getByText(
      '2 items in your saved cart are no longer available and were removed.',
    );
    await expect(notice).toBeVisible();
    await openRoute(page, '#/home', 'Find Your Perfect Gaming Keyboard');
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(cartLines(page)).toHaveCount(1);
    await expect(notice).toHaveCount(0);
  });

  test('a line the shop no longer sells stays, flagged, until the shopper removes it', async ({
    page,
  }) => {
    await addToCart(page, LISTS.switches, 'Pink Switch');
    const stored = await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
    const cart = JSON.parse(stored ?? 'null') as { lines: Record<string, unknown>[] };
    const [line] = cart.lines;
    // A product the shop does not sell (archived, or never was), and a colour it does not offer.
    cart.lines.push(
      { key: 'keyboards:999999', color: 'Black', quantity: 2 },
      { ...line, color: 'Purple' },
    );
    await storeCart(page, JSON.stringify(cart));
    await page.reload();
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(cartLines(page)).toHaveCount(3);
    // Nothing was dropped: the badge counts every line, the summary what can be ordered.
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 4 items');
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();
    const gone = cartLine(page, 'Item no longer sold', 'Black');
    await expect(
      gone.getByText('No longer available: remove this item to check out.'),
    ).toBeVisible();
    await expect(
      cartLine(page, 'Pink Switch', 'Purple').getByText(
        'This colour is no longer available: remove this item to check out.',
      ),
    ).toBeVisible();

    await gone.getByRole('button', { name: 'Remove Item no longer sold (Black)' }).click();
    await cartLine(page, 'Pink Switch', 'Purple').getByRole('button').click();
    await expect(cartLines(page)).toHaveCount(1);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  });
});
