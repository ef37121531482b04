import type { Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { axeViolations } from './axe';
import { chooseSite, DEMO, expect, signIn, test, toasts } from './fixtures';

/**
 * Settings → Data Management (decision 080): a run is previewed and confirmed first, Cancel deletes nothing,
 * and a day count outside 30–3650 shows the fallback that will be used before anything runs. Each test
 * works on a site of its own and deletes it, so the demo data stays as it was.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const daysAgo = (n: number) => format(addDays(new Date(), -n), 'yyyy-MM-dd');

async function onNewSite(page: Page): Promise<number> {
  const name = `Maint ${unique()}`;
  const created = await page.request.post('/api/sites', { data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
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

/** Two notes that ended 60 and 45 days ago (older than a 30-day retention) and one from 10 days ago. */
async function seedNotes(page: Page) {
  for (const [start, end] of [
    [62, 60],
    [45, 45],
    [10, 10],
  ]) {
    const res = await page.request.post('/api/notes', {
      data: { title: `Old ${start}`, startDate: daysAgo(start), endDate: daysAgo(end), color: '#3b82f6' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

const notesCount = async (page: Page) =>
  ((await (await page.request.get(`/api/notes?startDate=${daysAgo(90)}&endDate=${daysAgo(0)}`)).json()) as unknown[]).length;

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
});

test('the confirmation shows what a run removes; Cancel deletes nothing, Run maintenance does', async ({ page }) => {
  // An axe scan of the whole page with the dialog open takes a while on a shared two-core machine.
  test.slow();
  const siteId = await onNewSite(page);
  try {
    await seedNotes(page);
    await page.reload();
    const retention = page.getByLabel('Data retention (days)');
    await retention.fill('30');
    const open = page.getByRole('button', { name: 'Run Maintenance Now' });
    await open.click();

    const dialog = page.getByRole('alertdialog', { name: 'Run maintenance?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    const removes = dialog.getByRole('list', { name: 'Removes' });
    await expect(removes.getByRole('listitem')).toHaveText([
      '0 exceptions',
      '2 notes',
      '0 day changes and authorisations',
      '0 past public holidays',
      '0 expired sign-ins',
      '0 sent e-mails',
    ]);
    await expect(dialog).toContainText('Removes 2 records for good.');
    await expect(dialog).toContainText('Retention 30 days and future data 730 days are saved for this site.');
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    expect(await notesCount(page)).toBe(3);

    await open.click();
    await page.getByRole('alertdialog', { name: 'Run maintenance?' }).getByRole('button', { name: 'Run maintenance' }).click();
    await expect(toasts(page)).toContainText('2 old records cleaned, 0 holidays added ahead');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await notesCount(page)).toBe(1);
  } finally {
    await removeSite(page, siteId);
  }
});

test('a day count outside 30–3650 shows the fallback that will run, before anything runs', async ({ page }) => {
  test.slow();
  // In the dark theme, so the scan below checks the messages' contrast there (the first test's scan is light).
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const siteId = await onNewSite(page);
  try {
    await seedNotes(page);
    await page.reload();
    const retention = page.getByLabel('Data retention (days)');
    const future = page.getByLabel('Future data (days)');

    await retention.fill('5');
    await expect(page.getByText('Retention must be between 30 and 3650 days; 365 will be used.')).toBeVisible();
    await expect(retention).toHaveAttribute('aria-invalid', 'true');
    await retention.blur();
    await expect(retention).toHaveValue('365');
    await expect(page.getByText('Retention must be between 30 and 3650 days; 365 will be used.')).toBeVisible();

    await future.fill('10000');
    await future.blur();
    await expect(future).toHaveValue('730');
    await expect(page.getByText('Future data must be between 30 and 3650 days; 730 will be used.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await retention.fill('');
    await retention.blur();
    await expect(retention).toHaveValue('365');

    await page.getByRole('button', { name: 'Run Maintenance Now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Run maintenance?' });
    await expect(dialog).toContainText('Retention 365 days and future data 730 days are saved for this site.');
    // A year back nothing of this site has ended yet.
    await expect(dialog).toContainText('Nothing is old enough to remove');
    await expect(dialog.getByRole('list', { name: 'Removes' }).getByRole('listitem').nth(1)).toHaveText('0 notes');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await notesCount(page)).toBe(3);

    // Typing a valid value again clears the message.
    await retention.fill('400');
    await expect(page.getByText('Retention must be between 30 and 3650 days; 365 will be used.')).toHaveCount(0);
  } finally {
    await removeSite(page, siteId);
  }
});
