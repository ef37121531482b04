import { axeViolations } from './axe';
import { DEMO, expect, newBusiness, signIn, test, toasts } from './fixtures';
import { apiAs, ensureStaff, freeMondayTuesday, STAFF } from './time-off.helpers';

/*
 * Leave allowances (decision 095) on a business of its own: no holidays, weekends off. One employee works
 * 8 h Monday to Friday from 1 January of this year; the policy gives 200 h a year for a 40 h week, upfront,
 * from this year: a whole year employed at the full week earns 200 × 40/40 × 365/365 = 200.0 h, and with no
 * absence all of it is left.
 */
test.describe('Leave allowance', () => {
  test('an admin sets a policy in Settings and Employee Management shows the hours left', async ({ page }) => {
    test.slow();
    await newBusiness(page, 'Allowance Works', 'allowance');
    const year = new Date().getFullYear();
    const created = await page.request.post('/api/employees', {
      data: {
        name: 'Avery Hale',
        efficiency: 100,
        mondayHours: 8,
        tuesdayHours: 8,
        wednesdayHours: 8,
        thursdayHours: 8,
        fridayHours: 8,
        saturdayHours: 0,
        sundayHours: 0,
        // A start before today is a change of the past, confirmed by the admin (decision 107).
        startDate: `${year}-01-01`,
        confirmPast: true,
      },
    });
    expect(created.status()).toBe(201);

    // Before a policy the column says so.
    await page.goto('/employees');
    const row = page.getByTestId('employee-row').filter({ hasText: 'Avery Hale' });
    await expect(row.getByText('No policy')).toBeVisible();
    // Nor is there an adjustment to make: the page says why, and the server refuses one (decision 116).
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/employees/${id}`);
    const balance = page.getByRole('region', { name: /^Leave balance/ });
    await expect(balance.getByText('Adjustments count against an allowance policy, and this site has none yet')).toBeVisible();
    await expect(balance.getByRole('button', { name: 'Add adjustment' })).toHaveCount(0);
    const refused = await page.request.post(`/api/employees/${id}/balance-adjustments`, {
      data: { date: `${year}-02-01`, hours: 8, reason: 'No policy yet' },
    });
    expect(refused.status()).toBe(409);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Leave Allowance' });
    await expect(section.getByText('No policy yet: no balances are counted on this site.')).toBeVisible();
    await section.getByLabel('Counted in').selectOption('hours');
    await section.getByLabel('Hours a year').fill('200');
    await section.getByLabel('Hours in a full-time week').fill('40');
    await section.getByLabel('Earned').selectOption('upfront');
    await expect(section.getByLabel('First leave year')).toHaveValue(String(year));
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('button', { name: 'Save Allowance Policy' }).click();
    await expect(toasts(page).getByText('Allowance policy saved')).toBeVisible();
    await expect(section.getByText('No policy yet')).toBeHidden();
    // The editor started again from the saved policy; focus stayed on the button that saved.
    await expect(section.getByRole('button', { name: 'Save Allowance Policy' })).toBeFocused();

    // A refused value says why, in the server's words.
    await section.getByLabel('Hours in a full-time week').fill('0');
    await section.getByRole('button', { name: 'Save Allowance Policy' }).click();
    await expect(section.getByRole('alert')).toHaveText('Full-time weekly hours must be above 0');

    await page.goto('/employees');
    await expect(row.getByTestId('remaining-cell')).toHaveText('200.0 h');
    expect(await axeViolations(page)).toEqual([]);
    // The employee dialog carries the start date the allowance counts from.
    await row.getByRole('button', { name: 'Edit Avery Hale' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Employee' });
    await expect(dialog.getByLabel('Start date')).toHaveValue(`${year}-01-01`);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The employee's page: the figures, and an adjustment recorded with its reason moves what is left.
    await page.goto(`/employees/${id}`);
    await expect(balance.getByTestId('balance-figures')).toContainText('Left200.0 h');
    await balance.getByLabel('Hours (+/−)').fill('8');
    await balance.getByLabel('Reason').fill('Long service day');
    await balance.getByRole('button', { name: 'Add adjustment' }).click();
    await expect(balance.getByRole('list', { name: 'Adjustments' })).toContainText('+8.0 h');
    await expect(balance.getByRole('list', { name: 'Adjustments' })).toContainText('Long service day');
    await expect(balance.getByTestId('balance-figures')).toContainText('Left208.0 h');
    expect(await axeViolations(page)).toEqual([]);

    // Without a reload, a contract change moves the hours left: from 1 July, Mondays of 4 h (a 36 h week).
    // Upfront and pro rata by the weekly hours of each day's contract:
    // 200 × (days to 30 June × 40 + days from 1 July × 36) ÷ (days in the year × 40), plus the 8 h adjustment.
    await page.getByRole('navigation').getByRole('link', { name: 'Employee Management' }).first().click();
    await expect(row.getByTestId('remaining-cell')).toHaveText('208.0 h');
    const dayMs = 86_400_000;
    const firstHalf = (Date.UTC(year, 6, 1) - Date.UTC(year, 0, 1)) / dayMs;
    const yearDays = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / dayMs;
    const expected = (200 * (firstHalf * 40 + (yearDays - firstHalf) * 36)) / (yearDays * 40) + 8;
    await page.getByRole('button', { name: 'Contract history of Avery Hale' }).click();
    const history = page.getByRole('dialog', { name: 'Contract history: Avery Hale' });
    await history.getByRole('button', { name: 'Add version' }).click();
    const form = history.getByRole('form', { name: 'New version' });
    await form.getByLabel('Valid from').fill(`${year}-07-01`);
    await form.getByLabel('Monday').fill('4');
    await form.getByRole('button', { name: 'Add version' }).click();
    const past = page.getByRole('alertdialog', { name: 'Change past hours?' });
    // Only asked while 1 July is behind us.
    await Promise.race([past.waitFor(), history.getByTestId('contract-version').nth(1).waitFor()]);
    if (await past.isVisible()) await past.getByRole('button', { name: 'Confirm' }).click();
    await expect(history.getByTestId('contract-version')).toHaveCount(2);
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(row.getByTestId('remaining-cell')).toHaveText(`${expected.toFixed(1)} h`);
  });

  test('the Leave Balances report previews each employee with what is left', async ({ page }) => {
    test.slow();
    await newBusiness(page, 'Balances Report Works', 'balrep');
    const year = new Date().getFullYear();
    const week = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 };
    const created = await page.request.post('/api/employees', {
      data: { name: 'Rowan Vale', efficiency: 100, ...week, startDate: `${year}-01-01`, confirmPast: true },
    });
    expect(created.status()).toBe(201);
    const policy = {
      unit: 'hours',
      entitlementHours: 200,
      fullTimeWeeklyHours: 40,
      entitlementDays: 0,
      fullWeekDays: 5,
      yearStartMonth: 1,
      accrual: 'upfront',
      carryOverCapHours: 0,
      carryOverExpiry: null,
      firstLeaveYear: year,
    };
    expect((await page.request.put('/api/allowance-policy', { data: policy })).status()).toBe(200);

    await page.goto('/reports');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Report' });
    await dialog.getByRole('radio', { name: 'Leave Balances Report' }).check();
    expect(await axeViolations(page, 'iframe')).toEqual([]);
    await dialog.getByRole('button', { name: 'Preview Report' }).click();
    const frame = dialog.frameLocator('iframe[title="Report preview"]');
    await expect(frame.getByRole('heading', { name: 'Leave Balances Report' })).toBeVisible();
    // Entitlement, accrued, carried over, expired, taken, booked, pending, adjustments, remaining.
    await expect(frame.getByRole('row').filter({ hasText: 'Rowan Vale' })).toHaveText('Rowan Vale200.0200.00.00.00.00.00.00.0200.0');
  });

  test('the request dialog says what is left after the request', async ({ page, playwright, server }) => {
    test.slow();
    const admin = await apiAs(playwright, server.url, DEMO.admin);
    const saved = (await (await admin.get('/api/allowance-policy')).json()).policy;
    try {
      // A leave year starting this month, so a request a few weeks ahead falls in the year the balance shows.
      const now = new Date();
      const policy = { ...saved, yearStartMonth: now.getMonth() + 1, firstLeaveYear: now.getFullYear() };
      expect((await admin.put('/api/allowance-policy', { data: policy })).status()).toBe(200);
      const { employee } = await ensureStaff(admin);
      const [monday, tuesday] = await freeMondayTuesday(admin, 2);

      await signIn(page, STAFF);
      const mine = (await (await page.request.get('/api/balances')).json()).rows as Array<{ remaining: number; pending: number }>;
      expect(mine).toHaveLength(1);
      await page.goto('/time-off');
      await page.getByRole('button', { name: 'Request time off' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request time off' });
      await dialog.getByLabel('Type of time off').selectOption({ label: 'Annual Leave' });
      await dialog.getByLabel('First day').fill(monday);
      await dialog.getByLabel('Last day').fill(tuesday);
      const takes = employee.mondayHours + employee.tuesdayHours;
      await expect(dialog.getByTestId('request-takes')).toHaveText(`This takes ${takes} working hours.`);
      const left = (Math.round((mine[0].remaining - takes) * 10) / 10).toFixed(1);
      await expect(dialog.getByTestId('balance-after')).toContainText(`After this request: ${left} h left this leave year`);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await admin.put('/api/allowance-policy', { data: saved });
      await admin.dispose();
    }
  });
});
