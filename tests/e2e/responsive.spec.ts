import { expect, test } from './support/app.ts';
import { PAGES, visit } from './support/pages.ts';

test.describe('360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const state of PAGES) {
    test(`${state.name} has no horizontal scroll`, async ({ page }) => {
      await visit(page, state);
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      expect(widths.document).toBeLessThanOrEqual(widths.viewport);
      expect(widths.body).toBeLessThanOrEqual(widths.viewport);
    });
  }
});
