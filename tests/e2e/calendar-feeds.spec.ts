import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

/** Settings → Calendar Feeds (decision 063): whose feeds a reader sees, who made them, and who may revoke them. */

const feedsOf = (page: Page) => page.getByRole('region', { name: 'Calendar Feeds' });

test('a regular user makes a site feed with notes, sees it as theirs, and revokes it', async ({ page }) => {
  await signIn(page, DEMO.user);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { username: string } };
  await page.goto('/settings');
  const section = feedsOf(page);
  await expect(section).toContainText('You see and can revoke the feeds you made.');
  await section.getByRole('switch', { name: 'Include notes' }).click();
  await section.getByRole('button', { name: 'Create Feed' }).click();
  await expect(section.getByLabel(/Feed link for Whole site/)).toHaveValue(/\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  const row = section.getByRole('table', { name: 'Calendar feeds' }).locator('tbody tr').filter({ hasText: me.user.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Included');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Revoke feed for Whole site' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke Calendar Feed' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
});

test("an admin sees a user's feed with its creator and revokes it", async ({ page }) => {
  await signIn(page, DEMO.user);
  const made = await page.request.post('/api/calendar-feeds', { data: { employeeId: null, includeNotes: true } });
  expect(made.status()).toBe(201);
  const feed = (await made.json()) as { id: number; createdBy: string; url: string };

  await signIn(page, DEMO.admin);
  await page.goto('/settings');
  const section = feedsOf(page);
  await expect(section).toContainText('As an admin you see and can revoke every feed of this site.');
  const row = section.getByRole('table', { name: 'Calendar feeds' }).locator('tbody tr').filter({ hasText: feed.createdBy });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Revoke feed for Whole site' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke Calendar Feed' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(new URL(feed.url).pathname)).status()).toBe(404);
});
