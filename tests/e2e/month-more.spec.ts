import type { Page } from '@playwright/test';
import type { TReason } from '../../src/shared/contracts/calendar';
import type { TEmployee } from '../../src/shared/contracts/employees';
import { axeViolations } from './axe';
import { expect, newBusiness, test } from './fixtures';

const cell = (page: Page, date: string) => page.locator(`[role="gridcell"][data-date="${date}"]`);
const title = (page: Page) => page.getByRole('heading', { level: 1 });

// A week of a business of its own (no demo data, no holidays): Monday 4 to Sunday 10 March 2030.
const MON = '2030-03-04';
const TUE = '2030-03-05';
const WED = '2030-03-06';
const NEXT_TUE = '2030-03-12';
const WEEK_HOURS = {
  mondayHours: 8,
  tuesdayHours: 8,
  wednesdayHours: 8,
  thursdayHours: 8,
  fridayHours: 8,
  saturdayHours: 0,
  sundayHours: 0,
};

test('a crowded day shows seven pills and "+8 more", its row stays eight lines, and the button opens the day', async ({ page }) => {
  await newBusiness(page, 'Crowd Ltd', 'crowd');

  const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as TReason[];
  const leave = reasons.find((r) => !r.isAdditive)!;
  const extra = reasons.find((r) => r.isAdditive)!;
  const add = async (employeeId: number, reason: TReason, startDate: string, endDate: string) => {
    const res = await page.request.post('/api/exceptions', {
      data: { employeeId, reasonId: reason.id, startDate, endDate, isFullDay: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  // Seven people, each with two exceptions on Tuesday (14), and a Monday–Wednesday leave across them: 15 on Tuesday.
  const names = ['Ada', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus'].map((n) => `${n} Crowd`);
  for (const name of names) {
    const res = await page.request.post('/api/employees', { data: { name, efficiency: 100, ...WEEK_HOURS } });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as TEmployee;
    await add(id, leave, TUE, TUE);
    await add(id, extra, TUE, TUE);
    if (name === 'Ada Crowd') await add(id, leave, MON, WED);
  }

  await page.goto(`/?view=month&date=${TUE}`);
  await expect(page.locator('[data-testid="day-hours"]').first()).toBeVisible();
  const more = cell(page, TUE).getByRole('button', { name: '8 more exceptions on Tuesday 5 March' });
  await expect(more).toHaveText('+8 more');
  await expect(cell(page, TUE).locator('[data-pill]')).toHaveCount(7);
  await expect(cell(page, MON).locator('[data-more]')).toHaveCount(0);

  // The span starts on Monday, so it is the first line of all three days: the same distance from each cell's top.
  const span = (date: string, text: string) => cell(page, date).locator('[data-pill]', { hasText: text });
  const offset = async (date: string, text: string) => {
    const [c, p] = await Promise.all([cell(page, date).boundingBox(), span(date, text).boundingBox()]);
    return Math.round(p!.y - c!.y);
  };
  const first = await offset(MON, `Ada Crowd – ${leave.name}`);
  expect(await offset(TUE, `Ada Crowd – ${leave.name} (continued)`)).toBe(first);
  expect(await offset(WED, `Ada Crowd – ${leave.name}`)).toBe(first);

  // Eight lines of 22 px under a 50 px header, however many exceptions; a quiet row keeps the minimum four.
  const height = async (date: string) => Math.round((await cell(page, date).boundingBox())!.height);
  expect(await height(TUE)).toBe(226);
  expect(await height(MON)).toBe(226);
  expect(await height(NEXT_TUE)).toBe(138);
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(more).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await more.click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${TUE}`));
  await expect(title(page)).toHaveText('Tuesday, 5 March 2030');
  const staff = page.getByRole('list', { name: 'Staff On This Day' }).getByRole('listitem');
  await expect(staff).toHaveCount(15);
  for (const name of names) {
    await expect(staff.filter({ hasText: `${name} — ${leave.name}` }).first()).toBeVisible();
    await expect(staff.filter({ hasText: `${name} — ${extra.name}` })).toHaveCount(1);
  }
  await expect(page.getByTestId('day-view').locator('[data-pill]')).toHaveCount(15);

  // Back to the month with the keyboard: focus returns to the control that opened the day, and Enter opens it again.
  await page.keyboard.press('m');
  await expect(title(page)).toHaveText('March 2030');
  await expect(more).toBeFocused();
  // In the grid's Tab order the control comes after the day's seven pills.
  await page.keyboard.press('Shift+Tab');
  await expect(cell(page, TUE).locator('[data-pill]').nth(6)).toBeFocused();
  await cell(page, TUE).focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(title(page)).toHaveText('Tuesday, 5 March 2030');
  // The browser's Back does the same.
  await page.goBack();
  await expect(title(page)).toHaveText('March 2030');
  await expect(more).toBeFocused();
});

test('"+N more" only when no line is left: a span pushed low by its neighbours is drawn on a quiet day (decision 115)', async ({
  page,
}) => {
  await newBusiness(page, 'Lines Ltd', 'lines');
  const reasons = (await (await page.request.get('/api/exception-reasons')).json()) as TReason[];
  const leave = reasons.find((r) => !r.isAdditive)!;
  const person = async (name: string) => {
    const res = await page.request.post('/api/employees', { data: { name, efficiency: 100, ...WEEK_HOURS } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as TEmployee).id;
  };
  const add = async (employeeId: number, startDate: string, endDate: string) => {
    const res = await page.request.post('/api/exceptions', {
      data: { employeeId, reasonId: leave.id, startDate, endDate, isFullDay: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  // Eight people away Monday–Tuesday fill lines 1 to 8 of both days, and a ninth on Monday alone overflows it.
  for (const n of ['Ada', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal']) await add(await person(`${n} Lines`), MON, TUE);
  await add(await person('Ivy Lines'), MON, MON);
  // Tuesday–Wednesday: on Tuesday it has no line left, so the row gives it the ninth; on Wednesday it is alone.
  await add(await person('Jon Lines'), TUE, WED);

  await page.goto(`/?view=month&date=${TUE}`);
  await expect(cell(page, MON).getByRole('button', { name: /^2 more exceptions on Monday 4 March$/ })).toHaveText('+2 more');
  await expect(cell(page, TUE).getByRole('button', { name: /^2 more exceptions on Tuesday 5 March$/ })).toHaveText('+2 more');
  // Wednesday has seven empty lines: Jon's leave is drawn on the first, and there is no "+1 more".
  await expect(cell(page, WED).locator('[data-more]')).toHaveCount(0);
  const pill = cell(page, WED).locator('[data-pill]');
  await expect(pill).toHaveCount(1);
  await expect(pill).toContainText('Jon Lines');
  const [c, p] = await Promise.all([cell(page, WED).boundingBox(), pill.boundingBox()]);
  const [mc, mp] = await Promise.all([cell(page, MON).boundingBox(), cell(page, MON).locator('[data-pill]').first().boundingBox()]);
  expect(Math.round(p!.y - c!.y)).toBe(Math.round(mp!.y - mc!.y));
});
