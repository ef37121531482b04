import type { APIRequestContext } from '@playwright/test';
import { axeViolations, WCAG_22_AA } from './axe';
import { DEMO, expect, test } from './fixtures';
import { apiAs, dayLabel, ensureStaff, freeMondayTuesday, linkIn, mailTo, rangeLabel, STAFF, subjectRange } from './time-off.helpers';

/**
 * Time off on a phone and at the approver's desk (decision 093): a Staff member asks in at most three screens,
 * the admin sees the impact and approves (also from the e-mail's link), declines with a comment, and the
 * requester cancels. Expected hours are the employee's contract hours read from the API and added by hand.
 */

let admin: APIRequestContext;
let staff: { employee: { id: number; name: string; mondayHours: number; tuesdayHours: number } };

test.beforeAll(async ({ playwright, server }) => {
  admin = await apiAs(playwright, server.url, DEMO.admin);
  staff = await ensureStaff(admin);
});
test.afterAll(async () => {
  await admin.dispose();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a Staff member on a phone reads the days left before anything else (decision 113)', async ({ page, playwright, server }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(STAFF);
    await page.getByLabel('Password').fill('hoursight-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/time-off$/);

    // The figures are the server's balance; the page writes them in the policy's unit, days (the demo's) first.
    const own = await apiAs(playwright, server.url, STAFF);
    const balances = (await (await own.get('/api/balances')).json()) as {
      unit: string;
      rows: Array<{ remaining: number; days: { remaining: number } | null }>;
    };
    await own.dispose();
    expect(balances.unit).toBe('days');
    const [row] = balances.rows;
    const days = row.days!.remaining;
    const daysText = `${Number.isInteger(days) ? days : days.toFixed(1)} ${days === 1 ? 'day' : 'days'} left`;
    const balance = page.getByTestId('time-off-balance');
    await expect(balance.getByText(daysText, { exact: true })).toBeVisible();
    await expect(balance.getByText(`${row.remaining.toFixed(1)} h`, { exact: true })).toBeVisible();
    await expect(balance).toContainText('Booked');
    await expect(balance).toContainText('Waiting for approval');

    // First on the page after its title, inside the first screen, before the button and the requests.
    const headline = (await balance.getByText(daysText, { exact: true }).boundingBox())!;
    const title = (await page.getByRole('heading', { name: 'My time off', level: 1 }).boundingBox())!;
    const ask = (await page.getByRole('button', { name: 'Request time off' }).boundingBox())!;
    const requests = (await page.getByRole('heading', { name: 'My requests', level: 2 }).boundingBox())!;
    expect(headline.y).toBeGreaterThan(title.y);
    expect(headline.y + headline.height).toBeLessThan(Math.min(ask.y, requests.y));
    expect(headline.y + headline.height).toBeLessThanOrEqual(740);
    await expect(page.getByRole('heading', { name: 'Next time off', level: 2 })).toBeVisible();

    // The approvers' page is not Staff's: they land back here.
    await page.goto('/requests');
    await expect(page).toHaveURL(/\/time-off$/);
    await expect(page.getByRole('heading', { name: 'My time off', level: 1 })).toBeVisible();
  });

  test('a Staff member sends a two-day request in three screens, and the admin approves it from the e-mail', async ({ page, server }) => {
    test.slow();
    const [monday, tuesday] = await freeMondayTuesday(admin, 3);
    const screens: string[] = [];

    await page.goto('/login');
    screens.push('sign-in');
    await page.getByLabel('Email').fill(STAFF);
    await page.getByLabel('Password').fill('hoursight-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'My time off', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/time-off$/);
    screens.push('my time off');
    await page.getByRole('button', { name: 'Request time off' }).click();

    const dialog = page.getByRole('dialog', { name: 'Request time off' });
    await expect(dialog).toBeVisible();
    screens.push('request dialog');
    // The dialog opens on its first field.
    await expect(dialog.getByLabel('Type of time off')).toBeFocused();
    await dialog.getByLabel('Type of time off').selectOption({ label: 'Annual Leave' });
    await dialog.getByLabel('First day').fill(monday);
    await dialog.getByLabel('Last day').fill(tuesday);
    await dialog.getByLabel('Note (optional)').fill('Family visit');
    const takes = staff.employee.mondayHours + staff.employee.tuesdayHours;
    await expect(dialog.getByTestId('request-takes')).toHaveText(`This takes ${takes.toFixed(1)} working hours.`);
    await dialog.getByRole('button', { name: 'Send request' }).click();

    await expect(dialog).toBeHidden();
    const sent = page.getByRole('status').filter({ hasText: 'Request sent' });
    await expect(sent).toContainText(rangeLabel(monday, tuesday));
    const card = page.getByRole('listitem').filter({ hasText: rangeLabel(monday, tuesday) });
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card).toContainText(`Full days, ${takes.toFixed(1)} hours in all`);
    expect(screens, 'signed in to a sent request').toHaveLength(3);

    // The admin's mail: its Approve link opens a page that decides once.
    // The dates too: earlier specs of this run may have mailed requests of the same employee.
    const mail = await mailTo(server.mail, DEMO.admin, `${staff.employee.name} asks for ${subjectRange(monday, tuesday)}`);
    await page.context().clearCookies();
    await page.goto(linkIn(mail.text, 'Approve'));
    await page.getByRole('button', { name: /Approve/ }).click();
    await expect(page.getByText(/approved/i).first()).toBeVisible();

    // The requester hears of it, and sees it approved.
    await mailTo(server.mail, STAFF, `Your time off ${subjectRange(monday, tuesday)}`);
    await page.request.post('/api/auth/login', { data: { email: STAFF, password: 'hoursight-demo' } });
    await page.goto('/time-off');
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Approved by /)).toBeVisible();

    // The calendar shows the absence as an exception, no longer pending.
    await page.goto(`/?view=day&date=${monday}`);
    await expect(page.getByRole('button', { name: `${staff.employee.name} – Annual Leave`, exact: true })).toBeVisible();
  });
});

