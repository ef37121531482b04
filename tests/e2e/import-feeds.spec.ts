import ICAL from 'ical.js';
import { DEMO, expect, signIn, test, toasts } from './fixtures';

/** Issue 17's "done when": a spreadsheet of 200 exceptions with 3 bad rows, and a site feed copied from Settings. */

test('importing 200 exceptions: the preview flags 3 bad rows, the fixed file imports', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const employees = (await (await page.request.get('/api/employees')).json()) as Array<{ name: string }>;
  const names = employees.slice(0, 4).map((e) => e.name);
  // Two hundred weekdays of 2032 (far from the demo's month and other specs' data), one per row.
  const days: string[] = [];
  for (let d = new Date(Date.UTC(2032, 0, 1)); days.length < 200; d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  const good = days.map((day, i) => `${names[i % names.length]},Annual Leave,${day},${day},yes,,Imported ${i + 1}`);
  const header = 'Employee,Type,Start date,End date,Full day,Hours,Notes';
  const bad = [...good];
  bad[9] = `Nobody Here,Annual Leave,${days[9]},${days[9]},yes,,`;
  bad[99] = `${names[0]},Annual Leave,2032-02-31,,yes,,`;
  bad[149] = `${names[1]},Gardening Leave,${days[149]},,yes,,`;
  const file = (rows: string[]) => ({ name: 'absences.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });

  await page.goto('/');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Exceptions' });
  await dialog.getByLabel('CSV file').setInputFiles(file(bad));
  await expect(dialog.getByRole('status')).toContainText('197 to create, 0 to update, 0 unchanged, 3 rows have errors');
  const errors = dialog.getByRole('table', { name: 'Rows with errors' }).locator('tbody tr');
  await expect(errors).toHaveText([
    /^11No employee named "Nobody Here"$/,
    /^101Start date "2032-02-31" is not a date/,
    /^151No exception type named "Gardening Leave"$/,
  ]);
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();

  await dialog.getByLabel('CSV file').setInputFiles(file(good));
  await expect(dialog.getByRole('status')).toHaveText('200 to create, 0 to update, 0 unchanged');
  await expect(dialog.getByRole('table', { name: 'Rows to import' }).locator('tbody tr')).toHaveCount(200);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(toasts(page)).toContainText('Imported: 200 created, 0 updated, 0 unchanged.');
  await expect(dialog).toBeHidden();

  const exported = await (await page.request.get('/api/export/exceptions.csv?startDate=2032-01-01&endDate=2032-12-31')).text();
  const lines = exported.trim().split('\r\n');
  expect(lines).toHaveLength(201);
  expect(lines[1]).toMatch(new RegExp(`^\\d+,${names[0]},Annual Leave,2032-01-01,2032-01-01,yes,,Imported 1$`));
});

test('a site feed link copied from Settings parses as a calendar of all-day events', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.admin);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Calendar Feeds' });
  await section.getByRole('button', { name: 'Create Feed' }).click();
  const field = section.getByLabel(/Feed link for Whole site/);
  await expect(field).toHaveValue(/\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  await section.getByRole('button', { name: 'Copy Link' }).click();
  await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await field.inputValue());
  await expect(section.getByRole('table', { name: 'Calendar feeds' })).toContainText('Whole site');

  // A calendar app has no session: a fresh request context without cookies.
  const res = await page.context().request.fetch(url, { headers: { cookie: '' } });
  expect(res.status()).toBe(200);
  const cal = new ICAL.Component(ICAL.parse(await res.text()));
  const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  expect(events.length).toBeGreaterThan(10);
  expect(events.every((e) => e.startDate.isDate && e.endDate.isDate)).toBe(true);
  expect(events.some((e) => / — /.test(e.summary))).toBe(true);
  expect(events.every((e) => /^(exception|holiday)-\d+@hoursight$/.test(e.uid))).toBe(true);
});
