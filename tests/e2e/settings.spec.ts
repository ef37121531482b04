import { axeViolations } from './axe';
import type { Page } from '@playwright/test';
import { addDays, format, nextSaturday } from 'date-fns';
import { chooseSite, DEMO, expect, signIn, siteChoices, test, toasts } from './fixtures';

/**
 * Settings as an admin uses it: sites in the switcher, a region's holidays on the calendar, Saturday as a
 * workday. Each test works on a site of its own and deletes it, so the shared demo data stays as it was.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const cell = (page: Page, date: string) => page.locator(`[role="gridcell"][data-date="${date}"]`);

async function demoSiteId(page: Page): Promise<number> {
  const sites = (await (await page.request.get('/api/sites')).json()) as Array<{ id: number; subdomain: string }>;
  return sites.find((s) => s.subdomain === 'demo')!.id;
}

/** A new site of the demo business, chosen in the header's switcher as a user would (the app remembers it). */
async function onNewSite(page: Page, name: string): Promise<number> {
  const created = await page.request.post('/api/sites', { data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto('/settings');
  await chooseSite(page, name);
  return id;
}

async function removeSite(page: Page, id: number) {
  // Leave the app first, so its own refetches after the switch do not race the delete.
  await page.goto('about:blank');
  await page.request.post('/api/switch-site', { data: { siteId: await demoSiteId(page) } });
  await page.request.delete(`/api/sites/${id}`);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
});

test('an admin adds, renames and deletes a site and the switcher follows each change', async ({ page }) => {
  const name = `E2E Team ${unique()}`;
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Company Information' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Site/Team' }).click();
  const add = page.getByRole('dialog', { name: 'Add Site/Team' });
  await add.getByRole('button', { name: 'Create Site/Team' }).click();
  await expect(add.getByText('Please enter a team name')).toBeVisible();
  await add.getByLabel('Team Name').fill(name);
  await add.getByRole('button', { name: 'Create Site/Team' }).click();
  await expect(add).toBeHidden();
  await expect(toasts(page).getByText('Site/Team created')).toBeVisible();
  // The switcher lists the new site without signing in again, and switching to it works.
  await expect.poll(() => siteChoices(page)).toContain(name);
  const list = page.getByRole('list', { name: 'Sites and teams' });
  const subdomain = (await list.getByRole('listitem').filter({ hasText: name }).locator('p').nth(1).textContent())!;
  expect(subdomain).toMatch(/^e2e-team-[a-z0-9]+-\d{6}$/);

  await list.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team Name' });
  await edit.getByLabel('Team Name').fill(`${name} Renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => siteChoices(page)).toContain(`${name} Renamed`);

  await list.getByRole('button', { name: `Delete ${name} Renamed` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Team Permanently' });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(list.getByText(`${name} Renamed`)).toHaveCount(0);
  await expect.poll(async () => (await siteChoices(page)).filter((n) => n.startsWith(name))).toEqual([]);
  // The site you are on cannot be deleted.
  await expect(list.getByRole('button', { name: 'Delete Demo', exact: true })).toBeDisabled();
});

test("importing this year's holidays for a region shows their badges in the month view", async ({ page }) => {
  const year = new Date().getFullYear();
  const siteId = await onNewSite(page, `E2E Holidays ${unique()}`);
  try {
    await page.getByRole('button', { name: 'Import Holidays' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Public Holidays' });
    await dialog.getByLabel('Country').selectOption('GB');
    await dialog.getByLabel('State or region').selectOption('SCT');
    const items = dialog.getByRole('list', { name: 'Holidays to import' });
    // Public holidays come ticked, observances do not.
    await expect(items.getByRole('checkbox', { name: new RegExp(`25 Dec ${year} Christmas Day`) })).toBeChecked();
    await expect(items.getByRole('checkbox', { name: new RegExp(`30 Nov ${year} St Andrew.s Day`) })).toBeChecked();
    await expect(items.getByRole('checkbox', { name: /Mother's Day/ })).not.toBeChecked();
    await dialog.getByRole('button', { name: /^Import \d+ holidays$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText('Holidays imported')).toBeVisible();
    await expect(page.getByRole('list', { name: `Public holidays ${year}` })).toContainText('Christmas Day');

    await page.goto(`/?view=month&date=${year}-12-01`);
    await expect(cell(page, `${year}-12-25`).getByTestId('holiday-badge')).toHaveText('Holiday: Christmas Day');
    await expect(cell(page, `${year}-11-30`).getByTestId('holiday-badge')).toHaveText(/^Holiday: St Andrew.s Day$/);
    await expect(cell(page, `${year}-12-24`).getByTestId('holiday-badge')).toHaveCount(0);
  } finally {
    await removeSite(page, siteId);
  }
});

test('turning Saturday into a workday shows Saturday hours on the calendar', async ({ page }) => {
  const siteId = await onNewSite(page, `E2E Weekend ${unique()}`);
  try {
    const staff = {
      name: 'Weekend Worker',
      efficiency: 100,
      mondayHours: 8,
      tuesdayHours: 8,
      wednesdayHours: 8,
      thursdayHours: 8,
      fridayHours: 8,
      saturdayHours: 6,
      sundayHours: 0,
    };
    expect((await page.request.post('/api/employees', { data: staff })).ok()).toBeTruthy();
    const saturday = format(nextSaturday(addDays(new Date(), 7)), 'yyyy-MM-dd');

    await page.goto(`/?view=month&date=${saturday}`);
    await expect(cell(page, saturday).getByTestId('day-hours')).toHaveText('0.0 hours');

    await page.goto('/settings');
    await page.getByRole('switch', { name: 'Saturday is a workday' }).click();
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toasts(page).getByText('Settings saved')).toBeVisible();
    // The editor starts again from the saved values (nothing unsaved); focus stays on the button that saved.
    await expect(page.getByText('You have unsaved changes.')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeFocused();
    await expect(page.getByRole('switch', { name: 'Saturday is a workday' })).toBeChecked();

    await page.getByRole('button', { name: 'Back to Calendar' }).click();
    await page.goto(`/?view=month&date=${saturday}`);
    await expect(cell(page, saturday).getByTestId('day-hours')).toHaveText('6.0 hours');
  } finally {
    await removeSite(page, siteId);
  }
});

test('unsaved changes are not lost silently when leaving', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Sunday is a workday' }).click();
  await page.getByRole('button', { name: 'Back to Calendar' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('switch', { name: 'Sunday is a workday' })).toBeChecked();
  await page.getByRole('button', { name: 'Back to Calendar' }).click();
  await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard Changes' }).click();
  await expect(page).toHaveURL(/\/$|\/\?/);
  expect(((await (await page.request.get('/api/settings')).json()) as { sundayWorkday: boolean }).sundayWorkday).toBe(false);
});

test('a read-only user sees settings but changes nothing', async ({ page }) => {
  await page.context().clearCookies();
  await signIn(page, DEMO.viewer);
  await page.goto('/settings');
  await expect(page.getByText('You have read-only access.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
  await expect(page.getByLabel('Company Name')).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Saturday is a workday' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add Holiday' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run Maintenance Now' })).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the settings screen and its import dialog have no axe violations (${theme})`, async ({ page }) => {
    // Two full-page axe scans take a while on a shared two-core machine.
    test.slow();
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const scan = () => axeViolations(page);
    await page.goto('/settings');
    // The first screen after the server starts may wait on a cold database: a longer limit, not a retry.
    await expect(
      page
        .getByRole('list', { name: /^Public holidays \d{4}$/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible({ timeout: 20_000 });
    expect(await scan()).toEqual([]);
    await page.getByRole('button', { name: 'Import Holidays' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Public Holidays' });
    await dialog.getByLabel('Country').selectOption('GB');
    await expect(dialog.getByRole('list', { name: 'Holidays to import' }).getByRole('listitem').first()).toBeVisible();
    expect(await scan()).toEqual([]);
  });
}
