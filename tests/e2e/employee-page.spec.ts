import { DEMO, expect, signIn, test } from './fixtures';

/** Monday 9 to Wednesday 11 March 2026, booked here so the expectations do not move with the demo's dates. */
const SPAN = { startDate: '2026-03-09', endDate: '2026-03-11' };

test.describe('Employee page', () => {
  let made: number | null = null;
  test.afterEach(async ({ page }) => {
    if (made !== null) await page.request.delete(`/api/exceptions/${made}`);
    made = null;
  });

  test('opens from the Employees table and shows one year', async ({ page }) => {
    await signIn(page, DEMO.admin);
    const staff = (await (await page.request.get('/api/employees')).json()) as Array<{ id: number; name: string; mondayHours: number }>;
    const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as Array<{ id: number; name: string }>;
    const ben = staff.find((e) => e.name === 'Ben Brown')!;
    const leave = reasons.find((r) => r.name === 'Annual Leave')!;
    const res = await page.request.post('/api/exceptions', {
      data: { employeeId: ben.id, reasonId: leave.id, ...SPAN, isFullDay: true, notes: 'Ski trip' },
    });
    expect(res.ok()).toBeTruthy();
    made = ((await res.json()) as { id: number }).id;

    await page.goto('/employees');
    await page.getByRole('link', { name: 'Ben Brown', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/employees/${ben.id}$`));
    await page.getByRole('button', { name: /^Previous year/ }).click();
    await page.getByRole('button', { name: /^Next year/ }).click();
    await expect(page).toHaveURL(new RegExp(`/employees/${ben.id}\\?year=2026$`));

    await expect(page.getByRole('heading', { name: 'Ben Brown' })).toBeVisible();
    await expect(page.locator('td[data-day="2026-03-10"]')).toHaveAttribute('title', 'Tue 10 Mar 2026: Annual Leave');
    const row = page.getByTestId('person-exceptions').getByRole('row').filter({ hasText: 'Ski trip' });
    await expect(row).toContainText('Mon 9 – Wed 11 Mar 2026');
    await expect(row).toContainText('Full day');
    // Ben's demo contract: 7.6 hours Monday to Friday, so three days are 22.8 hours.
    await expect(page.getByTestId('person-totals').getByRole('row', { name: /Annual Leave/ })).toContainText('22.8 h');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

    await page.getByRole('button', { name: /^Previous year/ }).click();
    await expect(page).toHaveURL(/\?year=2025$/);
    await expect(page.getByRole('heading', { name: 'Absences in 2025' })).toBeVisible();
    await expect(page.getByTestId('person-exceptions').getByText('Ski trip')).toHaveCount(0);
  });
});
