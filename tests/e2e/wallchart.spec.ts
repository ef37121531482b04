import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { centre, dialog, drag, edge, fixtureTest, span, toast, type Fixture } from './exceptions-notes.helpers';
import { DEMO, expect, signIn, test } from './fixtures';
import { employeeBox } from './combobox';

interface Named {
  id: number;
  name: string;
}

const grid = (page: Page) => page.getByRole('grid', { name: /^Wallchart, / });
const rowOf = (page: Page, name: string) => grid(page).locator(`[data-employee="${name}"]`);
const focused = (page: Page) => page.locator(':focus');
/** The point where a row meets a day's column (the column's header sits above it, sticky). */
async function dayIn(row: Locator, date: string) {
  const header = row.page().locator(`[role="columnheader"][data-day="${date}"]`);
  await row.scrollIntoViewIfNeeded();
  const h = (await header.boundingBox())!;
  const r = (await row.boundingBox())!;
  return { x: h.x + h.width / 2, y: r.y + r.height / 2 };
}

/**
 * A week clear of holidays whose Monday is at most the 10th and whose Sunday is in the same month, so all its
 * days show beside the names at 1280 px without scrolling sideways.
 */
async function earlyWeek(f: Fixture, daysAhead: number): Promise<string[]> {
  for (let ahead = daysAhead; ; ahead += 7) {
    const week = await f.week(ahead);
    if (Number(week[0].slice(8)) <= 10 && week[0].slice(0, 7) === week[6].slice(0, 7)) return week;
  }
}

/** The wallchart of the week's month, filtered to the fixture's employee, with the row drawn. */
async function openFor(page: Page, f: Fixture, week: string[]) {
  await page.goto(`/?view=wallchart&date=${week[0]}&q=${encodeURIComponent(f.prefix)}`);
  await expect(rowOf(page, f.prefix)).toBeVisible();
  return rowOf(page, f.prefix);
}

