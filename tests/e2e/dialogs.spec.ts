import type { Page } from '@playwright/test';
import { addDaysStr } from '../../src/shared/domain/dates';
import { DEMO, expect, signIn } from './fixtures';
import { dialog, fixtureTest as test, toast } from './exceptions-notes.helpers';
import { chooseEmployee } from './combobox';

/** Issue 9 items 18 and 20: the range dialog keeps its prefilled day, Full Day returns, typed text is never lost. */
test.beforeEach(async ({ page }) => signIn(page, DEMO.admin));

const summary = (page: Page) => dialog(page).getByTestId('range-summary');

test('the prefilled day starts the range: day view on Wednesday, Add Exception, click Friday gives Wednesday to Friday', async ({
  page,
  f,
}) => {
  const week = await f.week(91);
  const [, , wed, , fri] = week;
  await page.goto(`/?view=day&date=${wed}`);
  await page.getByRole('button', { name: 'Add Exception' }).click();
  await expect(dialog(page).getByText('Click another day to end the range.')).toBeVisible();
  await dialog(page).locator(`[data-day="${fri}"]`).click();
  await expect(summary(page)).toHaveText(/^Selected range: Wed .+ – Fri .+$/);
  // Clicking the prefilled day first, then the end, gives the same range.
  await dialog(page).locator(`[data-day="${wed}"]`).click();
  await expect(summary(page)).toHaveText(/\(Single day\)$/);
  await dialog(page).locator(`[data-day="${fri}"]`).click();
  await expect(summary(page)).toHaveText(/^Selected range: Wed .+ – Fri .+$/);
});

test('Full Day is forced off for extra hours on a day off and comes back on when another type clears it', async ({ page, f }) => {
  const week = await f.week(98);
  const saturday = week[5];
  await page.goto(`/?view=day&date=${saturday}`);
  await page.getByRole('button', { name: 'Add Exception' }).click();
  const fullDay = dialog(page).getByLabel('Full Day');
  await expect(fullDay).toBeChecked();
  await chooseEmployee(dialog(page), f.prefix);
  await dialog(page)
    .getByLabel('Exception type')
    .selectOption({ label: `${f.extra.name} (adds hours)` });
  await expect(fullDay).not.toBeChecked();
  await expect(fullDay).toBeDisabled();
  await dialog(page)
    .getByLabel('Exception type')
    .selectOption({ label: `${f.leave.name} (reduces hours)` });
  await expect(fullDay).toBeEnabled();
  await expect(fullDay).toBeChecked();
});

test('exception notes show the 2,000-character limit and refuse more instead of cutting it', async ({ page, f }) => {
  const week = await f.week(105);
  const tue = week[1];
  await page.goto(`/?view=day&date=${tue}`);
  await page.getByRole('button', { name: 'Add Exception' }).click();
  await chooseEmployee(dialog(page), f.prefix);
  await dialog(page)
    .getByLabel('Exception type')
    .selectOption({ label: `${f.leave.name} (reduces hours)` });
  const notes = dialog(page).getByLabel('Notes');
  const count = dialog(page).getByTestId('exception-notes-count');
  await expect(count).toHaveText('0 / 2,000 characters');
  await notes.fill('n'.repeat(2001));
  await expect(notes).toHaveValue('n'.repeat(2001));
  await expect(count).toHaveText('2,001 / 2,000 characters, over the limit');
  await dialog(page).getByRole('button', { name: 'Create Exception' }).click();
  await expect(dialog(page).getByText('Notes must be 2,000 characters or fewer')).toBeVisible();
  expect(await f.exceptions(week)).toEqual([]);
  await notes.press('End');
  await notes.press('Backspace');
  await expect(count).toHaveText('2,000 / 2,000 characters');
  await dialog(page).getByRole('button', { name: 'Create Exception' }).click();
  await toast(page, 'Exception created');
  const [created] = await f.exceptions(week);
  expect(created.notes).toHaveLength(2000);
});

test('leaving or closing the page with a typed dialog asks first', async ({ page, f }) => {
  const week = await f.week(112);
  // Month, then Day in the app (a history entry of the app's own to go Back to).
  await page.goto(`/?view=month&date=${week[2]}`);
  await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Day' }).click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${week[2]}`));
  await page.getByRole('button', { name: 'Add Exception' }).click();
  await dialog(page).getByLabel('Notes').fill('Half a thought');

  // Back: our question; Stay keeps the dialog and the text.
  await page.goBack();
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${week[2]}`));
  await expect(page.getByRole('dialog', { name: 'Select Exception Range' }).getByLabel('Notes')).toHaveValue('Half a thought');

  // Closing the tab or reloading: the browser's own question (beforeunload).
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
});

test('a dialog with nothing typed lets the page go without asking', async ({ page, f }) => {
  const week = await f.week(119);
  await page.goto(`/?view=month&date=${addDaysStr(week[0], 1)}`);
  await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Day' }).click();
  await page.getByRole('button', { name: 'Add Exception' }).click();
  await expect(dialog(page)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/view=month/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
