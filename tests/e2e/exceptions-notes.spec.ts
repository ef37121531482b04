import { DEMO, expect, signIn, toasts } from './fixtures';
import { cell, centre, dialog, drag, edge, fixtureTest as test, openWeek, pillOf, span, toast } from './exceptions-notes.helpers';
import { chooseEmployee, employeeBox } from './combobox';

// Weeks two to three months ahead (clear of the other specs' dates), each test its own week and employee.
test.beforeEach(async ({ page }) => signIn(page, DEMO.admin));

test('Add Exception in the day view: validation, a range, part-day hours; hours follow the engine', async ({ page, f }) => {
  const week = await f.week(56);
  const [mon, tue, wed, thu] = week;
  await page.goto(`/?view=day&date=${tue}`);
  const hours = page.getByTestId('day-view').getByTestId('day-hours');
  await expect(hours).toHaveText(`${await f.expectedHours(tue)}h available`);
  const before = Number((await hours.textContent())!.replace('h available', ''));
  await page.getByRole('button', { name: 'Add Exception' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Select Exception Range' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Create Exception' }).click();
  await expect(dialog(page).getByText('Please select an employee')).toBeVisible();
  await expect(dialog(page).getByText('Please select a reason')).toBeVisible();
  await chooseEmployee(dialog(page), f.prefix);
  await dialog(page)
    .getByLabel('Exception type')
    .selectOption({ label: `${f.leave.name} (reduces hours)` });
  await dialog(page).locator(`[data-day="${tue}"]`).click();
  await dialog(page).locator(`[data-day="${thu}"]`).click();
  await expect(dialog(page).getByTestId('range-summary')).toHaveText(/^Selected range: Tue .+ – Thu .+$/);
  await expect(dialog(page).getByLabel('Full Day')).toBeChecked();
  await expect(dialog(page).getByLabel('Hours')).toHaveCount(0);
  await dialog(page).getByLabel('Full Day').click();
  const input = dialog(page).getByLabel('Hours');
  expect(await input.evaluate((el: HTMLInputElement) => [el.type, el.value, el.min, el.max, el.step])).toEqual([
    'number',
    '8',
    '0',
    '16',
    '0.1',
  ]);
  await input.fill('17');
  await dialog(page).getByRole('button', { name: 'Create Exception' }).click();
  await expect(dialog(page).getByText('Hours cannot exceed 16')).toBeVisible();
  await input.fill('2.5');
  await dialog(page).getByRole('button', { name: 'Create Exception' }).click();
  await toast(page, 'Exception created');
  await expect(dialog(page)).toHaveCount(0);
  const [created] = await f.exceptions(week);
  expect(created).toMatchObject({ startDate: tue, endDate: thu, isFullDay: false, hours: 2.5, reasonId: f.leave.id });
  await expect(page.getByTestId('day-view').getByText(`${f.prefix} – ${f.leave.name}`)).toBeVisible();
  await expect(hours).toHaveText(`${(before - 2.5).toFixed(1)}h available`);
  await expect(hours).toHaveText(`${await f.expectedHours(tue)}h available`);
  await openWeek(page, mon);
  await expect(pillOf(page, wed, f.prefix)).toHaveText(`${f.prefix} – ${f.leave.name} (continued)`);
  await expect(cell(page, wed).getByTestId('day-hours')).toHaveText(`${await f.expectedHours(wed)}h available`);
});

