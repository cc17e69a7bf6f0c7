import AxeBuilder from '@axe-core/playwright';
import { expect, openRoute, test } from './support/app.ts';
import { PAGES, visit } from './support/pages.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

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
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
          colorScheme === 'dark',
        );
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        // Readable failures: rule, impact and the offending elements.
        const found = violations.map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
        }));
        expect(found).toEqual([]);
      });
    }
  });
}
