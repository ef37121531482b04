import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, signIn, superAdmin, test } from './fixtures';

/**
 * WCAG 1.4.10 reflow at 320 CSS px (decision 079): no signed-in screen, /settings dialog or portal view
 * scrolls sideways. A table wider than the phone scrolls inside its own frame; the page never does.
 */

test.use({ viewport: { width: 320, height: 640 } });

/** Every path of the signed-in router (src/web/app/router.tsx), the calendar's views, and one unknown path. */
const SIGNED_IN = [
  '/',
  '/?view=week',
  '/?view=day',
  '/?view=wallchart',
  '/calendar',
  '/employees',
  '/employees/1?year=2026',
  '/exception-types',
  '/reports',
  '/settings',
  '/user-management',
  '/subscription',
  '/subscribe',
  '/time-off',
  '/requests',
  '/capacity',
  '/nowhere',
];
const SIGNED_OUT = ['/admin', '/login', '/register', '/forgot-password', '/reset-password'];
/** A router path with a parameter, and the address above that stands for it. */
const PARAMETERS: Record<string, string> = { '/employees/:id': '/employees/1?year=2026' };

const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(scrollWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/** Waits for a screen's own content: its main heading, and no loading note left. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** An open dialog sits inside the window and does not scroll sideways itself. */
async function expectDialogFits(page: Page, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name}: right edge`).toBeLessThanOrEqual(320);
  const inner = await dialog.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(inner.scroll, `${name}: scrolls sideways inside`).toBeLessThanOrEqual(inner.client);
  await expectNoSidewaysScroll(page, name);
}

test('the list above names every path of the web app’s router', () => {
  const router = readFileSync(new URL('../../src/web/app/router.tsx', import.meta.url), 'utf8');
  const paths = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '*');
  expect(paths.length).toBeGreaterThan(10);
  for (const path of paths) expect([...SIGNED_IN, ...SIGNED_OUT], `router path ${path}`).toContain(PARAMETERS[path] ?? path);
});

test('no signed-in screen scrolls sideways at 320 px', async ({ page }) => {
  await signIn(page, DEMO.admin);
  for (const path of SIGNED_IN) {
    await page.goto(path);
    await settled(page);
    await expectNoSidewaysScroll(page, path);
  }
});

test('the settings dialogs fit a 320 px window', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/settings');
  await settled(page);
  const opened: Array<{ button: Locator; name: string; role?: 'alertdialog' }> = [
    { button: page.getByRole('button', { name: 'Add Site/Team' }), name: 'Add Site/Team' },
    { button: page.getByRole('button', { name: 'Edit Demo North' }), name: 'Edit Team Name' },
    { button: page.getByRole('button', { name: 'Delete Demo North' }), name: 'Delete Team Permanently', role: 'alertdialog' },
    { button: page.getByRole('button', { name: 'Add Notification' }), name: 'Create Notification' },
    { button: page.getByRole('button', { name: 'Import Holidays' }), name: 'Import Public Holidays' },
    {
      button: page.getByRole('button', { name: /^Delete .+ on \w{3} \d{1,2} \w{3} \d{4}$/ }).first(),
      name: 'Delete Holiday',
      role: 'alertdialog',
    },
  ];
  for (const { button, name, role } of opened) {
    await button.click();
    const dialog = page.getByRole(role ?? 'dialog', { name });
    await expectDialogFits(page, dialog, name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('the platform portal does not scroll sideways at 320 px', async ({ page }) => {
  const res = await page.request.post('/api/super-admin/login', {
    data: { email: 'superadmin@demo.example', password: superAdmin.password },
  });
  expect(res.ok()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => localStorage.setItem('superAdminToken', t), token);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  // Sign out is inside the window, not past its edge.
  const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
  expect(signOut!.x + signOut!.width).toBeLessThanOrEqual(320);
  await expectNoSidewaysScroll(page, '/admin overview');

  await page.getByRole('searchbox', { name: 'Search businesses, sites and users' }).fill('Demo Business');
  await page
    .getByRole('region', { name: /^Businesses/ })
    .getByRole('button', { name: 'Demo Business Ltd' })
    .click();
  await expect(page.getByRole('tab', { name: 'Sites' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSidewaysScroll(page, '/admin business');
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await expectNoSidewaysScroll(page, `/admin business, tab ${await tab.textContent()}`);
  }
  await page.getByRole('tab', { name: 'Sites' }).click();
  await page.getByRole('button', { name: 'Demo North', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Demo North' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/admin site');

  await page.getByRole('button', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/admin security');

  await page.getByRole('button', { name: 'Change password' }).click();
  await expectDialogFits(page, page.getByRole('dialog'), 'Change password');
});
