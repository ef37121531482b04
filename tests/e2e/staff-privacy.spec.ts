import { DEMO, expect, signIn, test } from './fixtures';
import { apiAs, ensureStaff, freeMondayTuesday } from './time-off.helpers';

/*
 * Colleagues' privacy (decision 106) on a phone: the Staff user sees a colleague's sick day and part-day training
 * as "Away", never the type, the notes or the hours, and the day's available hours are still the site's.
 */
test.use({ viewport: { width: 390, height: 844 } });

const SICK_NOTE = 'E2E private: surgery follow-up letter';
const TRAINING_NOTE = 'E2E private: exam resit';

test('a colleague’s sickness reads "Away" without its note, and the site’s hours still show', async ({ page, playwright, baseURL }) => {
  const admin = await apiAs(playwright, baseURL!, DEMO.admin);
  const { employee: own } = await ensureStaff(admin);
  const [monday] = await freeMondayTuesday(admin, 6);
  const employees = (await (await admin.get('/api/employees')).json()) as Array<{ id: number; name: string; mondayHours: number }>;
  const [sickOne, trainee] = employees.filter((e) => e.id !== own.id && e.mondayHours > 0);
  const reasons = (await (await admin.get('/api/exception-reasons')).json()) as Array<{ id: number; name: string }>;
  const reason = (name: string) => reasons.find((r) => r.name === name)!.id;
  for (const data of [
    { employeeId: sickOne.id, reasonId: reason('Sick Leave'), isFullDay: true, hours: null, notes: SICK_NOTE },
    { employeeId: trainee.id, reasonId: reason('Training'), isFullDay: false, hours: 2.5, notes: TRAINING_NOTE },
  ]) {
    const made = await admin.post('/api/exceptions', { data: { ...data, startDate: monday, endDate: monday } });
    expect(made.status(), await made.text()).toBe(201);
  }
  // The site's figure, as a manager's calendar shows it: the day ledger's hours of that Monday.
  const [change] = (await (await admin.get(`/api/day-changes?startDate=${monday}&endDate=${monday}`)).json()) as Array<{
    currentHours: number;
  }>;

  // Every reply the Staff calendar reads is scanned, not only what it draws.
  const replies: string[] = [];
  page.on('response', async (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) replies.push(await r.text().catch(() => ''));
  });
  await signIn(page, DEMO.staff);
  await page.goto(`/?view=day&date=${monday}`);
  const day = page.getByTestId('day-view');
  await expect(day.getByTestId('day-hours')).toHaveText(`${change.currentHours.toFixed(1)}h available`);
  await expect(day.getByRole('button', { name: new RegExp(`^${sickOne.name} – Away`) })).toBeVisible();
  await expect(day.getByRole('button', { name: new RegExp(`^${trainee.name} – Away`) })).toBeVisible();
  await expect(page.getByText(`${trainee.name} — Away (part day)`)).toBeVisible();
  await expect(day).not.toContainText('Sick Leave');
  await expect(day).not.toContainText('Training');
  await expect(page.locator('body')).not.toContainText(SICK_NOTE);

  // The month's phone list under the grid says the same in words.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await page.locator(`[role="gridcell"][data-date="${monday}"]`).click();
  await expect(page.getByText(`${sickOne.name} — Away · full day`)).toBeVisible();
  await expect(page.getByText(`${trainee.name} — Away · part day`)).toBeVisible();

  expect(replies.length).toBeGreaterThan(0);
  expect(replies.filter((text) => text.includes(SICK_NOTE) || text.includes(TRAINING_NOTE))).toEqual([]);
  await admin.dispose();
});
