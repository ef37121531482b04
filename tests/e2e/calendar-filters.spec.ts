import type { Page } from '@playwright/test';
import type { TExceptionView } from '../../src/shared/contracts/calendar';
import type { TEmployee } from '../../src/shared/contracts/employees';
import { axeViolations } from './axe';
import { DEMO, expect, signIn, test } from './fixtures';

const dayList = (page: Page) => page.getByRole('list', { name: 'Exceptions and notes for this day' });
const summary = (page: Page) => page.getByTestId('filter-summary');
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A weekday of the demo's seeded month with an exception of a Kitchen employee and one of somebody outside Kitchen. */
async function mixedDay(page: Page) {
  const teams = (await (await page.request.get('/api/teams')).json()) as Array<{ id: number; name: string }>;
  const kitchen = teams.find((t) => t.name === 'Kitchen')!;
  const staff = (await (await page.request.get('/api/employees')).json()) as TEmployee[];
  const now = Date.now();
  const from = iso(new Date(now - 20 * 86_400_000));
  const to = iso(new Date(now + 25 * 86_400_000));
  const list = (await (await page.request.get(`/api/exceptions?startDate=${from}&endDate=${to}`)).json()) as TExceptionView[];
  const inKitchen = new Set(staff.filter((e) => e.teamId === kitchen.id).map((e) => e.id));
  for (let t = now - 20 * 86_400_000; t <= now + 25 * 86_400_000; t += 86_400_000) {
    const date = iso(new Date(t));
    const on = list.filter((e) => e.startDate <= date && e.endDate >= date);
    const mine = on.find((e) => inKitchen.has(e.employeeId));
    const other = on.find((e) => !inKitchen.has(e.employeeId) && staff.some((s) => s.id === e.employeeId));
    if (mine && other) return { date, kitchen, kitchenSize: inKitchen.size, mine, other };
  }
  throw new Error('the demo has no day with exceptions both in and outside Kitchen');
}

test.describe('Calendar filters', () => {
  test('a team filter hides other teams’ pills, not the hours, and lives in the URL', async ({ page, context }) => {
    await signIn(page, DEMO.admin);
    const { date, kitchen, kitchenSize, mine, other } = await mixedDay(page);
    await page.goto(`/?view=day&date=${date}`);
    const hours = page.getByTestId('day-view').getByTestId('day-hours');
    await expect(hours).toHaveText(/h available$/);
    const siteHours = await hours.textContent();
    await expect(dayList(page).getByText(`${mine.employeeName} – ${mine.reasonName}`).first()).toBeVisible();
    await expect(dayList(page).getByText(`${other.employeeName} – ${other.reasonName}`).first()).toBeVisible();
    await expect(summary(page)).toHaveText('');

    await page.getByLabel('Team').selectOption({ label: 'Kitchen' });
    await expect(page).toHaveURL(new RegExp(`[?&]team=${kitchen.id}(&|$)`));
    await expect(summary(page)).toHaveText(new RegExp(`^Filtered: showing ${kitchenSize} of \\d+ employees · hours are the whole site's$`));
    await expect(dayList(page).getByText(`${mine.employeeName} – ${mine.reasonName}`).first()).toBeVisible();
    await expect(dayList(page).getByText(`${other.employeeName} – `)).toHaveCount(0);
    await expect(hours).toHaveText(siteHours!);

    // Reload keeps it; so does the link opened in another tab.
    await page.reload();
    await expect(page.getByLabel('Team')).toHaveValue(String(kitchen.id));
    await expect(dayList(page).getByText(`${other.employeeName} – `)).toHaveCount(0);
    await expect(hours).toHaveText(siteHours!);
    const copy = await context.newPage();
    await copy.goto(page.url());
    await expect(copy.getByLabel('Team')).toHaveValue(String(kitchen.id));
    await expect(dayList(copy).getByText(`${mine.employeeName} – ${mine.reasonName}`).first()).toBeVisible();
    await expect(dayList(copy).getByText(`${other.employeeName} – `)).toHaveCount(0);
    await copy.close();

    // The month view draws the same filter; its hours are the site's too.
    await page.getByRole('button', { name: 'Month' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]team=${kitchen.id}(&|$)`));
    const cellHours = page.locator(`[role="gridcell"][data-date="${date}"] [data-testid="day-hours"]`);
    await expect(cellHours).toHaveText(siteHours!.replace('h available', ' hours'));
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(summary(page)).toContainText('Filtered: showing');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/[?&]team=/);
    await expect(summary(page)).toHaveText('');
    await expect(page.getByLabel('Team')).toBeFocused();
    await page.evaluate(() => localStorage.removeItem('theme'));
  });

  test('values the site does not have are ignored', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/?view=month&team=abc&type=999999&away=yes&q=');
    await expect(page.locator('[data-testid="day-hours"]').first()).toBeVisible();
    await expect(page.getByLabel('Team')).toHaveValue('');
    await expect(page.getByLabel('Exception type')).toHaveValue('');
    await expect(page.getByLabel('Only people away')).not.toBeChecked();
    await expect(summary(page)).toHaveText('');
  });

  test('phones fold the filters behind a button that counts them', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await signIn(page, DEMO.admin);
    await page.goto('/?view=month&away=1');
    const toggle = page.getByRole('button', { name: 'Filters (1)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Team')).toBeHidden();
    await expect(summary(page)).toContainText('Filtered: showing');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Only people away')).toBeChecked();
    await page.getByLabel('Employee').pressSequentially('zzz nobody');
    await expect(page.getByLabel('Employee')).toHaveValue('zzz nobody');
    await expect(page).toHaveURL(/[?&]q=zzz\+nobody(&|$)/);
    await expect(summary(page)).toHaveText(/^Filtered: showing 0 of \d+ employees/);
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Employee')).toHaveValue('');
    await expect(page.getByLabel('Only people away')).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await expect(summary(page)).toHaveText('');
  });
});
