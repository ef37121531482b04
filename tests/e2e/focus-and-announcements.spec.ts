import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test, toasts } from './fixtures';

/**
 * Decision 079: a button whose work runs keeps focus (aria-disabled, not disabled) and ignores a second press;
 * a dialog opens on its first field, a confirmation on Cancel; a success toast is announced politely and an
 * error assertively.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? `${el.tagName.toLowerCase()}:${el.textContent?.trim()}` : 'body';
  });

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
});

test('Add Holiday keeps focus on its button while the request runs and after it, and sends once', async ({ page }) => {
  const name = `Focus Day ${unique()}`;
  const date = `2093-05-${String(10 + Math.floor(Math.random() * 18)).padStart(2, '0')}`;
  let posts = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The request waits until the test has looked at the pending button.
  await page.route('**/api/public-holidays', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    await held;
    await route.continue();
  });

  await page.goto('/settings');
  await page.getByLabel('Holiday name').fill(name);
  await page.getByLabel('Date', { exact: true }).fill(date);
  const add = page.getByRole('button', { name: 'Add Holiday' });
  await add.focus();
  await page.keyboard.press('Enter');

  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await expect(add).toBeFocused();
  // A second press while the first runs does nothing.
  await page.keyboard.press('Enter');
  await add.click({ force: true });

  const created = page.waitForResponse((r) => r.url().endsWith('/api/public-holidays') && r.request().method() === 'POST');
  release();
  const reply = await created;
  expect(reply.status()).toBe(201);
  await expect(toasts(page).getByText('Holiday added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Public holidays 2093' })).toContainText(name);
  await expect(add).not.toHaveAttribute('aria-disabled');
  expect(await focusedElement(page)).toBe('button:Add Holiday');
  await expect(add).toBeFocused();
  expect(posts).toBe(1);

  const { id } = (await reply.json()) as { id: number };
  expect((await page.request.delete(`/api/public-holidays/${id}`)).ok()).toBeTruthy();
});

test('a dialog opens with focus in its first field, a confirmation on Cancel', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Add Notification' }).click();
  const notification = page.getByRole('dialog', { name: 'Create Notification' });
  await expect(notification.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(notification).toBeHidden();

  await page
    .getByRole('button', { name: /^Delete .+ on \w{3} \d{1,2} \w{3} \d{4}$/ })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Holiday' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');

  await page.goto('/employees');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Employee' }).getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');

  await page.goto('/exception-types');
  await page.getByRole('button', { name: 'Add Exception Type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Add Exception Type' });
  await expect(typeDialog.locator('input, select, textarea').first()).toBeFocused();
});

test('a success toast is a polite status, an error toast an assertive alert', async ({ page }) => {
  await page.goto('/settings');
  // An error: Add Holiday with nothing filled in.
  await page.getByRole('button', { name: 'Add Holiday' }).click();
  await expect(toasts(page).getByText('Missing information')).toBeVisible();
  const alert = page.locator('[role="alert"][aria-live="assertive"]').filter({ hasText: 'Missing information' });
  await expect(alert).toHaveCount(1);
  await expect(alert).toHaveAttribute('aria-atomic', 'true');
  await expect(page.locator('[role="status"]').filter({ hasText: 'Missing information' })).toHaveCount(0);

  // A success: a holiday added.
  const name = `Toast Day ${unique()}`;
  await page.getByLabel('Holiday name').fill(name);
  await page.getByLabel('Date', { exact: true }).fill('2094-03-09');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/public-holidays') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Add Holiday' }).click();
  const reply = await created;
  const status = page.locator('[role="status"][aria-live="polite"]').filter({ hasText: 'Holiday added' });
  await expect(status).toHaveCount(1);
  await expect(status).toContainText(name);
  await expect(page.locator('[role="alert"]').filter({ hasText: 'Holiday added' })).toHaveCount(0);
  // The toast itself stays on screen after the announcement has been made.
  await expect(toasts(page).getByText('Holiday added')).toBeVisible();

  const { id } = (await reply.json()) as { id: number };
  expect((await page.request.delete(`/api/public-holidays/${id}`)).ok()).toBeTruthy();
});
