// Reviews from verified buyers in Chromium against the real server (docs/product.md, Reviews): buy,
// rate 4.5, see the average change in the dialog and on the card, for a reload and for another
// visitor too; anyone who has not bought the product sees docs/product.md's message instead of the
// form.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { LISTS, cardItem, expect, openProduct, openRoute, test } from './support/app.ts';
import { buy } from './support/purchase.ts';
import { newShopper } from './support/session.ts';

// Seed ratings 4, 4, 4, 3 (3.75). No other browser test rates it, so its numbers are ours.
const PRODUCT = 'Silent Keyboard';

function cardRating(page: Page, name: string): Locator {
  return cardItem(page, name).locator('.product-card__rating');
}

/** axe-core on the open dialog, in both colour schemes: rule and offending elements per violation. */
async function dialogViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours change through CSS transitions: axe must see the scheme's colours, not a mix.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const { violations } = await new AxeBuilder({ page })
      .include('dialog[open]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    for (const v of violations) {
      found.push(`${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  return found;
}

function ratingInput(dialog: Locator): Locator {
  return dialog.getByRole('spinbutton', { name: 'Your rating' });
}

test.describe('reviews', () => {
  test('a buyer rates 4.5: the dialog and the card change at once, after a reload, and for others', async ({
    page,
    browser,
  }) => {
    // A whole checkout on the hosted page, then rating and a second visitor: a long story.
    test.setTimeout(120_000);
    await newShopper(page, 'reviewer');
    // $70.00 and Standard shipping ($5.99 below $100).
    await buy(page, LISTS.keyboards, PRODUCT, '$75.99');

    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    await expect(cardRating(page, PRODUCT)).toHaveText('Rating: 3.8');
    let dialog = await openProduct(page, PRODUCT);
    await expect(dialog.getByText('3.8 out of 5 (4 reviews)', { exact: true })).toBeVisible();
    await expect(ratingInput(dialog)).toHaveAttribute('type', 'number');

    // Anything outside 1 to 5 gets the alert of docs/product.md and changes nothing.
    await ratingInput(dialog).fill('6');
    await dialog.getByRole('button', { name: 'Submit Rating', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a rating between 1 and 5');
    await expect(ratingInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('3.8 out of 5 (4 reviews)', { exact: true })).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);

    await ratingInput(dialog).fill('4.5');
    await dialog.getByRole('button', { name: 'Submit Rating', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thanks! Your rating of 4.5 is saved.');
    // (4 + 4 + 4 + 3 + 4.5) / 5 = 3.9
    await expect(dialog.getByText('3.9 out of 5 (5 reviews)', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(cardRating(page, PRODUCT)).toHaveText('Rating: 3.9');

    await page.reload();
    await expect(cardRating(page, PRODUCT)).toHaveText('Rating: 3.9');
    dialog = await openProduct(page, PRODUCT);
    await expect(dialog.getByText('3.9 out of 5 (5 reviews)', { exact: true })).toBeVisible();
    await expect(ratingInput(dialog)).toHaveValue('4.5');

    // Another visitor (not signed in, own browser context) sees the same average.
    const visitor = await browser.newContext();
    try {
      const other = await visitor.newPage();
      await openRoute(other, LISTS.keyboards.hash, LISTS.keyboards.h1);
      await expect(cardRating(other, PRODUCT)).toHaveText('Rating: 3.9');
      const otherDialog = await openProduct(other, PRODUCT);
      await expect(
        otherDialog.getByText('3.9 out of 5 (5 reviews)', { exact: true }),
      ).toBeVisible();
    } finally {
      await visitor.close();
    }
  });

  test('a signed-in shopper who has not bought the product sees the message, not the form', async ({
    page,
  }) => {
    await newShopper(page, 'browser');
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    const dialog = await openProduct(page, PRODUCT);
    await expect(
      dialog.getByText('You must purchase this keyboard to leave a review', { exact: true }),
    ).toBeVisible();
    await expect(ratingInput(dialog)).toHaveCount(0);
  });

  test('a visitor who is not logged in sees the message on each list', async ({ page }) => {
    const cases = [
      { list: LISTS.keyboards, name: PRODUCT, item: 'keyboard' },
      { list: LISTS.switches, name: 'Blue Switch', item: 'switch' },
      { list: LISTS.accessories, name: 'Keyboard Wrist Rest', item: 'accessory' },
    ];
    for (const { list, name, item } of cases) {
      await openRoute(page, list.hash, list.h1);
      const dialog = await openProduct(page, name);
      await expect(
        dialog.getByText(`You must purchase this ${item} to leave a review`, { exact: true }),
      ).toBeVisible();
      await expect(ratingInput(dialog)).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    }
  });
});
