import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/app.ts';
import { PAGES, visit } from './support/pages.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`axe-core, ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    for (const state of PAGES) {
      test(`${state.name} has no violations`, async ({ page }) => {
        await visit(page, state);
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
