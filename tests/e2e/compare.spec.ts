import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LISTS, expect, heading, openProduct, openRoute, settle, test } from './support/app.ts';

// docs/product.md, Specifications and compare.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const tray = (page: Page) => page.getByRole('region', { name: 'Products to compare' });
const compareToggle = (page: Page, name: string) =>
  page.getByRole('button', { name: `Compare ${name}`, exact: true });
const compareTable = (page: Page) => page.getByRole('table', { name: /^Specifications of/ });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    violations.map((v) => ({
      rule: v.id,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    })),
  ).toEqual([]);
}

test.describe('specifications and compare', () => {
  test('the product dialog shows the specification table', async ({ page }) => {
    await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
    const dialog = await openProduct(page, 'Blue Switch');
    const table = dialog.getByRole('table', { name: 'Specifications' });
    await expect(table.getByRole('row', { name: /Type Clicky/ })).toBeVisible();
    await expect(table.getByRole('row', { name: 'Actuation force 50 gf' })).toBeVisible();
  });

  test('compares switches chosen on the list page, through a URL that survives a reload', async ({
    page,
  }) => {
    await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
    await compareToggle(page, 'Red Switch').click();
    await compareToggle(page, 'Black Switch').click();
    await expect(compareToggle(page, 'Red Switch')).toHaveAttribute('aria-pressed', 'true');
    await expect(tray(page)).toContainText('Comparing 2 of 4');

    await tray(page).getByRole('link', { name: 'Compare now' }).click();
    await expect(heading(page, 'Compare')).toBeVisible();
    await expect(page).toHaveURL(/#\/compare\?items=switches:9,switches:207$/);
    await expect(compareTable(page).getByRole('columnheader')).toHaveText([
      /Red Switch/,
      /Black Switch/,
    ]);
    const force = compareTable(page).getByRole('row', { name: /^Actuation force/ });
    await expect(force).toContainText('Differs');
    await expect(force.getByRole('cell')).toHaveText(['45 gf', '60 gf']);

    await page.getByRole('checkbox', { name: 'Show only differences' }).check();
    await expect(compareTable(page).getByRole('rowheader', { name: 'Type' })).toHaveCount(0);

    await page.reload();
    await expect(compareTable(page).getByRole('columnheader')).toHaveCount(2);
    await page.getByRole('button', { name: 'Remove Black Switch' }).click();
    await expect(page).toHaveURL(/#\/compare\?items=switches:9$/);
  });

  test('refuses a product of another kind, with the reason', async ({ page }) => {
    await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
    await compareToggle(page, 'Red Switch').click();
    await openRoute(page, LISTS.keyboards.hash, LISTS.keyboards.h1);
    await compareToggle(page, 'Silent Keyboard').click();
    await expect(page.getByText(/Silent Keyboard cannot join this comparison/)).toBeVisible();
    await expect(compareToggle(page, 'Silent Keyboard')).toHaveAttribute('aria-pressed', 'false');
  });

  test('explains an invalid compare link', async ({ page }) => {
    await openRoute(page, '#/compare?items=switches:9,keyboards:1', 'Compare');
    await expect(page.getByText(/mixes different kinds of product/)).toBeVisible();
    await expect(compareTable(page)).toHaveCount(0);
  });
});

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`compare, axe-core, ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    test('the list page with its tray and the product dialog', async ({ page }) => {
      await openRoute(page, LISTS.switches.hash, LISTS.switches.h1);
      await compareToggle(page, 'Red Switch').click();
      await expect(tray(page)).toBeVisible();
      await settle(page);
      await expectNoAxeViolations(page);
      await openProduct(page, 'Red Switch');
      await settle(page);
      await expectNoAxeViolations(page);
    });

    test('the compare page, all rows and only differences', async ({ page }) => {
      await openRoute(page, '#/compare?items=keyboards:1,keyboards:4,keyboards:105', 'Compare');
      await expect(compareTable(page)).toBeVisible();
      await settle(page);
      await expectNoAxeViolations(page);
      await page.getByRole('checkbox', { name: 'Show only differences' }).check();
      await expectNoAxeViolations(page);
    });

    test('the compare page with an invalid link', async ({ page }) => {
      await openRoute(page, '#/compare?items=nothing', 'Compare');
      await expectNoAxeViolations(page);
    });
  });
}
