import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * Shared fixtures: the base URL of the shop started by global-setup, and an axe check that
 * fails the test on any WCAG 2.2 A/AA violation.
 */
export const test = base.extend<{ checkA11y: (page: Page) => Promise<void> }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  // eslint-disable-next-line no-empty-pattern
  checkA11y: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
      );
      expect(summary, summary.join('\n')).toEqual([]);
    });
  },
});

export { expect };
