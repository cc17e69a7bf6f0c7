import AxeBuilder from '@axe-core/playwright';
import {
  cardNames,
  expect,
  heading,
  LISTS,
  openProduct,
  openRoute,
  productDialog,
  resultCount,
  test,
} from './support/app.ts';

// docs/product.md, Filters and Shareable products, in real Chromium.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('a buyer finds a 65% hot-swap board and Back undoes the choices', async ({ page }) => {
  await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
  const size65 = page.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: '65%' });
  await expect(size65).toHaveAccessibleDescription('3 matching');
  await size65.check();
  await page
    .getByRole('group', { name: 'Hot-swap' })
    .getByRole('checkbox', { name: 'Hot-swap' })
    .check();
  await expect(resultCount(page)).toHaveText('3 products');
  await expect(cardNames(page)).toHaveText([
    'Compact Gaming Keyboard',
    'Compact Keyboard',
    'Wireless Compact Keyboard',
  ]);
  await expect(page).toHaveURL(/#\/keyboard\?size=65%25&hotswap=hot-swap$/);

  await page.goBack();
  await expect(page).toHaveURL(/#\/keyboard\?size=65%25$/);
  await expect(page.getByRole('checkbox', { name: 'Hot-swap' })).not.toBeChecked();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(resultCount(page)).toHaveText('19 products');
  await expect(size65).not.toBeChecked();
});

test('a buyer finds a 45 gf linear switch within a price range', async ({ page }) => {
  await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
  await page
    .getByRole('group', { name: 'Filter by type' })
    .getByRole('button', { name: 'Linear', exact: true })
    .click();
  await page.getByRole('checkbox', { name: '45–55 gf' }).check();
  await expect(cardNames(page)).toHaveText(['Red Switch', 'Yellow Switch']);

  const max = page.getByRole('textbox', { name: 'Max price ($)' });
  await max.fill('2');
  await expect(cardNames(page)).toHaveText(['Red Switch']);
  await max.fill('two');
  await expect(max).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('group', { name: 'Price' }).getByRole('alert')).toHaveText(
    'Enter dollars, like 50 or 49.99.',
  );
  // The bad value changes nothing: the last good one still applies.
  await expect(cardNames(page)).toHaveText(['Red Switch']);
});

test('a shared product link opens its dialog in a fresh page; Back closes it', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('#/keyboard?q=compact&product=keyboards:105');
  const dialog = productDialog(page, 'Compact Keyboard');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search product' })).toHaveValue('compact');

  // Close by X: back to the list URL, no dangling entry (the fresh page had none before).
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/keyboard\?q=compact$/);

  // Opening from a card adds an entry; Back closes it and keeps the search.
  await openProduct(page, 'Wireless Compact Keyboard');
  await expect(page).toHaveURL(/#\/keyboard\?q=compact&product=keyboards:119$/);
  await page.goBack();
  await expect(productDialog(page, 'Wireless Compact Keyboard')).toBeHidden();
  await expect(page).toHaveURL(/#\/keyboard\?q=compact$/);
  await expect(heading(page, 'Keyboards')).toBeVisible();

  // Escape after opening from a card goes back too: Forward would reopen it.
  await openProduct(page, 'Compact Keyboard');
  await page.keyboard.press('Escape');
  await expect(productDialog(page, 'Compact Keyboard')).toBeHidden();
  await expect(page).toHaveURL(/#\/keyboard\?q=compact$/);
  await page.goForward();
  await expect(productDialog(page, 'Compact Keyboard')).toBeVisible();
  await context.close();
});

test('an unknown product says so and leads back to the list', async ({ page }) => {
  await page.goto('#/switches?type=Linear&product=switches:4040');
  const dialog = page.getByRole('dialog', { name: "We couldn't find that product." });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to the list' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/switches\?type=Linear$/);
  await expect(resultCount(page)).toHaveText('3 products');
});

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`axe-core, ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    for (const state of [
      {
        name: 'keyboards with filters and a price error',
        hash: '#/keyboard?size=65%25&connectivity=Wireless',
      },
      { name: 'switches with filters', hash: '#/switches?type=Linear&force=45-55' },
      { name: 'an unknown product', hash: '#/accessories?product=accessories:9999' },
    ]) {
      test(`${state.name} has no violations`, async ({ page }) => {
        await page.goto(state.hash);
        await expect(resultCount(page)).toBeVisible();
        if (state.hash.startsWith('#/keyboard')) {
          await page.getByRole('textbox', { name: 'Min price ($)' }).fill('abc');
          await expect(page.getByRole('group', { name: 'Price' }).getByRole('alert')).toBeVisible();
        }
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        const found = violations.map((v) => ({
          rule: v.id,
          nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
        }));
        expect(found).toEqual([]);
      });
    }
  });
}
