import { expect, openRoute, test } from './support/app.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { PAGES, visit } from './support/pages.ts';

test('the theme follows the system colour scheme', async ({ browser }) => {
  const backgrounds: string[] = [];
  for (const colorScheme of ['dark', 'light'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await openRoute(page, '#/home', 'Find Your Perfect Gaming Keyboard');
    backgrounds.push(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    await context.close();
  }
  expect(backgrounds[0]).not.toBe(backgrounds[1]);
});

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`axe-core, ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    for (const state of PAGES) {
      test(`${state.name} has no violations`, async ({ page }) => {
        await visit(page, state);
        await expectNoAxeViolations(page, colorScheme);
      });
    }
  });
}
