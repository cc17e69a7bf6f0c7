import {
  LISTS,
  card,
  expect,
  openProduct,
  openRoute,
  productDialog,
  settle,
  test,
} from './support/app.ts';
import type { Page } from '@playwright/test';
import { fixtureCatalogue } from '../../src/catalogue/__fixtures__/catalogue.ts';

const PRODUCT = 'Mechanical Keyboard Pro';
// The description is the catalogue's own text (written for this shop, not in docs/product.md): the
// fixture holds the rows the migration starts the shop's database with.
const DESCRIPTION = fixtureCatalogue.byName(PRODUCT)?.description ?? 'missing';

/**
 * Watches for the next wheel event; what it returns resolves once the page has drawn the frame
 * after it. Chromium scrolls for a wheel before that frame (headless: no smooth scrolling), so a
 * scroll that was going to happen shows by then: what a negative check on the wheel waits for.
 */
async function watchWheel(page: Page): Promise<() => Promise<void>> {
  type Watched = { wheelShown?: Promise<void> };
  await page.evaluate(() => {
    (window as Watched).wheelShown = new Promise<void>((resolve) => {
      const afterNextFrame = () => requestAnimationFrame(() => setTimeout(resolve));
      addEventListener('wheel', afterNextFrame, { once: true, capture: true });
    });
  });
  return () => page.evaluate(() => (window as Watched).wheelShown);
}

test.describe('product dialog', () => {
  test.beforeEach(async ({ page }) => {
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
  });

  test('shows the product: description, colour select with its default, reviews', async ({
    page,
  }) => {
    const dialog = await openProduct(page, PRODUCT);
    await expect(dialog.getByText(DESCRIPTION, { exact: true })).toBeVisible();
    await expect(dialog).toContainText('$120');
    await expect(dialog.getByRole('combobox', { name: 'Colour', exact: true })).toHaveValue(
      'Black',
    );
    await expect(dialog.getByRole('combobox', { name: 'Colour' }).getByRole('option')).toHaveText([
      'Black',
      'White',
      'Red',
    ]);
    await expect(
      dialog.getByRole('heading', { level: 3, name: 'Reviews', exact: true }),
    ).toBeVisible();
    // Seed ratings 5, 4, 5, 4.
    await expect(dialog.getByText('4.5 out of 5 (4 reviews)', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
  });

  test('focus moves into the dialog', async ({ page }) => {
    const dialog = await openProduct(page, PRODUCT);
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
  });

  test('the X closes it and focus returns to the card', async ({ page }) => {
    const dialog = await openProduct(page, PRODUCT);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, PRODUCT)).toBeFocused();
  });

  test('Escape closes it and focus returns to the card', async ({ page }) => {
    const dialog = await openProduct(page, PRODUCT);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card(page, PRODUCT)).toBeFocused();
  });

  test('a click outside the dialog box closes it and focus returns to the card', async ({
    page,
  }) => {
    const dialog = await openProduct(page, PRODUCT);
    await settle(page);
    const box = await dialog.boundingBox();
    if (!box) throw new Error('the dialog has no box');
    // The top-left corner of the viewport is the backdrop, not the dialog box.
    expect(box.x > 5 && box.y > 5).toBe(true);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(card(page, PRODUCT)).toBeFocused();
  });

  test('a click inside the dialog box does not close it', async ({ page }) => {
    const dialog = await openProduct(page, PRODUCT);
    await dialog.getByRole('heading', { level: 3, name: 'Reviews' }).click();
    await expect(dialog).toBeVisible();
  });

  test('choosing a colour changes the picture', async ({ page }) => {
    const dialog = await openProduct(page, PRODUCT);
    const picture = dialog.getByRole('img').first();
    await expect(picture).toHaveAccessibleName(/Black/);
    await dialog.getByRole('combobox', { name: 'Colour' }).selectOption('Red');
    await expect(picture).toHaveAccessibleName(/Red/);
    await expect(picture).not.toHaveAccessibleName(/Black/);
  });

  test('the page behind does not scroll while it is open', async ({ page }) => {
    const dialog = await openProduct(page, PRODUCT);
    await settle(page);
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(5, 5);
    const wheelShown = await watchWheel(page);
    await page.mouse.wheel(0, 600);
    await wheelShown();
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(productDialog(page, PRODUCT)).toBeHidden();
    // Scrolling works again once it is closed, so the check above was meaningful.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  });
});
