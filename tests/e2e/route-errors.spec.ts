import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { DEMO, expect, signIn, test } from './fixtures';

/** Issue 9 item 15: dates far out in the URL and screens that fail never show a stack trace. */
const title = (page: Page) => page.getByRole('heading', { level: 1 });
const noStackTrace = async (page: Page) => {
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(page.getByText(/at \S+ \(.*:\d+:\d+\)/)).toHaveCount(0);
};

test.beforeEach(async ({ page }) => signIn(page, DEMO.user));

test('a date far in the URL shows this month and rewrites the address', async ({ page }) => {
  const now = new Date();
  await page.goto('/?view=month&date=9999-12-01');
  await expect(title(page)).toHaveText(format(now, 'MMMM yyyy'));
  await expect(page).toHaveURL(new RegExp(`date=${format(now, 'yyyy-MM-dd')}`));
  await expect(page.getByRole('grid')).toBeVisible();
  await noStackTrace(page);
});

test('the last month of the window is shown and Next stops there', async ({ page }) => {
  await page.goto('/?view=month&date=2200-12-15');
  await expect(title(page)).toHaveText('December 2200');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/date=2200-12-31/);
  await expect(title(page)).toHaveText('December 2200');
  await page.goto('/?view=day&date=1900-01-01');
  await expect(title(page)).toHaveText('Monday, 1 January 1900');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/date=1900-01-01/);
});

test('a screen that fails to load says so, keeps the header and offers a way back', async ({ page }) => {
  // The calendar's code chunk cannot be fetched (a deploy replaced it, the network dropped).
  await page.route(/\/assets\/CalendarPage-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toContainText('Your saved data is safe');
  await expect(page.getByRole('link', { name: 'Employee Management' })).toBeVisible();
  await noStackTrace(page);

  await page.unroute(/\/assets\/CalendarPage-[^/]*\.js$/);
  await page.getByRole('link', { name: 'Back to Calendar' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
});
