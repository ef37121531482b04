import { axeViolations } from './axe';
import { expect, newBusiness, signIn, test, toasts } from './fixtures';

/*
 * "After this request" is the balance once the request is approved (decision 112), on a business of its own: no
 * holidays, weekends off. Avery works 8 h Monday to Friday (40 h) from 1 January of this year. The policy gives
 * 200 h a year for a 40 h week, upfront, in a leave year starting on the 1st of this month: she is employed the
 * whole leave year at the full week, so 200 × 40/40 = 200.0 h.
 *
 * A manager has already entered Annual Leave on a Monday (8 h): 192.0 h left. Avery then asks for that Monday and
 * the Tuesday after. Her request covers 16 working hours, but Monday's 8 are taken already, so the allowance
 * loses 8: 184.0 h left, in the dialog, on the approver's card, and in the balance once it is approved.
 * (The browser used to subtract all 16 and said 176.0 h.)
 */

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The Monday two weeks after the next one, and its Tuesday: inside the leave year that starts this month. */
function mondayAhead(): [string, string] {
  const d = new Date();
  d.setDate(d.getDate() + ((8 - d.getDay()) % 7 || 7) + 14);
  const tuesday = new Date(d);
  tuesday.setDate(d.getDate() + 1);
  return [ymd(d), ymd(tuesday)];
}

test('the request dialog says the balance the approval leaves when a manager absence is already on a day', async ({ page }) => {
  test.slow();
  const owner = await newBusiness(page, 'Preview Works', 'preview');
  const now = new Date();
  const year = now.getFullYear();
  const week = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 };
  const created = await page.request.post('/api/employees', {
    data: { name: 'Avery Hale', efficiency: 100, ...week, startDate: `${year}-01-01`, confirmPast: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const employeeId = ((await created.json()) as { id: number }).id;
  const staff = { email: `avery-${Date.now().toString(36)}@e2e.test`, password: 'Preview-staff-pass-73' };
  const user = await page.request.post('/api/auth/create-user', { data: { ...staff, isStaff: true, employeeId } });
  expect(user.status(), await user.text()).toBe(201);
  const policy = {
    unit: 'hours',
    entitlementHours: 200,
    fullTimeWeeklyHours: 40,
    entitlementDays: 0,
    fullWeekDays: 5,
    yearStartMonth: now.getMonth() + 1,
    accrual: 'upfront',
    carryOverCapHours: 0,
    carryOverExpiry: null,
    firstLeaveYear: year,
    refuseBelowZero: false,
  };
  expect((await page.request.put('/api/allowance-policy', { data: policy })).status()).toBe(200);

  // The manager's absence on the Monday.
  const [monday, tuesday] = mondayAhead();
  const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as Array<{ id: number; name: string }>;
  const annual = reasons.find((r) => r.name === 'Annual Leave')!.id;
  const absence = await page.request.post('/api/exceptions', {
    data: { employeeId, reasonId: annual, startDate: monday, endDate: monday, isFullDay: true, hours: null, notes: null },
  });
  expect(absence.status(), await absence.text()).toBe(201);
  const remaining = async () =>
    (await (await page.request.get(`/api/balances?employeeId=${employeeId}`)).json()).rows[0].remaining as number;
  expect(await remaining()).toBe(192);

  // Avery asks for Monday and Tuesday.
  await page.context().clearCookies();
  await signIn(page, staff.email, staff.password);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/time-off');
  await page.getByRole('button', { name: 'Request time off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request time off' });
  await dialog.getByLabel('Type of time off').selectOption({ label: 'Annual Leave' });
  await dialog.getByLabel('First day').fill(monday);
  await dialog.getByLabel('Last day').fill(tuesday);
  await expect(dialog.getByTestId('request-takes')).toHaveText('This takes 16.0 working hours.');
  await expect(dialog.getByTestId('balance-after')).toHaveText(
    'After this request: 184.0 h left this leave year. Of its 16.0 working hours, 8.0 h come off the allowance: absences already on those days take the rest.',
  );
  expect(await axeViolations(page)).toEqual([]);
  if (process.env.BALANCE_PREVIEW_SHOT) await page.screenshot({ path: process.env.BALANCE_PREVIEW_SHOT });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();

  // The approver's card says the same, and approving leaves exactly that.
  await page.context().clearCookies();
  await signIn(page, owner.email, owner.password);
  await page.goto('/requests');
  const card = page.getByRole('listitem').filter({ hasText: 'Avery Hale' });
  await expect(card.getByTestId('balance-after')).toContainText('After this request: 184.0 h left this leave year.');
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(toasts(page).getByText('Request approved')).toBeVisible();
  expect(await remaining()).toBe(184);
  await page.goto('/employees');
  await expect(page.getByTestId('employee-row').filter({ hasText: 'Avery Hale' }).getByTestId('remaining-cell')).toHaveText('184.0 h');
});