test.describe('Wallchart', () => {
  let made: number | null = null;
  test.afterEach(async ({ page }) => {
    if (made !== null) await page.request.delete(`/api/exceptions/${made}`);
    made = null;
  });

  test('shows an absence as a labelled bar in its row, collapses teams and is keyboard operable', async ({ page }) => {
    test.slow();
    await signIn(page, DEMO.admin);
    const employees = (await (await page.request.get('/api/employees')).json()) as Array<Named & { teamId: number | null }>;
    const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as Array<Named & { isAdditive: boolean }>;
    const teams = (await (await page.request.get('/api/teams')).json()) as Named[];
    const teamless = employees.find((e) => e.teamId === null)!;
    const leave = reasons.find((r) => !r.isAdditive)!;
    // A month far from the demo's generated data, so this absence is the only bar on its days.
    const res = await page.request.post('/api/exceptions', {
      data: { employeeId: teamless.id, reasonId: leave.id, startDate: '2031-03-04', endDate: '2031-03-06', isFullDay: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    made = ((await res.json()) as { id: number }).id;

    await page.goto('/?view=wallchart&date=2031-03-01');
    await expect(grid(page)).toHaveAccessibleName('Wallchart, March 2031');
    await expect(page.getByRole('button', { name: 'Wallchart', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // The bar sits in the employee's row, under "No team", with the type's name as text.
    const row = rowOf(page, teamless.name);
    await expect(row.locator('[data-bar]')).toHaveText(leave.name);
    await expect(grid(page).getByRole('button', { name: /^No team/ })).toBeVisible();
    // A click on an empty day opens Select Exception Range for that employee and day; closing it returns
    // focus to the day, which names the employee, the date and what is on it as the arrows move it.
    await page.mouse.click(...xy(await dayIn(row, '2031-03-03')));
    const add = page.getByRole('dialog', { name: 'Select Exception Range' });
    await expect(employeeBox(add)).toHaveValue(teamless.name);
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    await expect(focused(page)).toHaveAccessibleName(`${teamless.name}, Monday 3 March 2031`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focused(page)).toHaveAccessibleName(`${teamless.name}, Wednesday 5 March 2031, ${leave.name}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focused(page)).toHaveAccessibleName(new RegExp(`^${teamless.name}, Saturday 8 March 2031, (Working weekend|Weekend)$`));
    // Enter on the bar's day edits it.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Edit Exception' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(focused(page)).toHaveAttribute('data-date', '2031-03-05');

    // A team header collapses its rows and expands them again.
    const first = teams[0];
    const member = employees.find((e) => e.teamId === first.id)!;
    const header = grid(page).getByRole('button', { name: new RegExp(`^${first.name} \\(`) });
    await expect(rowOf(page, member.name)).toBeVisible();
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(rowOf(page, member.name)).toHaveCount(0);
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');

    // One tab stop: the header row first; down to the first employee, right twice, Enter adds an exception there.
    await grid(page).locator('[tabindex="0"]').focus();
    await expect(grid(page).locator('[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focused(page)).toHaveAttribute('data-date', '2031-03-03');
    await expect(grid(page).locator('[tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(add).toBeVisible();
    await expect(employeeBox(add)).toHaveValue(member.name);
    await expect(add.getByRole('gridcell', { name: 'Monday 3 March 2031' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    await expect(focused(page)).toHaveAttribute('data-date', '2031-03-03');

    // Shift and the arrows choose days of the row; Enter opens the dialog with them.
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(focused(page)).toHaveAccessibleName(
      `${member.name}, Wednesday 5 March 2031, selected Monday 3 March 2031 to Wednesday 5 March 2031, Enter adds an exception`,
    );
    await page.keyboard.press('Enter');
    await expect(add.getByTestId('range-summary')).toHaveText(/^Selected range: Mon .+ – Wed .+$/);
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    // Focus is back on the day the range ended on before the next keys, or Home would land on the closing dialog.
    await expect(focused(page)).toHaveAttribute('data-date', '2031-03-05');

    // Left of the first day is the name, a link to the employee's page: Enter opens it.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    await expect(focused(page)).toHaveAccessibleName(member.name);
    await expect(focused(page)).toHaveAttribute('href', `/employees/${member.id}?year=2031`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/employees/${member.id}\\?year=2031$`));
    await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe violations, ${theme} theme`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(page, DEMO.admin);
      await page.goto('/?view=wallchart');
      await expect(grid(page)).toBeVisible();
      await expect(grid(page).locator('[data-bar]').first()).toBeVisible();
      // With a day focused too: the one gridcell carries the day's name.
      await grid(page).locator('[tabindex="0"]').focus();
      await page.keyboard.press('ArrowDown');
      await expect(grid(page).getByRole('gridcell')).toHaveCount(1);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

const xy = (p: { x: number; y: number }) => [p.x, p.y] as const;

fixtureTest.describe('Wallchart drag and drop', () => {
  fixtureTest.beforeEach(async ({ page }) => signIn(page, DEMO.admin));

  fixtureTest('dragging along a row chooses the days of a new absence for that employee', async ({ page, f }) => {
    const week = await earlyWeek(f, 63);
    const [mon, , wed] = week;
    const row = await openFor(page, f, week);
    await drag(page, await dayIn(row, mon), await dayIn(row, wed));
    const add = dialog(page);
    await expect(add.getByRole('heading', { name: 'Select Exception Range' })).toBeVisible();
    await expect(employeeBox(add)).toHaveValue(f.employee.name);
    await expect(add.getByTestId('range-summary')).toHaveText(/^Selected range: Mon .+ – Wed .+$/);
    await add.getByLabel('Exception type').selectOption({ label: `${f.leave.name} (reduces hours)` });
    await add.getByRole('button', { name: 'Create Exception' }).click();
    await toast(page, 'Exception created');
    expect((await f.exceptions(week)).map((e) => [...span(e), e.reasonId, e.isFullDay])).toEqual([[mon, wed, f.leave.id, true]]);
    await expect(row.locator('[data-bar]')).toHaveText(f.leave.name);
    // The bar spans the three days: from Monday's column to Wednesday's.
    const bar = (await row.locator('[data-bar]').boundingBox())!;
    expect(bar.x).toBeLessThan((await dayIn(row, mon)).x);
    expect(bar.x + bar.width).toBeGreaterThan((await dayIn(row, wed)).x);
    expect(bar.x + bar.width).toBeLessThan((await dayIn(row, week[3])).x);
  });

  fixtureTest('an employee dragged from the side panel onto a day asks for the type, then the days', async ({ page, f }) => {
    const week = await earlyWeek(f, 70);
    const row = await openFor(page, f, week);
    await page.getByRole('button', { name: 'Employees & Exceptions', exact: true }).click();
    const source = page.getByRole('list', { name: 'Employees' }).getByRole('button', { name: f.prefix });
    await drag(page, await centre(source), await dayIn(row, week[1]));
    await expect(dialog(page).getByRole('heading', { name: 'Select Exception Type' })).toBeVisible();
    await expect(dialog(page)).toContainText(`For ${f.prefix} on Tuesday,`);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    // Keyboard: the first arrow lands on the wallchart's focused day (Monday), the next steps to Tuesday.
    await grid(page).locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    for (let day = 1; day < Number(week[0].slice(8)); day++) await page.keyboard.press('ArrowRight');
    await expect(focused(page)).toHaveAttribute('data-date', week[0]);
    await source.focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('drag-preview')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(row.locator('[data-drop-preview]')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toContainText(`For ${f.prefix} on Tuesday,`);
  });

  fixtureTest('a bar moves to another day and resizes by either end; by keyboard it moves and focus follows', async ({ page, f }) => {
    const week = await earlyWeek(f, 77);
    const [mon, tue, wed, thu, fri] = week;
    await f.addException({ reasonId: f.leave.id, startDate: tue, endDate: wed });
    const row = await openFor(page, f, week);
    const bar = row.locator('[data-bar]');
    const stored = async () => span((await f.exceptions(week))[0]);
    await expect(bar).toHaveAttribute('data-editable', 'true');

    // Move: picked up on Wednesday, let go on Thursday.
    await drag(page, await dayIn(row, wed), await dayIn(row, thu));
    await toast(page, 'Exception rescheduled');
    await expect.poll(stored).toEqual([wed, thu]);

    // Resize by the end, then by the start.
    await drag(page, await edge(bar, 'end'), await dayIn(row, fri));
    await toast(page, 'Exception resized');
    await expect.poll(stored).toEqual([wed, fri]);
    await drag(page, await edge(bar, 'start'), await dayIn(row, mon));
    await toast(page, 'Exception resized');
    await expect.poll(stored).toEqual([mon, fri]);

    // Keyboard: focus a day of the bar, Space picks it up, an arrow moves it a day, Space drops it there.
    await page.mouse.click(...xy(await dayIn(row, week[5])));
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(focused(page)).toHaveAttribute('data-date', week[5]);
    await page.keyboard.press('ArrowLeft');
    await expect(focused(page)).toHaveAccessibleName(new RegExp(`^${f.prefix}, Friday .*, ${f.leave.name}$`));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('drag-preview')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(row.locator('[data-drop-preview]')).toHaveCount(1);
    await page.keyboard.press('Space');
    await toast(page, 'Exception rescheduled');
    await expect.poll(stored).toEqual([addDays(mon, -1), thu]);
    await expect(focused(page)).toHaveAttribute('data-date', thu);
    await expect(focused(page)).toHaveAccessibleName(new RegExp(`^${f.prefix}, Thursday .*, ${f.leave.name}$`));

    // A click on the bar (no drag) opens it.
    await bar.click();
    await expect(dialog(page).getByRole('heading', { name: 'Edit Exception' })).toBeVisible();
  });

  fixtureTest('the read-only viewer cannot drag: a bar or a day opens the day', async ({ page, f }) => {
    const week = await earlyWeek(f, 84);
    const [, tue, wed] = week;
    await f.addException({ reasonId: f.leave.id, startDate: tue, endDate: tue });
    await page.context().clearCookies();
    await signIn(page, DEMO.viewer);
    const row = await openFor(page, f, week);
    const bar = row.locator('[data-bar]');
    await expect(bar).not.toHaveAttribute('data-editable', /.*/);
    await drag(page, await dayIn(row, tue), await dayIn(row, wed));
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/view=wallchart/);
    expect(span((await f.exceptions(week))[0])).toEqual([tue, tue]);
    await bar.click();
    await expect(page).toHaveURL(new RegExp(`view=day&date=${tue}`));
  });
});

/** `yyyy-MM-dd` plus `days`, by the calendar (UTC noon keeps clear of time-zone edges). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
