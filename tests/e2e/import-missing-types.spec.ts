import type { Page } from '@playwright/test';
import { chooseSite, DEMO, expect, signIn, test, toasts } from './fixtures';

/** Copying exceptions into another site of the business: the preview offers to create its missing types (decision 083). */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const HEADER = 'Employee,Type,Start date,End date,Full day,Hours,Notes';
const file = (lines: string[]) => ({ name: 'from-demo.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\n')) });

async function demoSiteId(page: Page): Promise<number> {
  const sites = (await (await page.request.get('/api/sites')).json()) as Array<{ id: number; subdomain: string }>;
  return sites.find((s) => s.subdomain === 'demo')!.id;
}

test('an admin imports another site’s exceptions and creates its site-only type from the preview', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const typeName = `Site Induction ${unique()}`;
  const made = await page.request.post('/api/exception-reasons', { data: { name: typeName, color: '#0d9488', isAdditive: false } });
  expect(made.status()).toBe(201);
  const typeId = ((await made.json()) as { id: number }).id;

  const siteName = `Copy ${unique()}`;
  const created = await page.request.post('/api/sites', { data: { name: siteName } });
  expect(created.status()).toBe(201);
  const siteId = ((await created.json()) as { id: number }).id;
  await page.goto('/');
  await chooseSite(page, siteName);
  const people = await page.request.post('/api/import/employees', { data: { csv: 'Name\nAnn Lee\nBob Stone\n' } });
  expect(people.status()).toBe(200);
  await page.reload();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Exceptions' });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      file([
        `Ann Lee,${typeName},2033-03-07,2033-03-08,yes,,`,
        'Bob Stone,Annual Leave,2033-03-09,,yes,,',
        `Bob Stone,${typeName},2033-03-10,,no,4,Afternoon`,
      ]),
    );
  await expect(dialog.getByRole('status')).toHaveText(
    '1 to create, 0 to update, 0 unchanged, 2 rows have errors: fix the file and choose it again',
  );
  await expect(dialog.getByRole('table', { name: 'Rows with errors' }).locator('tbody tr')).toHaveText([
    `2No exception type named "${typeName}"`,
    `4No exception type named "${typeName}"`,
  ]);
  const missing = dialog.getByRole('region', { name: '1 exception type is not on this site' });
  await expect(missing.getByRole('listitem')).toHaveText(`${typeName} 2 rows, colour and settings from Demo`);
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();

  await missing.getByRole('checkbox', { name: 'Create this exception type on this site' }).check();
  await expect(dialog.getByRole('status')).toHaveText('3 to create, 0 to update, 0 unchanged');
  await expect(dialog.getByRole('table', { name: 'Rows with errors' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(toasts(page)).toContainText('Imported: 3 created, 0 updated, 0 unchanged. 1 exception type created.');
  await expect(dialog).toBeHidden();

  const types = (await (await page.request.get('/api/exception-reasons')).json()) as Array<{ name: string; color: string; scope: string }>;
  expect(types.filter((t) => t.scope === 'site')).toEqual([expect.objectContaining({ name: typeName, color: '#0d9488' })]);

  await page.goto('about:blank');
  await page.request.post('/api/switch-site', { data: { siteId: await demoSiteId(page) } });
  await page.request.delete(`/api/sites/${siteId}`);
  await page.request.delete(`/api/exception-reasons/${typeId}`);
});

test('a regular user sees the missing type and who can create it, with no choice to', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Exceptions' });
  const employees = (await (await page.request.get('/api/employees')).json()) as Array<{ name: string }>;
  await dialog.getByLabel('CSV file').setInputFiles(file([`${employees[0].name},Gardening Leave,2033-04-04,,yes,,`]));
  await expect(dialog.getByRole('table', { name: 'Rows with errors' }).locator('tbody tr')).toHaveText([
    '2No exception type named "Gardening Leave"',
  ]);
  const missing = dialog.getByRole('region', { name: '1 exception type is not on this site' });
  await expect(missing).toContainText('Gardening Leave 1 row, default colour and settings');
  await expect(missing).toContainText('Only an admin can create exception types.');
  await expect(missing.getByRole('checkbox')).toHaveCount(0);
});
