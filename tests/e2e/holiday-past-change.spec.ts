import type { Page } from '@playwright/test';
import { format, previousWednesday } from 'date-fns';
import { chooseSite, DEMO, expect, signIn, test, toasts } from './fixtures';

/**
 * A holiday before today that moves hours is a change of the past (decision 111): Settings asks "Change past
 * hours?" with the server's counts before adding, deleting or importing it. On a site of its own, deleted after.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const lastYear = new Date().getFullYear() - 1;

async function onSiteWithStaff(page: Page): Promise<number> {
  const name = `Past Holidays ${unique()}`;
  const created = await page.request.post('/api/sites', { data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.post('/api/switch-site', { data: { siteId: id } })).ok()).toBeTruthy();
  const week = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 };
  const employee = { name: 'Ada', efficiency: 100, ...week, startDate: `${lastYear}-01-01`, confirmPast: true };
  expect((await page.request.post('/api/employees', { data: employee })).status()).toBe(201);
  await page.goto('/settings');
  await chooseSite(page, name);
  return id;
}

async function removeSite(page: Page, id: number) {
  await page.goto('about:blank');
  const sites = (await (await page.request.get('/api/sites')).json()) as Array<{ id: number; subdomain: string }>;
  await page.request.post('/api/switch-site', { data: { siteId: sites.find((s) => s.subdomain === 'demo')!.id } });
  await page.request.delete(`/api/sites/${id}`);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
});

test('a past holiday is added, deleted and imported only after "Change past hours?"', async ({ page }) => {
  const siteId = await onSiteWithStaff(page);
  try {
    const date = format(previousWednesday(new Date()), 'yyyy-MM-dd');
    await page.getByLabel('Holiday name').fill('Founders Day');
    await page.getByLabel('Date', { exact: true }).fill(date);
    await expect(page.getByText('A date before today changes past hours')).toBeVisible();
    await page.getByRole('button', { name: 'Add Holiday' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Change past hours?' });
    await expect(ask).toContainText('This changes the hours of 1 past day, 0 of them authorised.');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await expect(toasts(page).getByText('Holiday added')).toBeVisible();
    const list = page.getByRole('list', { name: `Public holidays ${date.slice(0, 4)}` });
    await expect(list).toContainText('Founders Day');

    await list.getByRole('button', { name: /^Delete Founders Day on \w{3} \d{1,2} \w{3} \d{4}$/ }).click();
    await page.getByRole('alertdialog', { name: 'Delete Holiday' }).getByRole('button', { name: 'Delete' }).click();
    await expect(ask).toContainText('This changes the hours of 1 past day');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await expect(toasts(page).getByText('Holiday deleted')).toBeVisible();
    await expect(list).not.toContainText('Founders Day');

    await page.getByRole('button', { name: 'Import Holidays' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Public Holidays' });
    await dialog.getByLabel('Country').selectOption('GB');
    await dialog.getByLabel('State or region').selectOption('ENG');
    await dialog.getByRole('spinbutton', { name: 'Year' }).fill(String(lastYear));
    await expect(dialog.getByRole('checkbox', { name: new RegExp(`25 Dec ${lastYear} Christmas Day`) })).toBeChecked();
    await dialog.getByRole('button', { name: /^Import \d+ holidays$/ }).click();
    await expect(ask).toContainText(/This changes the hours of \d+ past days, 0 of them authorised\./);
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText('Holidays imported')).toBeVisible();
  } finally {
    await removeSite(page, siteId);
  }
});
