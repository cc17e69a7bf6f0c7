// Quantities and the shopper-facing fixes that came with them (docs/product.md, Quantities and
// packs, Cart, Login, Session; docs/decisions/0028-quantities-and-return-to-cart.md).
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  LISTS,
  addToCart,
  cartLine,
  cartLines,
  cartLink,
  expect,
  heading,
  openProduct,
  openRoute,
  productList,
  settle,
  test,
} from './support/app.ts';
import { PASSWORD, newEmail, signUpOverHttp } from './support/session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual([]);
}

function quantityField(scope: Locator, name = 'Quantity'): Locator {
  return scope.getByRole('textbox', { name, exact: true });
}

async function addFortyClearSwitches(page: Page): Promise<void> {
  await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
  const dialog = await openProduct(page, 'Clear Switch');
  await quantityField(dialog).fill('40');
  await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 40 items');
}

test.describe('real quantities', () => {
  test('40 typed in the dialog become one line of 40 with its line total', async ({ page }) => {
    await addFortyClearSwitches(page);
    await openRoute(page, '#/cart', 'Your Cart');
    const line = cartLine(page, 'Clear Switch', 'Clear');
    await expect(quantityField(line, 'Quantity of Clear Switch (Clear)')).toHaveValue('40');
    await expect(line.getByText('$120.00', { exact: true })).toBeVisible();
  });

  test('a pack sets the quantity of a switch', async ({ page }) => {
    await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
    const dialog = await openProduct(page, 'Clear Switch');
    await dialog.getByRole('button', { name: 'Pack of 35', exact: true }).click();
    await expect(quantityField(dialog)).toHaveValue('35');
    await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 35 items');
  });

  for (const [text, message] of [
    ['', 'Enter a quantity from 1 to 999.'],
    ['0', 'The quantity must be at least 1.'],
    ['1000', 'The most you can order of one item is 999.'],
    ['2.5', 'Enter a whole number from 1 to 999.'],
    ['lots', 'Enter a whole number from 1 to 999.'],
  ] as const) {
    test(`a cart line refuses ${JSON.stringify(text)} with a message and keeps its quantity`, async ({
      page,
    }) => {
      await addFortyClearSwitches(page);
      await openRoute(page, '#/cart', 'Your Cart');
      const line = cartLine(page, 'Clear Switch', 'Clear');
      const field = quantityField(line, 'Quantity of Clear Switch (Clear)');
      await field.fill(text);
      await field.press('Enter');
      const alert = line.getByRole('alert');
      await expect(alert).toHaveText(message);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 40 items');
      await expect(line.getByText('$120.00', { exact: true })).toBeVisible();
      await field.fill('35');
      await field.press('Enter');
      await expect(alert).toBeHidden();
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 35 items');
      await expect(line.getByText('$105.00', { exact: true })).toBeVisible();
    });
  }
});

test.describe('390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows two cards per row, about halving the page', async ({ page }) => {
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    const items = productList(page).getByRole('listitem');
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map(async (i) => (await items.nth(i).boundingBox())!),
    );
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(1);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(third!.y).toBeGreaterThan(first!.y + first!.height - 1);
    const twoColumns = await page.evaluate(() => document.documentElement.scrollHeight);
    const oneColumn = await page.evaluate(() => {
      const grid = document.querySelector<HTMLElement>('.product-grid')!;
      grid.style.gridTemplateColumns = '1fr';
      return document.documentElement.scrollHeight;
    });
    expect(twoColumns).toBeLessThan(oneColumn * 0.6);
  });

  test('a quick run of "added" toasts shows one toast, clear of the header', async ({ page }) => {
    for (const colour of ['Black', 'White', 'Red']) {
      await addToCart(page, LISTS.keyboards, 'Mechanical Keyboard Pro', colour);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const toasts = page.locator('.toast').filter({ visible: true });
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText('Added Mechanical Keyboard Pro (Red) to your cart');
    const toast = (await toasts.boundingBox())!;
    for (const covered of [cartLink(page), page.locator('.site-header')]) {
      const box = (await covered.boundingBox())!;
      const overlaps =
        toast.x < box.x + box.width &&
        box.x < toast.x + toast.width &&
        toast.y < box.y + box.height &&
        box.y < toast.y + toast.height;
      expect(overlaps).toBe(false);
    }
  });
});

test('the heading focused after Back shows no focus ring; a keyboard focus still does', async ({
  page,
}) => {
  await openRoute(page, '#/home', 'Find Your Perfect Gaming Keyboard');
  await page.goto('#/switches'); // typed into the address bar: no pointer involved
  await expect(heading(page, 'Switches')).toBeFocused();
  await page.goBack();
  const home = heading(page, 'Find Your Perfect Gaming Keyboard');
  await expect(home).toBeFocused();
  const ring = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(await ring(home)).toBe('none');
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveCount(1);
  expect(await ring(focused)).not.toBe('none');
});

test('logging in after "Please log in to check out." comes back to the cart', async ({ page }) => {
  // The account exists; the Login page, where checkout sends the shopper, is what is tested.
  const email = newEmail('return-to');
  await signUpOverHttp(email);

  await addToCart(page, LISTS.switches, 'Yellow Switch');
  await openRoute(page, '#/cart', 'Your Cart');
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page.getByText('Please log in to check out.', { exact: true })).toBeVisible();
  await expect(heading(page, 'Login')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!', { exact: true })).toBeVisible();
  await expect(heading(page, 'Your Cart')).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
});

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`axe-core, ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    test('the switch dialog with its packs and a refused quantity', async ({ page }) => {
      await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
      const dialog = await openProduct(page, 'Clear Switch');
      await dialog.getByRole('button', { name: 'Pack of 35', exact: true }).click();
      await expectNoAxeViolations(page);
      await quantityField(dialog).fill('0');
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the cart with a refused quantity and the removed-lines notice', async ({ page }) => {
      await addFortyClearSwitches(page);
      await page.evaluate(() => {
        const stored = JSON.parse(localStorage.getItem('keebshop.cart.v1')!) as {
          lines: unknown[];
        };
        // A line that cannot be read (no colour) is removed, and the cart says so.
        stored.lines.push({ key: 'keyboards:1', color: '', quantity: 1 });
        localStorage.setItem('keebshop.cart.v1', JSON.stringify(stored));
      });
      await page.reload();
      await openRoute(page, '#/cart', 'Your Cart');
      await expect(
        page.getByText('1 item in your saved cart is no longer available and was removed.'),
      ).toBeVisible();
      const line = cartLine(page, 'Clear Switch', 'Clear');
      await quantityField(line, 'Quantity of Clear Switch (Clear)').fill('abc');
      await expect(line.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
