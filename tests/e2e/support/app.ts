// Shared helpers for the browser tests. They select by the accessible names of the UI contract.
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

/** Fails any test whose page throws an uncaught error: a broken page must not pass quietly. */
export const test = base.extend<{ pageErrors: Error[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(
        errors.map((e) => e.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export const CART_STORAGE_KEY = 'keebshop.cart.v1';

/** Every route of docs/product.md, Routes, with its heading. */
export const ROUTES = [
  { hash: '#/home', h1: 'Find Your Perfect Gaming Keyboard', footer: true },
  { hash: '#/keyboard', h1: 'Keyboards', footer: true },
  { hash: '#/switches', h1: 'Switches', footer: true },
  { hash: '#/accessories', h1: 'Accessories', footer: true },
  { hash: '#/cart', h1: 'Your Cart', footer: true },
  { hash: '#/login', h1: 'Login', footer: false },
  { hash: '#/signup', h1: 'Sign Up', footer: false },
  { hash: '#/forgotPassword', h1: 'Forgot password', footer: false },
  { hash: '#/resetPassword', h1: 'Set a new password', footer: false },
  { hash: '#/settings', h1: 'Account Settings', footer: false },
  { hash: '#/orderHistory', h1: 'Order History', footer: true },
  { hash: '#/orderSuccess?session_id=cs_test_e2e', h1: 'Order Confirmation', footer: true },
  { hash: '#/no-such-page', h1: 'Page not found', footer: true },
] as const;

export function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Opens a hash route and waits for its heading. */
export async function openRoute(page: Page, hash: string, h1: string): Promise<void> {
  await page.goto(hash);
  await expect(heading(page, h1)).toBeVisible();
}

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

export function cartLink(page: Page): Locator {
  return mainNav(page).getByRole('link', { name: /^Cart\b/ });
}

export function productList(page: Page): Locator {
  return page.getByRole('list', { name: 'Products', exact: true });
}

/** The cards' name headings; `expect(cardNames(page)).toHaveText([...])` asserts names and order. */
export function cardNames(page: Page): Locator {
  return productList(page).getByRole('listitem').getByRole('heading', { level: 2 });
}

/** The product names on the list page, in the order shown (read once, no waiting). */
export async function shownNames(page: Page): Promise<string[]> {
  return cardNames(page).allInnerTexts();
}

/** The first dollar amount in each card, in cents, in the order shown. */
export async function shownPrices(page: Page): Promise<number[]> {
  const texts = await productList(page).getByRole('listitem').allInnerTexts();
  return texts.map((text) => {
    const match = /\$(\d+(?:\.\d{1,2})?)/.exec(text);
    if (!match?.[1]) throw new Error(`no price in card: ${text}`);
    return Math.round(Number(match[1]) * 100);
  });
}

/** The live status line "N products". */
export function resultCount(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^\s*\d+ products?\s*$/ });
}

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search product' });
}

export function sortSelect(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Sort', exact: true });
}

/** The option the sort select shows, to assert by its visible label. */
export function chosenSort(page: Page): Locator {
  return sortSelect(page).locator('option:checked');
}

export function filterChip(page: Page, facet: 'connectivity' | 'type', value: string): Locator {
  return page
    .getByRole('group', { name: `Filter by ${facet}`, exact: true })
    .getByRole('button', { name: value, exact: true });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The list item holding the card of the product with exactly this name. */
export function cardItem(page: Page, name: string): Locator {
  return productList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** The card (a button) of the product with exactly this name. */
export function card(page: Page, name: string): Locator {
  return cardItem(page, name).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) });
}

export function productDialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name, exact: true });
}

/** Opens a product's dialog from a list page that is already showing. */
export async function openProduct(page: Page, name: string): Promise<Locator> {
  await card(page, name).click();
  const dialog = productDialog(page, name);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Adds a product in a colour through the list page and its dialog, as a shopper would. */
export async function addToCart(
  page: Page,
  list: { hash: string; h1: string },
  name: string,
  colour?: string,
): Promise<void> {
  if (!(await heading(page, list.h1).isVisible())) await openRoute(page, list.hash, list.h1);
  const dialog = await openProduct(page, name);
  if (colour) await dialog.getByRole('combobox', { name: 'Colour' }).selectOption(colour);
  await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export function cartLines(page: Page): Locator {
  return page.getByRole('list', { name: 'Cart items', exact: true }).getByRole('listitem');
}

/** The cart line of a product in a colour (its Remove button names both). */
export function cartLine(page: Page, name: string, colour: string): Locator {
  return cartLines(page).filter({
    has: page.getByRole('button', { name: `Remove ${name} (${colour})`, exact: true }),
  });
}

/** A line's quantity N: "Quantity: N" as text or label, or the quantity field holding N. */
export function quantity(line: Locator, n: number): Locator {
  return line
    .getByText(`Quantity: ${n}`, { exact: true })
    .or(line.getByLabel(`Quantity: ${n}`, { exact: true }))
    .or(line.locator(`input[inputmode="numeric"][value="${n}"]`))
    .first();
}

/** Waits for running (finite) animations and transitions so checks see the settled page. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export const LISTS = {
  keyboards: { hash: '#/keyboard', h1: 'Keyboards' },
  switches: { hash: '#/switches', h1: 'Switches' },
  accessories: { hash: '#/accessories', h1: 'Accessories' },
} as const;
