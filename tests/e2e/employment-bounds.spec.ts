import type { Page } from '@playwright/test';
import { addMonths, format, parseISO, startOfMonth, subDays } from 'date-fns';
import { axeViolations } from './axe';
import { expect, newBusiness, test } from './fixtures';

/*
 * Employment bounds the contract (decision 107), on a business of its own (no demo staff, no holidays, weekends
 * off). Ann works 8 h Monday to Friday from the 1st of this month. Someone added through the dialog counts from
 * their start date only; a start before today is confirmed with the server's count of the days it changes.
 */
const ymd = (d: Date) => format(d, 'yyyy-MM-dd');
/** "7 Dec 2026": the label the screens give a contract's start. */
const label = (date: string) => format(parseISO(date), 'd MMM yyyy');
const isWeekday = (date: string) => ![0, 6].includes(parseISO(date).getDay());

/** Each visible day's hours in the month view, keyed by date. */
async function monthHours(page: Page, month: string): Promise<Record<string, number>> {
  await page.goto(`/?view=month&date=${month}`);
  await expect(page.getByText('Loading calendar data...')).toBeHidden();
  await expect(page.locator('[data-testid="day-hours"]').first()).toBeVisible();
  const cells = await page
    .locator('[role="gridcell"]')
    .evaluateAll((all) =>
      all.map((c) => [(c as HTMLElement).dataset.date!, c.querySelector('[data-testid="day-hours"]')?.textContent ?? '']),
    );
  return Object.fromEntries(cells.map(([date, text]) => [date, Number.parseFloat(text)]));
}

async function setUp(page: Page, prefix: string) {
  await newBusiness(page, 'Bounds Ltd', prefix);
  const week = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 };
  const first = ymd(startOfMonth(new Date()));
  const res = await page.request.post('/api/employees', {
    data: { name: 'Ann Bound', efficiency: 100, ...week, startDate: first, confirmPast: true },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function openAddDialog(page: Page, name: string, startDate: string) {
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Employee' });
  await expect(dialog.getByLabel('Start date')).toHaveValue(ymd(new Date()));
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Start date').fill(startDate);
  return dialog;
}

test('an employee starting next month changes no earlier day in the calendar', async ({ page }) => {
  test.slow();
  await setUp(page, 'bounds-next');
  const start = ymd(startOfMonth(addMonths(new Date(), 1)));
  const months = [ymd(new Date()), start];
  const before = [await monthHours(page, months[0]), await monthHours(page, months[1])];

  const dialog = await openAddDialog(page, 'Nia Later', start);
  await expect(dialog.getByText('Their first contract starts on this day: no hours or leave count before it.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText('Employee created', { exact: true })).toBeVisible();

  for (const [i, month] of months.entries()) {
    const after = await monthHours(page, month);
    for (const [date, hours] of Object.entries(before[i])) {
      // Nia adds the dialog's default 7.6 h on weekdays from her start, and nothing before it.
      const added = date >= start && isWeekday(date) ? 7.6 : 0;
      expect([date, after[date]]).toEqual([date, Math.round((hours + added) * 10) / 10]);
    }
  }
});

test('a start date before today is confirmed with the days it changes, and so is deleting that employee', async ({ page }) => {
  test.slow();
  await setUp(page, 'bounds-past');
  const weekAgo = ymd(subDays(new Date(), 7));

  const dialog = await openAddDialog(page, 'Pat Earlier', weekAgo);
  await expect(dialog.getByText('This changes hours before today: you will be asked to confirm.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Employee' }).click();
  // The seven days from a week ago to yesterday hold five weekdays, each gaining Pat's 7.6 h.
  const confirm = page.getByRole('alertdialog', { name: 'Change past hours?' });
  await expect(confirm).toHaveText(/This changes the hours of 5 past days, 0 of them authorised\. Confirm to go on\./);
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Employee created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Contract history of Pat Earlier' }).click();
  const history = page.getByRole('dialog', { name: 'Contract history: Pat Earlier' });
  await expect(history.getByTestId('contract-version')).toHaveCount(1);
  await expect(history.getByTestId('contract-version').first()).toContainText(`${label(weekAgo)} onwards`);
  await history.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Delete Pat Earlier' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Employee' }).getByRole('button', { name: 'Delete' }).click();
  const past = page.getByRole('alertdialog', { name: 'Change past hours?' });
  await expect(past).toContainText('This changes the hours of 5 past days, 0 of them authorised.');
  await past.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Employee deleted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('employee-row').filter({ hasText: 'Pat Earlier' })).toHaveCount(0);
});
