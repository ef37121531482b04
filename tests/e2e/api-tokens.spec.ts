import { request } from '@playwright/test';
import { format } from 'date-fns';
import { DEMO, expect, signIn, test, toasts } from './fixtures';

/**
 * As a new API user would: an admin creates a read-only token in Settings, copies it with the button,
 * lists this month's exceptions with curl's equivalent (no cookie, only the token), is refused a change,
 * sees "Last used" filled in, and revokes the token, after which it answers 401.
 */
test('create a token in Settings, call the API with it, revoke it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.admin);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'API Tokens' });
  await expect(section).toBeVisible();

  const name = `Payroll ${Date.now().toString(36)}`;
  await section.getByLabel('Token name').fill(name);
  await section.getByLabel('Read only').check();
  await section.getByRole('button', { name: 'Create Token' }).click();

  await expect(section.getByText('Copy this token now. It will not be shown again.')).toBeVisible();
  const shown = await section.getByLabel('New API token').inputValue();
  expect(shown).toMatch(/^hs_[A-Za-z0-9_-]{43}$/);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(toasts(page).getByText('Token copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);

  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByLabel('New API token')).toHaveCount(0);
  const row = section.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('Never');
  await expect(row).toContainText(`${shown.slice(0, 10)}…`);
  // At 320 px the token list scrolls in its own frame; nothing of it (its hidden "Actions" label) widens the page.
  await page.setViewportSize({ width: 320, height: 700 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A tool: no cookies, only the token.
  const tool = await request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${copied}` } });
  const today = new Date();
  const month = `startDate=${format(today, 'yyyy-MM')}-01&endDate=${format(today, 'yyyy-MM')}-28`;
  const list = await tool.get(`/api/exceptions?${month}`);
  expect(list.status()).toBe(200);
  const exceptions = (await list.json()) as Array<{ startDate: string; employeeName?: string }>;
  expect(exceptions.length).toBeGreaterThan(0); // the demo seeds a month of exceptions around today
  const change = await tool.post('/api/exception-reasons', { data: { name: 'Not allowed', color: '#112233', isAdditive: false } });
  expect(change.status()).toBe(403);

  await page.reload();
  await expect(section.getByRole('row').filter({ hasText: name })).not.toContainText('Never');

  await section.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke API Token' });
  await expect(dialog).toContainText(`Revoke "${name}"?`);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(toasts(page).getByText('API token revoked')).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await tool.get(`/api/exceptions?${month}`)).status()).toBe(401);
  await tool.dispose();
});

test('the API reference opens at /api/docs under the app Content-Security-Policy', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/api/docs/');
  // Building the document the first time after a cold start may take a while on a busy machine.
  await expect(page.getByRole('heading', { name: /Hoursight API/ })).toBeVisible({ timeout: 20_000 });
  // Sections start folded (over a hundred operations): every section is listed, and one opens on a click.
  await expect(page.locator('#operations-tag-coverage')).toBeVisible();
  await page.locator('#operations-tag-exceptions').click();
  await expect(page.getByText('/api/exceptions').first()).toBeVisible();
  expect(errors).toEqual([]);
});
