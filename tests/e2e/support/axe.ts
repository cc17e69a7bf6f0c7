// axe-core on a page as the accessibility specs run it: the WCAG 2.2 AA rules, and any violation
// listed readably (rule, impact and the offending elements) in the failure.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './app.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Checks the page is in `colorScheme`, then that axe finds no violation on it. */
export async function expectNoAxeViolations(page: Page, colorScheme: 'dark' | 'light') {
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
    colorScheme === 'dark',
  );
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
  expect(found).toEqual([]);
}
