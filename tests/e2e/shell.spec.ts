import { chooseSite, DEMO, expect, signIn, siteSwitcher, test, toasts } from './fixtures';

test('admin switches site: overlay, data of the other site, and the choice is restored after reload', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/employees');
  const switcher = siteSwitcher(page);
  await expect(switcher).toBeVisible();
  const demoNames = await (await page.request.get('/api/employees')).json();
  // Arrow keys only move through the choices: the site changes on Enter, and focus stays on the switcher.
  await switcher.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Demo', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  expect((await (await page.request.get('/api/auth/me')).json()).site.subdomain).toBe('demo');
  await expect(page.getByRole('menuitemradio', { name: 'Demo North' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Switching site...')).toBeVisible();
  await expect(page.getByText('Switching site...')).toBeHidden();
  await expect(switcher).toBeFocused();
  await expect(switcher).toHaveAccessibleName('Current site: Demo North');
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.site.subdomain).toBe('demo-north');
  const northNames = await (await page.request.get('/api/employees')).json();
  expect(northNames.map((e: { id: number }) => e.id)).not.toEqual(demoNames.map((e: { id: number }) => e.id));
  expect(await page.evaluate(() => localStorage.getItem('currentSiteId'))).toBe(String(me.site.id));
  await page.reload();
  await expect(siteSwitcher(page)).toHaveAccessibleName('Current site: Demo North');
  // Put the session back on the home site for the specs that follow.
  await chooseSite(page, 'Demo');
});

test('a regular user has one site: no switcher, and no admin entries in the user menu', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await expect(siteSwitcher(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'User Management' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Subscription' })).toHaveCount(0);
  await expect(page.getByText('Administrator')).toHaveCount(0);
});

test('unknown paths show Page Not Found; the live indicator is Live with this user online', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live, 1 online' })).toBeAttached();
});

test('theme choice is stored under "theme" and applied', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/employees');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('bug report: validation toasts, then success clears and closes the dialog', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Report a bug' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Bug' });
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toasts(page).getByText('Missing Subject')).toBeVisible();
  await dialog.getByLabel('Subject').fill('  Calendar freezes  ');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toasts(page).getByText('Missing Details')).toBeVisible();
  await dialog.getByLabel('Details').fill('It froze when I pressed Next.');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toasts(page).getByText('Bug Report Sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  // At most one toast at a time (spec §4): the success replaced the validation toast.
  await expect(toasts(page).locator('li')).toHaveCount(1);
  await expect(toasts(page).getByText('Missing Details')).toHaveCount(0);
});

test('a non-admin opening user management is told admin access is required', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { name: 'Admin access required' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access user management. Admin access required.")).toBeVisible();
});