test('the admin sees a request’s impact, declines it with a comment, and the requester is told', async ({ page, playwright, server }) => {
  test.slow();
  const [monday, tuesday] = await freeMondayTuesday(admin, 6);
  const asStaff = await apiAs(playwright, server.url, STAFF);
  const made = await asStaff.post('/api/leave-requests', { data: { reasonId: 1, startDate: monday, endDate: tuesday } });
  expect(made.status(), await made.text()).toBe(201);
  await asStaff.dispose();

  await page.request.post('/api/auth/login', { data: { email: DEMO.admin, password: 'hoursight-demo' } });
  await page.goto('/requests');
  const card = page
    .getByRole('listitem')
    .filter({ hasText: `${staff.employee.name}: Annual Leave` })
    .filter({ hasText: rangeLabel(monday, tuesday) });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  // The impact: each day's available hours now and if approved, the employee's day less.
  const impact = card.getByRole('table', { name: 'Available hours on each day of the request' });
  await expect(impact.getByRole('row')).toHaveCount(3);
  await expect(impact.getByRole('rowheader', { name: dayLabel(monday) })).toBeVisible();

  await card.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline request' });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog.getByText('A comment is required when declining')).toBeVisible();
  await dialog.getByLabel(/^Comment for/).fill('We are short that week, sorry.');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Request declined')).toBeVisible();

  const declined = await mailTo(server.mail, STAFF, `Your time off ${subjectRange(monday, tuesday)}`);
  expect(declined.subject).toMatch(/ \(2 days\) was declined$/);
  expect(declined.text).toContain('We are short that week, sorry.');

  await page.getByLabel('Status').selectOption('Declined');
  await expect(card.getByText('Declined', { exact: true })).toBeVisible();
  await expect(card.getByText('“We are short that week, sorry.”')).toBeVisible();
});

