import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, signIn } from './fixtures';
import { cell, dialog, fixtureTest as test, openWeek, pillOf, toast } from './exceptions-notes.helpers';
import { employeeBox } from './combobox';

/**
 * Issue 19: a keyboard-only user adds, edits, authorises, moves and deletes an exception, and focus is
 * somewhere meaningful after every step, never on the page itself (<body>).
 */

/** Presses Tab until `target` has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const heading = (page: Page) => page.locator('main h1');
const focusIsOnPage = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

test.beforeEach(async ({ page }) => signIn(page, DEMO.admin));

test('keyboard only: add, edit, authorise, move and delete an exception; focus is never lost', async ({ page, f }) => {
  test.setTimeout(90_000);
  const week = await f.week(140);
  const [mon, tue, wed] = week;
  await openWeek(page, mon);

  // The skip link is the first Tab stop and lands in the main content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // Into the grid, one day right, and open it: the day view's heading takes focus.
  await tabTo(page, cell(page, mon));
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, tue)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('day-view')).toBeVisible();
  await expect(heading(page)).toBeFocused();

  // Add: focus goes back to the Add Exception button.
  const add = page.getByRole('button', { name: 'Add Exception' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await tabTo(page, employeeBox(dialog(page)));
  // The searchable combobox by keyboard: type, the first match is active, Enter takes it.
  await page.keyboard.type(f.prefix);
  await page.keyboard.press('Enter');
  await expect(employeeBox(dialog(page))).toHaveValue(f.prefix);
  await tabTo(page, dialog(page).getByLabel('Exception type'));
  await dialog(page)
    .getByLabel('Exception type')
    .selectOption({ label: `${f.leave.name} (reduces hours)` });
  await tabTo(page, dialog(page).getByRole('button', { name: 'Create Exception' }));
  await page.keyboard.press('Enter');
  await toast(page, 'Exception created');
  await expect(dialog(page)).toHaveCount(0);
  await expect(add).toBeFocused();

  // Edit: part day, 4 hours; focus goes back to the row's Edit button.
  const edit = page.getByRole('button', { name: new RegExp(`^Edit ${f.prefix}`) });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Edit Exception' })).toBeVisible();
  await tabTo(page, dialog(page).getByLabel('Full Day'));
  await page.keyboard.press('Space');
  await tabTo(page, dialog(page).getByLabel('Hours'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('4');
  await tabTo(page, dialog(page).getByRole('button', { name: 'Update Exception' }));
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await expect.poll(async () => (await f.exceptions(week))[0]?.hours).toBe(4);
  await expect(edit).toBeFocused();

  // Authorise the changed day: the button goes, focus moves to the view's heading.
  const authorise = page.getByRole('button', { name: 'Authorise', exact: true });
  await tabTo(page, authorise);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('auth-status')).toHaveText('Authorised');
  await expect(authorise).toHaveCount(0);
  await expect(heading(page)).toBeFocused();

  // Week view by its shortcut (focus is in the calendar), back to the day, and move the pill a day right.
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/view=week/);
  await expect(heading(page)).toBeFocused();
  await tabTo(page, pillOf(page, tue, f.prefix));
  await page.keyboard.press('Space');
  await expect(page.getByTestId('drag-preview')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await toast(page, 'Exception rescheduled');
  await expect.poll(async () => (await f.exceptions(week))[0]?.startDate).toBe(wed);
  await expect(pillOf(page, wed, f.prefix)).toBeFocused();

  // Delete from its dialog and confirm: the pill is gone, focus goes to its day.
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { name: 'Edit Exception' })).toBeVisible();
  await tabTo(page, dialog(page).getByRole('button', { name: 'Delete Exception' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Exception' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect.poll(async () => (await f.exceptions(week)).length).toBe(0);
  await expect(pillOf(page, wed, f.prefix)).toHaveCount(0);
  await expect(cell(page, wed)).toBeFocused();
  expect(await focusIsOnPage(page)).toBe(false);
});

test('Escape and Cancel return focus to the opener; the keyboard help opens with ? only inside the calendar', async ({ page, f }) => {
  test.setTimeout(60_000);
  const week = await f.week(147);
  await openWeek(page, week[0]);
  await cell(page, week[0]).focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(cell(page, week[0])).toBeFocused();

  // A letter typed on a header link does nothing.
  const logo = page.getByRole('link', { name: 'Hoursight' });
  await logo.focus();
  await page.keyboard.press('m');
  await page.keyboard.press('?');
  await expect(page).toHaveURL(/view=week/);
  await expect(help).toHaveCount(0);

  // A confirmation closed with Cancel gives focus back to the button that opened it.
  await page.goto('/employees');
  const del = page.getByRole('button', { name: `Delete ${f.prefix}` });
  // Forty rows of Tab stops are not the point here: start on the button.
  await del.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Enter'); // Cancel has focus first
  await expect(confirm).toHaveCount(0);
  await expect(del).toBeFocused();
});
