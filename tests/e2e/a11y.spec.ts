import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

/** WCAG 2 A/AA scans of the signed-in screens, in both themes. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// One test per screen and theme: a full axe scan is slow on a busy machine, and four in one test shared
// one time budget.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    test('the login screen has no violations', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    for (const [path, heading] of [
      ['/employees', 'Employee Management'],
      ['/exception-types', 'Manage Exception Types'],
      ['/nowhere', 'Page Not Found'],
    ] as const) {
      test(`${path} has no violations`, async ({ page }) => {
        await signIn(page, DEMO.admin);
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        expect(await violations(page), path).toEqual([]);
      });
    }
  });
}