test('pending requests show on the calendar, hatched and named, and count only when asked', async ({ page, playwright, server }) => {
  const [monday] = await freeMondayTuesday(admin, 9);
  const asStaff = await apiAs(playwright, server.url, STAFF);
  const made = await asStaff.post('/api/leave-requests', { data: { reasonId: 1, startDate: monday, endDate: monday } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  await asStaff.dispose();
  // The server's own answer for the day, from the same engine: now, and if this request were approved.
  const impact = (await (await admin.get(`/api/leave-requests/${id}/impact`)).json()) as {
    days: Array<{ availableNow: number; availableIfApproved: number }>;
  };
  const [{ availableNow, availableIfApproved }] = impact.days;
  expect(availableIfApproved).toBeLessThan(availableNow);

  await page.request.post('/api/auth/login', { data: { email: DEMO.admin, password: 'hoursight-demo' } });
  await page.goto(`/?view=day&date=${monday}`);
  const pill = page.getByRole('button', { name: `Pending: ${staff.employee.name} – Annual Leave` });
  await expect(pill).toBeVisible();
  const hours = page.getByTestId('day-hours');
  // Not counted: the day's hours are as they stand.
  await expect(hours).toHaveText(`${availableNow.toFixed(1)}h available`);
  await page.getByLabel(/^Show pending as approved/).check();
  await expect(hours).toHaveText(`${availableIfApproved.toFixed(1)}h available`);
  await page.getByLabel(/^Show pending as approved/).uncheck();
  await expect(hours).toHaveText(`${availableNow.toFixed(1)}h available`);

  // The wallchart draws it as a hatched bar named "Pending"; it is not moved there, and a click opens its day.
  await page.goto(`/?view=wallchart&date=${monday}&q=${encodeURIComponent(staff.employee.name)}`);
  const row = page.locator(`[data-employee="${staff.employee.name}"]`);
  const bar = row.locator('[data-pending]');
  await expect(bar).toHaveText('Pending: Annual Leave');
  await expect(bar).not.toHaveAttribute('data-editable', /.*/);
  await bar.click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${monday}`));
});

test('a Staff member cancels a pending request after confirming', async ({ page, playwright, server }) => {
  const [monday] = await freeMondayTuesday(admin, 12);
  const asStaff = await apiAs(playwright, server.url, STAFF);
  const made = await asStaff.post('/api/leave-requests', { data: { reasonId: 1, startDate: monday, endDate: monday } });
  expect(made.status(), await made.text()).toBe(201);
  await asStaff.dispose();

  await page.request.post('/api/auth/login', { data: { email: STAFF, password: 'hoursight-demo' } });
  await page.goto('/time-off');
  const card = page.getByRole('listitem').filter({ hasText: dayLabel(monday) });
  await card.getByRole('button', { name: /^Cancel request/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this request?' });
  await confirm.getByRole('button', { name: 'Cancel request' }).click();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Cancel request/ })).toHaveCount(0);
});

test('a request the server refuses says why inside the dialog', async ({ page, playwright, server }) => {
  // A request of its own to overlap, so this test stands alone in any order.
  const [monday] = await freeMondayTuesday(admin, 15);
  const asStaff = await apiAs(playwright, server.url, STAFF);
  const made = await asStaff.post('/api/leave-requests', { data: { reasonId: 1, startDate: monday, endDate: monday } });
  expect(made.status(), await made.text()).toBe(201);
  try {
    await page.request.post('/api/auth/login', { data: { email: STAFF, password: 'hoursight-demo' } });
    await page.goto('/time-off');
    await page.getByRole('button', { name: 'Request time off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request time off' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Please select a reason')).toBeVisible();
    // Overlapping that request is refused by the server, in its own words.
    await dialog.getByLabel('Type of time off').selectOption({ label: 'Annual Leave' });
    await dialog.getByLabel('First day').fill(monday);
    await dialog.getByLabel('Last day').fill(monday);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: /overlaps these dates/ })).toBeVisible();
  } finally {
    await asStaff.post(`/api/leave-requests/${(await made.json()).id}/cancel`, { data: {} });
    await asStaff.dispose();
  }
});

test('the admin approves one request, then two together', async ({ page, playwright, server }) => {
  const asStaff = await apiAs(playwright, server.url, STAFF);
  const days: string[] = [];
  for (const weeks of [18, 20, 22]) {
    const [monday] = await freeMondayTuesday(admin, weeks);
    const made = await asStaff.post('/api/leave-requests', { data: { reasonId: 1, startDate: monday, endDate: monday } });
    expect(made.status(), await made.text()).toBe(201);
    days.push(monday);
  }
  await asStaff.dispose();

  await page.request.post('/api/auth/login', { data: { email: DEMO.admin, password: 'hoursight-demo' } });
  await page.goto('/requests');
  const card = (date: string) =>
    page
      .getByRole('listitem')
      .filter({ hasText: `${staff.employee.name}: Annual Leave` })
      .filter({ hasText: dayLabel(date) });
  await card(days[0]).getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Request approved')).toBeVisible();
  // Approved, it leaves the pending list.
  await expect(card(days[0])).toHaveCount(0);

  for (const date of days.slice(1)) await card(date).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve selected (2)' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 approved.' })).toBeVisible();
  await page.getByLabel('Status').selectOption('Approved');
  for (const date of days) await expect(card(date).getByText('Approved', { exact: true })).toBeVisible();
});

test('the admin approves with a comment, as on the mailed page, and the requester reads it', async ({ page, playwright, server }) => {
  const [monday] = await freeMondayTuesday(admin, 28);
  const asStaff = await apiAs(playwright, server.url, STAFF);
  const made = await asStaff.post('/api/leave-requests', { data: { reasonId: 1, startDate: monday, endDate: monday } });
  expect(made.status(), await made.text()).toBe(201);
  await asStaff.dispose();

  await page.request.post('/api/auth/login', { data: { email: DEMO.admin, password: 'hoursight-demo' } });
  await page.goto('/requests');
  const card = page
    .getByRole('listitem')
    .filter({ hasText: `${staff.employee.name}: Annual Leave` })
    .filter({ hasText: rangeLabel(monday, monday) });
  // The heading names the request with its dates, and each deciding button is described by it.
  await expect(card.getByRole('heading', { level: 2 })).toHaveAccessibleName(
    `${staff.employee.name}: Annual Leave (${rangeLabel(monday, monday)})`,
  );
  await expect(card.getByRole('button', { name: 'Approve', exact: true })).toHaveAccessibleDescription(
    `${staff.employee.name}: Annual Leave (${rangeLabel(monday, monday)})`,
  );

  await card.getByRole('button', { name: 'Approve with comment...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve request' });
  expect(await axeViolations(page, undefined, WCAG_22_AA)).toEqual([]);
  await dialog.getByLabel(/^Comment for/).fill('Enjoy the day off.');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Request approved')).toBeVisible();

  const approved = await mailTo(server.mail, STAFF, `Your time off ${subjectRange(monday, monday)}`);
  expect(approved.subject).toMatch(/ was approved$/);
  expect(approved.text).toContain('Enjoy the day off.');
  await page.getByLabel('Status').selectOption('Approved');
  await expect(card.getByText('“Enjoy the day off.”')).toBeVisible();
});
