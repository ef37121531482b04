import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { chooseSite, DEMO, expect, signIn, siteSwitcher, test } from './fixtures';

const notice = (page: Page) => page.getByTestId('foreign-link');

test('a shared filter link carries its site; opened on another site it says so and applies nothing (decision 115)', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const sites = (await (await page.request.get('/api/sites')).json()) as Array<{ id: number; name: string }>;
  const demo = sites.find((s) => s.name === 'Demo')!;
  const teams = (await (await page.request.get('/api/teams')).json()) as Array<{ id: number; name: string }>;
  const kitchen = teams.find((t) => t.name === 'Kitchen')!;

  // A filter made on Demo names Demo in the link.
  await page.goto('/?view=month');
  await page.getByLabel('Team').selectOption({ label: 'Kitchen' });
  await expect(page).toHaveURL(new RegExp(`[?&]team=${kitchen.id}&site=${demo.id}(&|$)`));
  const link = page.url();

  // A switch from the header drops the filter of the site left: the user's own, not a link to report.
  await chooseSite(page, 'Demo North');
  await expect(page).not.toHaveURL(/[?&](team|site)=/);
  await expect(notice(page)).toHaveCount(0);

  // Opened on Demo North: nothing of it is applied, and the page says whose link it is.
  await page.goto(link);
  await expect(notice(page)).toHaveText(/^This link is for Demo\. Its filter is not applied on Demo North\./);
  await expect(page.getByLabel('Team')).toHaveValue('');
  await expect(page.getByTestId('filter-summary')).toHaveText('');
  expect(await axeViolations(page)).toEqual([]);

  // Switching to the link's site applies it.
  await notice(page).getByRole('button', { name: 'Switch to Demo' }).click();
  await expect(siteSwitcher(page)).toHaveAccessibleName('Current site: Demo');
  await expect(notice(page)).toHaveCount(0);
  await expect(page.getByLabel('Team')).toHaveValue(String(kitchen.id));

  // A link of a site the user cannot open: said, and Clear the filter drops it from the address.
  await page.goto(`/?view=month&team=${kitchen.id}&site=999999`);
  await expect(notice(page)).toHaveText(/^This link is for a site you cannot open\. Its filter is not applied on Demo\./);
  await expect(notice(page).getByRole('button', { name: /^Switch to/ })).toHaveCount(0);
  await expect(page.getByLabel('Team')).toHaveValue('');
  await notice(page).getByRole('button', { name: 'Clear the filter' }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&](team|site)=/);

  // A link from before links carried a site still opens with its filter.
  await page.goto(`/?view=month&team=${kitchen.id}`);
  await expect(page.getByLabel('Team')).toHaveValue(String(kitchen.id));
  await expect(notice(page)).toHaveCount(0);
});
