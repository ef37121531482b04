import type { Page } from '@playwright/test';
import { chooseSite, DEMO, expect, signIn, test, toasts } from './fixtures';

/**
 * Copying exceptions into another site of the business: the preview offers to create its missing types and to
 * import the other site's ids as new exceptions (decision 083).
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const HEADER = 'Employee,Type,Start date,End date,Full day,Hours,Notes';
const file = (lines: string[]) => ({ name: 'from-demo.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\n')) });

async function demoSiteId(page: Page): Promise<number> {
  const sites = (await (await page.request.get('/api/sites')).json()) as Array<{ id: number; subdomain: string }>;
  return sites.find((s) => s.subdomain === 'demo')!.id;
}

test('an admin imports another site’s export, Id column and all, creating its site-only type from the preview', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const typeName = `Site Induction ${unique()}`;
  const made = await page.request.post('/api/exception-reasons', { data: { name: typeName, color: '#0d9488', isAdditive: false } });
  expect(made.status()).toBe(201);
  const typeId = ((await made.json()) as { id: number }).id;
  const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as Array<{ id: number; name: string }>;
  const leave = reasons.find((r) => r.name === 'Annual Leave')!.id;
  const [ann, bob] = (await (await page.request.get('/api/employees')).json()) as Array<{ id: number; name: string }>;

  // Exceptions of the demo site, exported as a user would: with the demo site's ids in the first column.
  const ids: number[] = [];
  for (const data of [
    { employeeId: ann.id, reasonId: typeId, startDate: '2033-03-07', endDate: '2033-03-08', isFullDay: true, hours: null, notes: null },
    { employeeId: bob.id, reasonId: leave, startDate: '2033-03-09', endDate: '2033-03-09', isFullDay: true, hours: null, notes: null },
    {
      employeeId: bob.id,
      reasonId: typeId,
      startDate: '2033-03-10',
      endDate: '2033-03-10',
      isFullDay: false,
      hours: 4,
      notes: 'Afternoon',
    },
  ]) {
    const res = await page.request.post('/api/exceptions', { data });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  const exported = await (await page.request.get('/api/export/exceptions.csv?startDate=2033-03-07&endDate=2033-03-10')).text();
  // Only this test's rows: others may add exceptions to the demo site on these days meanwhile.
  const [header, ...lines] = exported.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe(`Id,${HEADER}`);
  const ours = lines.filter((l) => ids.some((id) => l.startsWith(`${id},`)));
  expect(ours).toHaveLength(3);
  const exportFile = { name: 'from-demo.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...ours].join('\r\n')) };

  const siteName = `Copy ${unique()}`;
  const created = await page.request.post('/api/sites', { data: { name: siteName } });
  expect(created.status()).toBe(201);
  const siteId = ((await created.json()) as { id: number }).id;
  await page.goto('/');
  await chooseSite(page, siteName);
  const people = await page.request.post('/api/import/employees', { data: { csv: `Name\n"${ann.name}"\n"${bob.name}"\n` } });
  expect(people.status()).toBe(200);
  await page.reload();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Exceptions' });
  await dialog.getByLabel('CSV file').setInputFiles(exportFile);
  await expect(dialog.getByRole('status')).toHaveText(
    '0 to create, 0 to update, 0 unchanged, 3 rows have errors: fix the file and choose it again',
  );
  const hint = 'on this site (import it as a new exception with the choice in the preview)';
  await expect(dialog.getByRole('table', { name: 'Rows with errors' }).locator('tbody tr')).toHaveText([
    `2No exception type named "${typeName}"; No exception with id ${ids[0]} ${hint}`,
    `3No exception with id ${ids[1]} ${hint}`,
    `4No exception type named "${typeName}"; No exception with id ${ids[2]} ${hint}`,
  ]);
  const missing = dialog.getByRole('region', { name: '1 exception type is not on this site' });
  await expect(missing.getByRole('listitem')).toHaveText(`${typeName} 2 rows, colour and settings from Demo`);
  const unknown = dialog.getByRole('region', { name: '3 rows have an Id that is not on this site' });
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();

  await unknown.getByRole('checkbox', { name: 'Import these 3 rows as new exceptions' }).check();
  await expect(dialog.getByRole('status')).toHaveText(
    '1 to create, 0 to update, 0 unchanged, 2 rows have errors: fix the file and choose it again',
  );
  await expect(dialog.getByRole('table', { name: 'Rows with errors' }).locator('tbody tr')).toHaveText([
    `2No exception type named "${typeName}"`,
    `4No exception type named "${typeName}"`,
  ]);
  await missing.getByRole('checkbox', { name: 'Create this exception type on this site' }).check();
  await expect(dialog.getByRole('status')).toHaveText('3 to create, 0 to update, 0 unchanged');
  await expect(dialog.getByRole('table', { name: 'Rows with errors' })).toHaveCount(0);
  await expect(unknown.getByRole('checkbox')).toBeChecked();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(toasts(page)).toContainText('Imported: 3 created, 0 updated, 0 unchanged. 1 exception type created.');
  await expect(dialog).toBeHidden();

  const types = (await (await page.request.get('/api/exception-reasons')).json()) as Array<{ name: string; color: string; scope: string }>;
  expect(types.filter((t) => t.scope === 'site')).toEqual([expect.objectContaining({ name: typeName, color: '#0d9488' })]);

  await page.goto('about:blank');
  await page.request.post('/api/switch-site', { data: { siteId: await demoSiteId(page) } });
  await page.request.delete(`/api/sites/${siteId}`);
  for (const id of ids) expect((await page.request.delete(`/api/exceptions/${id}`)).status()).toBe(200);
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
