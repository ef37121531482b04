import type { Page } from '@playwright/test';
import { addDays, format, nextMonday, parseISO, subDays } from 'date-fns';
import type { TReason } from '../../src/shared/contracts/calendar';
import type { TEmployee } from '../../src/shared/contracts/employees';
import { axeViolations } from './axe';
import { expect, newBusiness, test } from './fixtures';

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');
/** "7 Dec 2026": the label the screens give a contract's start. */
const label = (date: string) => format(parseISO(date), 'd MMM yyyy');
const rowOf = (page: Page, name: string) => page.getByTestId('employee-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Hired today, or from `startDate`: a past start is a change of the past, confirmed here (decision 107). */
async function hire(page: Page, name: string, efficiency: number, weekday: number, startDate?: string) {
  const res = await page.request.post('/api/employees', {
    data: {
      ...(startDate ? { startDate, confirmPast: true } : {}),
      name,
      efficiency,
      mondayHours: weekday,
      tuesdayHours: weekday,
      wednesdayHours: weekday,
      thursdayHours: weekday,
      fridayHours: weekday,
      saturdayHours: 0,
      sundayHours: 0,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as TEmployee).id;
}

test('contract versions by date, and a day explained line by line', async ({ page }) => {
  test.slow();
  await newBusiness(page, 'Contracts Ltd', 'contracts');
  const ada = await hire(page, 'Ada Contract', 100, 8);
  const ben = await hire(page, 'Ben Contract', 50, 6);
  await hire(page, 'Cy Contract', 100, 4, ymd(subDays(new Date(), 14)));

  // Ada and Ben start today: their first contract version starts with them (decision 107).
  const today = label(ymd(new Date()));
  const from = ymd(nextMonday(new Date()));
  const dayBefore = ymd(subDays(parseISO(from), 1));

  // Ada from next Monday: 6 on Mondays instead of 8.
  await page.goto('/employees');
  await expect(rowOf(page, 'Ada Contract').getByTestId('contract-cell')).toHaveText(`Since ${today}`);
  await page.getByRole('button', { name: 'Contract history of Ada Contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contract history: Ada Contract' });
  const versions = dialog.getByTestId('contract-version');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText(`${today} onwards`);
  await expect(versions.first()).toContainText('In force');

  await dialog.getByRole('button', { name: 'Add version' }).click();
  const form = dialog.getByRole('form', { name: 'New version' });
  await form.getByRole('button', { name: 'Add version' }).click();
  await expect(form.getByText('Start date is required')).toBeVisible();
  await form.getByLabel('Valid from').fill(from);
  await form.getByLabel('Monday').fill('6');
  await form.getByRole('button', { name: 'Add version' }).click();

  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toHaveText(new RegExp(`^${today} – ${label(dayBefore)}In force`));
  await expect(versions.nth(1)).toContainText(`${label(from)} onwards`);
  await expect(versions.nth(1)).not.toContainText('In force');
  await expect(versions.nth(1).locator('dd').first()).toHaveText('6.0');
  expect(await axeViolations(page)).toEqual([]);
  // Closed by its button: Escape would first dismiss the success toast.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The table still shows today's version: 8 on Mondays.
  const adaRow = rowOf(page, 'Ada Contract');
  await expect(adaRow.getByTestId('contract-cell')).toHaveText(`Since ${today}`);
  await expect(adaRow.locator('[data-day="monday"]')).toHaveText('Monday 8.0');

  // A version from a week ago changes past days of Cy, employed since a fortnight ago: the server asks first,
  // quoting how many.
  await page.getByRole('button', { name: 'Contract history of Cy Contract' }).click();
  const cy = page.getByRole('dialog', { name: 'Contract history: Cy Contract' });
  const weekAgo = ymd(subDays(new Date(), 7));
  await cy.getByRole('button', { name: 'Add version' }).click();
  const cyForm = cy.getByRole('form', { name: 'New version' });
  await cyForm.getByLabel('Valid from').fill(weekAgo);
  await expect(cyForm.getByText('This changes hours before today: you will be asked to confirm.')).toBeVisible();
  // Only Tuesday changes (4 → 5), and the seven days from a week ago to yesterday hold exactly one Tuesday.
  await cyForm.getByLabel('Tuesday').fill('5');
  await cyForm.getByRole('button', { name: 'Add version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Change past hours?' });
  await expect(confirm).toContainText(/This changes the hours of 1 past day, 0 of them authorised\. Confirm to go on\./);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(cy.getByTestId('contract-version')).toHaveCount(2);
  await expect(cy.getByTestId('contract-version').nth(1)).toContainText(`${label(weekAgo)} onwardsIn force`);

  // Cy leaves the day before Ada's new version starts: a future end date needs no confirmation.
  await cy.getByLabel('Last day employed').fill(dayBefore);
  await cy.getByRole('button', { name: 'Set end date' }).click();
  await expect(cy.getByTestId('end-date-text')).toHaveText(`Leaves after ${label(dayBefore)}: no hours from the next day.`);
  await cy.getByRole('button', { name: 'Close' }).click();
  await expect(rowOf(page, 'Cy Contract').getByTestId('contract-cell')).toHaveText(`Since ${label(weekAgo)}Leaves ${label(dayBefore)}`);

  // The Monday a week after Ada's new version starts: Ada 6 × 100 % = 6 plus 1.5 of her own = 7.5;
  // Ben 6 × 50 % = 3, a full day off takes his contract's 6, and −3 floors at 0; Cy has left. Total 7.5.
  const monday = ymd(addDays(parseISO(from), 7));
  const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as TReason[];
  const leave = reasons.find((r) => !r.isAdditive)!;
  const extra = reasons.find((r) => r.isAdditive)!;
  for (const [employeeId, reason, hours] of [
    [ada, extra, 1.5],
    [ben, leave, null],
  ] as const) {
    const res = await page.request.post('/api/exceptions', {
      data: { employeeId, reasonId: reason.id, startDate: monday, endDate: monday, isFullDay: hours === null, hours, notes: null },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`/?view=day&date=${monday}`);
  await expect(page.getByTestId('details-hours')).toHaveText('7.5');
  await page.getByRole('button', { name: 'How these hours are made' }).click();
  const table = page.getByTestId('day-explain');
  const people = table.getByTestId('explain-employee');
  await expect(people).toHaveCount(2);

  const adaRows = people.filter({ hasText: 'Ada Contract' }).getByRole('row');
  await expect(adaRows.nth(1)).toHaveText(`Contract from ${label(from)}: 6.0 h × 100%6.0`);
  await expect(adaRows.nth(2)).toHaveText(`${extra.name} (adds, own hours)+1.5`);
  await expect(adaRows.nth(3)).toHaveText('Ada Contract adds7.5');

  const benRows = people.filter({ hasText: 'Ben Contract' }).getByRole('row');
  await expect(benRows.nth(1)).toHaveText(`Contract from ${today}: 6.0 h × 50%3.0`);
  await expect(benRows.nth(2)).toHaveText(`${leave.name} (takes off, full day: contract hours)−6.0`);
  await expect(benRows.nth(3)).toHaveText('The sum, −3.0, is below 0: it counts as 0+3.0');
  await expect(benRows.nth(4)).toHaveText('Ben Contract adds0.0');

  // The lines add up to the total the calendar shows.
  await expect(table.getByTestId('explain-total')).toHaveText('7.5');
  expect(await axeViolations(page)).toEqual([]);
  const adjusted = await people.getByTestId('explain-adjusted').allTextContents();
  expect(adjusted.map(Number).reduce((a, b) => a + b, 0)).toBe(7.5);
});