test('drag an employee onto a day: reason picker, then the range dialog (manual hours on a zero-hour day)', async ({ page, f }) => {
  const week = await f.week(63);
  const sat = week[5];
  await openWeek(page, week[0]);
  await page.getByRole('button', { name: 'Employees & Exceptions', exact: true }).click();
  const source = page.getByRole('list', { name: 'Employees' }).getByRole('button', { name: f.prefix });
  await expect(source).toHaveAttribute('aria-roledescription', 'draggable');
  await drag(page, await centre(source), await centre(cell(page, sat)));
  await expect(dialog(page).getByRole('heading', { name: 'Select Exception Type' })).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: new RegExp(`^${f.extra.name}.*Adds hours$`) })).toBeVisible();
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${f.extra.name}`) })
    .click();
  await expect(dialog(page).getByRole('heading', { name: 'Select Exception Range' })).toBeVisible();
  await expect(employeeBox(dialog(page))).toHaveValue(f.employee.name);
  await expect(dialog(page).getByText('Manual hours required')).toBeVisible();
  await expect(dialog(page).getByLabel('Full Day')).not.toBeChecked();
  await expect(dialog(page).getByLabel('Full Day')).toBeDisabled();
  await expect(dialog(page).getByLabel('Hours')).toHaveValue('8');
  await expect(dialog(page).getByTestId('range-summary')).toHaveText(/\(Single day\)$/);
  await dialog(page).getByRole('button', { name: 'Create Exception' }).click();
  await toast(page, 'Exception created');
  expect((await f.exceptions(week)).map((e) => [...span(e), e.isFullDay, e.hours, e.reasonId])).toEqual([[sat, sat, false, 8, f.extra.id]]);
  await expect(pillOf(page, sat, f.prefix)).toHaveText(`${f.prefix} – ${f.extra.name}`);
  // Keyboard: from the side panel the first arrow lands on the grid's focused day, then steps a day.
  await cell(page, week[3]).focus();
  await source.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('drag-preview')).toBeVisible();
  for (const key of ['ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  await expect(cell(page, week[4]).locator('[data-drop-preview]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toContainText(`For ${f.prefix} on Friday,`);
});

test('move, "No change", keyboard move, resize, edit (and a stale edit) and delete an exception', async ({ page, f }) => {
  const week = await f.week(70);
  const [mon, tue, wed, thu, fri] = week;
  const e = await f.addException({ reasonId: f.leave.id, startDate: tue, endDate: wed });
  await openWeek(page, mon);
  const stored = async () => span((await f.exceptions(week))[0]);
  await drag(page, await centre(pillOf(page, wed, f.prefix)), await centre(cell(page, thu)));
  await toast(page, 'Exception rescheduled');
  await expect.poll(stored).toEqual([wed, thu]);
  // Dropped back on the day it was picked up from: nothing is saved.
  const pill = pillOf(page, thu, f.prefix);
  const at = await centre(pill);
  await drag(page, at, { x: at.x + 12, y: at.y + 30 });
  await toast(page, 'No change', "Exception wasn't moved to a different date.");
  // Keyboard: Space picks the pill up, arrows move by a day, Space drops.
  await pillOf(page, wed, f.prefix).focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('drag-preview')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(cell(page, tue).locator('[data-drop-preview]')).toHaveCount(1);
  await page.keyboard.press('Space');
  await toast(page, 'Exception rescheduled');
  await expect.poll(stored).toEqual([tue, wed]);
  await expect(pillOf(page, tue, f.prefix)).toBeFocused();
  await drag(page, await edge(pillOf(page, wed, f.prefix), 'end'), await centre(cell(page, fri)));
  await toast(page, 'Exception resized');
  await expect.poll(stored).toEqual([tue, fri]);
  await drag(page, await edge(pillOf(page, tue, f.prefix), 'start'), await centre(cell(page, mon)));
  await toast(page, 'Exception resized');
  await expect.poll(stored).toEqual([mon, fri]);
  await expect(pillOf(page, wed, f.prefix)).toHaveText(`${f.prefix} – ${f.leave.name} (continued)`);
  await pillOf(page, thu, f.prefix).click();
  await expect(dialog(page).getByRole('heading', { name: 'Edit Exception' })).toBeVisible();
  await expect(dialog(page).getByLabel('Employee')).toBeDisabled();
  await dialog(page).getByLabel('Full Day').click();
  await dialog(page).getByLabel('Hours').fill('3');
  await dialog(page).getByRole('button', { name: 'Update Exception' }).click();
  await toast(page, 'Exception updated');
  expect((await f.exceptions(week))[0]).toMatchObject({ id: e.id, isFullDay: false, hours: 3, version: e.version + 5 });
  // A stale edit (someone else moved it while the dialog was open): 409, the server's message, a refetch.
  await pillOf(page, thu, f.prefix).click();
  expect(
    (await f.api.put(`/api/exceptions/${e.id}`, { data: { ...(await f.exceptions(week))[0], startDate: wed, endDate: wed } })).ok(),
  ).toBeTruthy();
  await dialog(page).getByRole('button', { name: 'Update Exception' }).click();
  await toast(page, 'Failed to update exception: This exception was changed by someone else. Reload the calendar and try again.');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(pillOf(page, thu, f.prefix)).toHaveCount(0);
  await pillOf(page, wed, f.prefix).click();
  await dialog(page).getByRole('button', { name: 'Delete Exception' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this exception? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Exception deleted');
  await expect(pillOf(page, wed, f.prefix)).toHaveCount(0);
  expect(await f.exceptions(week)).toEqual([]);
});

test('notes: drag a template to add one, edit, move, resize and delete it', async ({ page, f }) => {
  const week = await f.week(77);
  const [mon, tue, wed, thu] = week;
  await openWeek(page, mon);
  await page.getByRole('button', { name: 'Employees & Exceptions', exact: true }).click();
  await drag(
    page,
    await centre(page.getByRole('list', { name: 'Note templates' }).getByRole('button', { name: 'Green' })),
    await centre(cell(page, tue)),
  );
  await expect(dialog(page).getByRole('heading', { name: 'Add Note' })).toBeVisible();
  await expect(dialog(page).getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog(page).getByTestId('range-summary')).toHaveText(/\(Single day\)$/);
  await dialog(page).getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog(page).getByText('Note is required')).toBeVisible();
  await dialog(page).getByLabel('Note', { exact: true }).fill('x'.repeat(101));
  await dialog(page).getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog(page).getByText('Note must be under 100 characters')).toBeVisible();
  await dialog(page).getByLabel('Note', { exact: true }).fill(`${f.prefix} stocktake`);
  await dialog(page).getByRole('button', { name: 'Add Note' }).click();
  await toast(page, 'Note created successfully!');
  const stored = async () => (await f.notes(week)).map((n) => [...span(n), n.color, n.title]);
  expect(await stored()).toEqual([[tue, tue, '#10b981', `${f.prefix} stocktake`]]);
  await pillOf(page, tue, f.prefix).click();
  await expect(dialog(page).getByRole('heading', { name: 'Edit Note' })).toBeVisible();
  await dialog(page).getByLabel('Note', { exact: true }).fill(`${f.prefix} audit`);
  await dialog(page).getByRole('radio', { name: 'Orange' }).click();
  await dialog(page).getByRole('button', { name: 'Save Note' }).click();
  await toast(page, 'Note updated successfully!');
  await expect(pillOf(page, tue, f.prefix)).toHaveText(`Note: ${f.prefix} audit`);
  await drag(page, await centre(pillOf(page, tue, f.prefix)), await centre(cell(page, wed)));
  await toast(page, 'Note moved');
  await expect.poll(stored).toEqual([[wed, wed, '#f97316', `${f.prefix} audit`]]);
  await drag(page, await edge(pillOf(page, wed, f.prefix), 'end'), await centre(cell(page, thu)));
  await toast(page, 'Note resized');
  await expect.poll(stored).toEqual([[wed, thu, '#f97316', `${f.prefix} audit`]]);
  // Someone else saves it while the dialog is open (409): spec §8's "Failed to update note." and no more.
  await pillOf(page, thu, f.prefix).click();
  const [current] = await f.notes(week);
  expect(
    (await f.api.patch(`/api/notes/${current.id}`, { data: { title: `${f.prefix} audit`, version: current.version } })).ok(),
  ).toBeTruthy();
  await dialog(page).getByRole('button', { name: 'Save Note' }).click();
  await toast(page, 'Error', 'Failed to update note.');
  await expect(toasts(page).getByText(/someone else|not found/)).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await pillOf(page, thu, f.prefix).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Note' });
  await expect(confirm).toContainText('Are you sure you want to delete this note? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Note deleted successfully!');
  expect(await stored()).toEqual([]);
});

test('the read-only viewer gets no Add buttons, no edit or delete icons and cannot drag', async ({ page, f }) => {
  const week = await f.week(84);
  const [mon, tue, wed] = week;
  await f.addException({ reasonId: f.leave.id, startDate: tue, endDate: tue });
  await page.context().clearCookies();
  await signIn(page, DEMO.viewer);
  await page.goto(`/?view=day&date=${tue}`);
  await expect(page.getByTestId('day-view').getByText(`${f.prefix} – ${f.leave.name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Exception' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Note' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await openWeek(page, mon);
  await expect(pillOf(page, tue, f.prefix)).not.toHaveAttribute('data-editable', /.*/);
  await drag(page, await centre(pillOf(page, tue, f.prefix)), await centre(cell(page, wed)));
  await expect(pillOf(page, wed, f.prefix)).toHaveCount(0);
  await page.getByRole('button', { name: 'Employees & Exceptions', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Employees' }).getByRole('button')).toHaveCount(0);
  await pillOf(page, tue, f.prefix).click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${tue}`));
  await expect(dialog(page)).toHaveCount(0);
  expect(span((await f.exceptions(week))[0])).toEqual([tue, tue]);
});
