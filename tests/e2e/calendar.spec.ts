import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, addMonths, format, parseISO, startOfWeek, subMonths } from 'date-fns';
import type { TDayChange, TExceptionView, THoliday, TNoteView, TReason } from '../../src/shared/contracts/calendar';
import type { TEmployee } from '../../src/shared/contracts/employees';
import type { TSettings } from '../../src/shared/contracts/settings';
import { eachDay, monthGrid, weekDays } from '../../src/shared/domain/dates';
import { DEMO, expect, newBusiness, signIn, test } from './fixtures';
import { referenceHours } from './reference-hours';

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');
const today = () => ymd(new Date());
const monthTitle = (d: Date) => format(d, 'MMMM yyyy');
const fullDate = (date: string) => format(parseISO(date), 'EEEE, d MMMM yyyy');
const unique = () => `E2E Cal ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const title = (page: Page) => page.getByRole('heading', { level: 1 });
const cell = (page: Page, date: string) => page.locator(`[role="gridcell"][data-date="${date}"]`);

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** What `days` should show, by the independent reference from the lists the screen reads (fetched over the days themselves). */
async function expectedFor(request: APIRequestContext, days: string[]) {
  const w = `startDate=${days[0]}&endDate=${days[days.length - 1]}`;
  const [exceptions, notes, holidays, settings, hours] = await Promise.all([
    json<TExceptionView[]>(request, `/api/exceptions?${w}`),
    json<TNoteView[]>(request, `/api/notes?${w}`),
    json<THoliday[]>(request, `/api/public-holidays?${w}`),
    json<TSettings>(request, '/api/settings'),
    referenceHours(request, days),
  ]);
  const pills = (date: string) => [
    ...exceptions
      .filter((e) => e.startDate <= date && e.endDate >= date)
      .map((e) => `${e.employeeName} – ${e.reasonName}${date !== e.startDate && date !== e.endDate ? ' (continued)' : ''}`),
    ...notes.filter((n) => n.startDate <= date && n.endDate >= date).map((n) => `Note: ${n.description?.trim() ? n.description : n.title}`),
  ];
  return { hours, pills, exceptions, notes, holidays, settings };
}

async function waitForData(page: Page) {
  await expect(page.getByText('Loading calendar data...')).toBeHidden();
  await expect(page.locator('[data-testid="day-hours"]').first()).toBeVisible();
}

/** Each visible cell's hours text and pill texts, keyed by date. */
async function readGrid(page: Page) {
  return page.locator('[role="gridcell"]').evaluateAll((cells) =>
    Object.fromEntries(
      cells.map((c) => [
        (c as HTMLElement).dataset.date,
        {
          hours: c.querySelector('[data-testid="day-hours"]')?.textContent ?? null,
          pills: [...c.querySelectorAll('[data-pill]')].map((p) => p.textContent),
        },
      ]),
    ),
  );
}

test.describe('Calendar', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.admin);
  });

  test('navigates months, weeks and days, and keeps the view in the URL', async ({ page }) => {
    const now = parseISO(today());
    await page.goto('/');
    await expect(title(page)).toHaveText(monthTitle(now));
    await expect(page.getByRole('columnheader')).toHaveText(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => new RegExp(`^${d}`)),
    );
    await expect(page.getByRole('gridcell')).toHaveCount(42);
    await expect(cell(page, today())).toHaveAttribute('aria-current', 'date');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(title(page)).toHaveText(monthTitle(addMonths(now, 1)));
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(title(page)).toHaveText(monthTitle(subMonths(now, 1)));
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(title(page)).toHaveText(monthTitle(now));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await waitForData(page);

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page).toHaveURL(/view=week/);
    const monday = startOfWeek(now, { weekStartsOn: 1 });
    const sunday = addDays(monday, 6);
    const weekTitle = (a: Date, b: Date) =>
      a.getFullYear() !== b.getFullYear()
        ? `${format(a, 'd MMM yyyy')} – ${format(b, 'd MMM yyyy')}`
        : a.getMonth() !== b.getMonth()
          ? `${format(a, 'd MMM')} – ${format(b, 'd MMM yyyy')}`
          : `${format(a, 'd')} – ${format(b, 'd MMM yyyy')}`;
    await expect(title(page)).toHaveText(weekTitle(monday, sunday));
    await expect(page.getByRole('gridcell')).toHaveCount(7);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(title(page)).toHaveText(weekTitle(addDays(monday, 7), addDays(sunday, 7)));

    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await expect(page).toHaveURL(/view=day/);
    const dayParam = new URL(page.url()).searchParams.get('date')!;
    await expect(title(page)).toHaveText(fullDate(dayParam));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(title(page)).toHaveText(fullDate(ymd(addDays(parseISO(dayParam), 1))));

    // Reload keeps the view; Back returns to the previous one.
    await page.reload();
    await expect(title(page)).toHaveText(fullDate(ymd(addDays(parseISO(dayParam), 1))));
    await page.goBack();
    await expect(title(page)).toHaveText(fullDate(dayParam));
    await page.goBack();
    await expect(page).toHaveURL(/view=week/);
  });

  test('cells show the reference’s hours and the pills for the demo data', async ({ page }) => {
    const now = parseISO(today());
    for (const month of [now, addMonths(now, 1)]) {
      const days = monthGrid(month.getFullYear(), month.getMonth() + 1);
      await page.goto(`/?view=month&date=${ymd(month)}`);
      await waitForData(page);
      const expected = await expectedFor(page.request, days);
      const shown = await readGrid(page);
      // The month view orders a day's pills by the line the week row gives them (decision 086), not by list order.
      for (const d of days) shown[d!].pills.sort();
      expect(shown).toEqual(
        Object.fromEntries(days.map((d) => [d, { hours: `${expected.hours.get(d)!.toFixed(1)} hours`, pills: expected.pills(d).sort() }])),
      );
    }

    const week = weekDays(today());
    await page.goto(`/?view=week&date=${week[0]}`);
    await waitForData(page);
    const expected = await expectedFor(page.request, week);
    const shown = await readGrid(page);
    expect(shown).toEqual(
      Object.fromEntries(week.map((d) => [d, { hours: `${expected.hours.get(d)!.toFixed(1)}h available`, pills: expected.pills(d) }])),
    );
  });

  test('hand-checked hours, pills and authorisation for an employee and exceptions made here', async ({ page }) => {
    const name = unique();
    // A week about 13 months ahead, clear of the demo's exceptions, with no holiday on its weekdays.
    let week = weekDays(ymd(addDays(parseISO(today()), 400)));
    const settings = await json<TSettings>(page.request, '/api/settings');
    const nextYear = String(parseISO(week[0]).getFullYear());
    const holidays = await json<THoliday[]>(page.request, `/api/public-holidays?startDate=${nextYear}-01-01&endDate=${nextYear}-12-31`);
    while (holidays.some((h) => week.slice(0, 5).includes(h.date))) week = weekDays(ymd(addDays(parseISO(week[0]), 7)));
    const [mon, tue, wed, thu, fri, sat] = week;
    const reasons = await json<TReason[]>(page.request, '/api/exception-reasons');
    const leave = reasons.find((r) => !r.isAdditive)!;
    const extra = reasons.find((r) => r.isAdditive)!;

    await page.goto(`/?view=week&date=${mon}`);
    await waitForData(page);
    const before = await readGrid(page);
    const hoursOf = (date: string) => page.locator(`[role="gridcell"][data-date="${date}"] [data-testid="day-hours"]`);
    const plus = (date: string, h: number) =>
      `${(Math.round((Number(before[date].hours!.replace('h available', '')) + h) * 10) / 10).toFixed(1)}h available`;
    const refresh = () => page.evaluate(() => window.dispatchEvent(new Event('calendar-refresh')));
    if (!settings.saturdayWorkday) await expect(hoursOf(sat)).toHaveText('0.0h available');

    const created = await page.request.post('/api/employees', {
      data: {
        name,
        efficiency: 50,
        mondayHours: 8,
        tuesdayHours: 8,
        wednesdayHours: 6,
        thursdayHours: 0,
        fridayHours: 8,
        saturdayHours: 8,
        sundayHours: 0,
      },
    });
    expect(created.status()).toBe(201);
    const employee = (await created.json()) as TEmployee;
    const exceptionIds: number[] = [];
    try {
      // The calendar refetches on the calendar-refresh event other screens fire after a change.
      await refresh();
      // Weekday hours × 50 %; nothing on Thursday (0 h) or at a non-working weekend.
      await expect(hoursOf(mon)).toHaveText(plus(mon, 4));
      await expect(hoursOf(tue)).toHaveText(plus(tue, 4));
      await expect(hoursOf(wed)).toHaveText(plus(wed, 3));
      await expect(hoursOf(thu)).toHaveText(before[thu].hours!);
      await expect(hoursOf(fri)).toHaveText(plus(fri, 4));
      await expect(hoursOf(sat)).toHaveText(settings.saturdayWorkday ? plus(sat, 4) : '0.0h available');

      const add = async (data: object) => {
        const res = await page.request.post('/api/exceptions', { data: { employeeId: employee.id, ...data } });
        expect(res.status(), await res.text()).toBe(201);
        exceptionIds.push(((await res.json()) as { id: number }).id);
      };
      await add({ reasonId: leave.id, startDate: mon, endDate: wed, isFullDay: true }); // takes the whole day's own hours: floored at 0
      await add({ reasonId: extra.id, startDate: thu, endDate: thu, isFullDay: false, hours: 2.5 }); // counts on a 0-hour day
      await add({ reasonId: leave.id, startDate: fri, endDate: fri, isFullDay: false, hours: 1.5 }); // 4.0 − 1.5
      await refresh();
      await expect(hoursOf(mon)).toHaveText(before[mon].hours!);
      await expect(hoursOf(tue)).toHaveText(before[tue].hours!);
      await expect(hoursOf(wed)).toHaveText(before[wed].hours!);
      await expect(hoursOf(thu)).toHaveText(plus(thu, 2.5));
      await expect(hoursOf(fri)).toHaveText(plus(fri, 2.5));

      const pill = (date: string) => cell(page, date).locator('[data-pill]').filter({ hasText: name });
      await expect(pill(mon)).toHaveText(`${name} – ${leave.name}`);
      await expect(pill(tue)).toHaveText(`${name} – ${leave.name} (continued)`);
      await expect(pill(wed)).toHaveText(`${name} – ${leave.name}`);

      // Changing a future working day marks it unauthorised: yellow until someone authorises it.
      for (const d of [mon, tue, wed, thu, fri]) await expect(cell(page, d)).toHaveAttribute('data-awaiting-auth', 'true');
      await expect(cell(page, sat)).not.toHaveAttribute('data-awaiting-auth', 'true');
      await cell(page, fri).click({ position: { x: 10, y: 150 } });
      await expect(title(page)).toHaveText(fullDate(fri));
      await expect(page.getByText('Needs Auth', { exact: true })).toBeVisible();
      await expect(page.getByText('This day has unauthorised changes')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Staff On This Day' })).toContainText(`${name} — ${leave.name} (1.5h)`);
      await expect(page.getByTestId('details-hours')).toHaveText(plus(fri, 2.5).replace('h available', ''));
      expect((await page.request.post('/api/day-changes/authorise', { data: { date: fri } })).ok()).toBeTruthy();
      await refresh();
      await expect(page.getByText('Authorised', { exact: true })).toBeVisible();
      await expect(page.getByText('This day has unauthorised changes')).toHaveCount(0);
    } finally {
      for (const id of exceptionIds) await page.request.delete(`/api/exceptions/${id}`);
      await page.request.delete(`/api/employees/${employee.id}`);
      // Leave no unauthorised days behind for other specs.
      for (const d of week) await page.request.post('/api/day-changes/authorise', { data: { date: d } });
    }
  });

  test('a seeded fortnight in a new site shows hand-computed hours', async ({ page }) => {
    // A business of its own: no demo staff, no holidays, weekends off. Every number below is worked out by hand.
    await newBusiness(page, 'Fortnight Ltd', 'fortnight');
    const settings = await json<TSettings>(page.request, '/api/settings');
    expect([settings.saturdayWorkday, settings.sundayWorkday]).toEqual([false, false]);

    const hire = async (name: string, efficiency: number, [mon, tue, wed, thu, fri, sat]: number[]) => {
      const res = await page.request.post('/api/employees', {
        data: {
          name,
          efficiency,
          mondayHours: mon,
          tuesdayHours: tue,
          wednesdayHours: wed,
          thursdayHours: thu,
          fridayHours: fri,
          saturdayHours: sat,
          sundayHours: 0,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as TEmployee).id;
    };
    // Base hours a weekday (hours × efficiency): Ann 8 every weekday (her Saturday 8 is not worked, weekends
    // are off); Bob 3, 3, 0, 3, 2; Cat 7 × 110 % = 7.7. Site default: Mon/Tue/Thu 18.7, Wed 15.7, Fri 17.7.
    const ann = await hire('Ann Fortnight', 100, [8, 8, 8, 8, 8, 8]);
    const bob = await hire('Bob Fortnight', 50, [6, 6, 0, 6, 4, 0]);
    const cat = await hire('Cat Fortnight', 110, [7, 7, 7, 7, 7, 0]);
    const reasons = await json<TReason[]>(page.request, '/api/exception-reasons');
    const leave = reasons.find((r) => !r.isAdditive)!.id;
    const extra = reasons.find((r) => r.isAdditive)!.id;
    const add = async (employeeId: number, reasonId: number, startDate: string, endDate: string, hours: number | null) => {
      const res = await page.request.post('/api/exceptions', {
        data: { employeeId, reasonId, startDate, endDate, isFullDay: hours === null, hours, notes: null },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    await add(ann, leave, '2030-03-06', '2030-03-07', null); // full day takes Ann's own 8: Wed, Thu → 0
    await add(bob, leave, '2030-03-04', '2030-03-04', 4); // 3 − 4 floors at 0
    await add(cat, extra, '2030-03-09', '2030-03-09', 2.5); // adds on a Saturday off
    await add(bob, extra, '2030-03-06', '2030-03-06', 1.5); // adds on Bob's 0-hour Wednesday
    await add(cat, leave, '2030-03-12', '2030-03-12', null); // full day takes Cat's own 7 from her 7.7 → 0.7
    await add(ann, leave, '2030-03-15', '2030-03-15', 2.5); // 8 − 2.5 = 5.5

    const fortnight: Record<string, string> = {
      '2030-03-04': '15.7', // 8 + 0 + 7.7
      '2030-03-05': '18.7',
      '2030-03-06': '9.2', // 0 + 1.5 + 7.7
      '2030-03-07': '10.7', // 0 + 3 + 7.7
      '2030-03-08': '17.7', // 8 + 2 + 7.7
      '2030-03-09': '2.5',
      '2030-03-10': '0.0',
      '2030-03-11': '18.7',
      '2030-03-12': '11.7', // 8 + 3 + 0.7
      '2030-03-13': '15.7',
      '2030-03-14': '18.7',
      '2030-03-15': '15.2', // 5.5 + 2 + 7.7
      '2030-03-16': '0.0',
      '2030-03-17': '0.0',
    };
    for (const monday of ['2030-03-04', '2030-03-11']) {
      await page.goto(`/?view=week&date=${monday}`);
      await waitForData(page);
      const week = Object.keys(fortnight).filter((d) => d >= monday && d <= ymd(addDays(parseISO(monday), 6)));
      expect(Object.keys(await readGrid(page))).toEqual(week);
      for (const d of week) await expect(cell(page, d).getByTestId('day-hours')).toHaveText(`${fortnight[d]}h available`);
    }
    await page.goto('/?view=month&date=2030-03-01');
    await waitForData(page);
    for (const [d, hours] of Object.entries(fortnight)) await expect(cell(page, d).getByTestId('day-hours')).toHaveText(`${hours} hours`);

    // The days the exceptions touched are recorded with the site's default and current hours.
    const changes = await json<TDayChange[]>(page.request, '/api/day-changes?startDate=2030-03-04&endDate=2030-03-17');
    const recorded = Object.fromEntries(changes.map((c) => [c.date, [c.defaultHours, c.currentHours]]));
    expect(recorded['2030-03-04']).toEqual([18.7, 15.7]);
    expect(recorded['2030-03-06']).toEqual([15.7, 9.2]);
    expect(recorded['2030-03-12']).toEqual([18.7, 11.7]);
    expect(recorded['2030-03-15']).toEqual([17.7, 15.2]);
  });

  test('hand-checked holidays: next year’s Good Friday and Easter Monday read 0.0 with their names', async ({ page }) => {
    // England's Easter holidays, written out by hand for the years the demo seeds as "next year".
    const easter: Record<number, [string, string]> = {
      2026: ['2026-04-03', '2026-04-06'],
      2027: ['2027-03-26', '2027-03-29'],
      2028: ['2028-04-14', '2028-04-17'],
      2029: ['2029-03-30', '2029-04-02'],
      2030: ['2030-04-19', '2030-04-22'],
    };
    const next = parseISO(today()).getFullYear() + 1;
    expect(easter[next], `add ${next}'s Easter holidays to this table`).toBeDefined();
    const [goodFriday, easterMonday] = easter[next];
    await page.goto(`/?view=week&date=${easterMonday}`);
    await waitForData(page);
    await expect(cell(page, easterMonday).getByTestId('day-hours')).toHaveText('0.0h available');
    await page.goto(`/?view=month&date=${goodFriday}`);
    await waitForData(page);
    await expect(cell(page, goodFriday).getByTestId('day-hours')).toHaveText('0.0 hours');
    await expect(cell(page, goodFriday).getByTestId('holiday-badge')).toHaveText('Holiday: Good Friday');
    await expect(cell(page, easterMonday).getByTestId('holiday-badge')).toHaveText('Holiday: Easter Monday');
  });

  test('a public holiday reads 0 hours with its name', async ({ page }) => {
    const nextYear = String(parseISO(today()).getFullYear() + 1);
    const holiday = (
      await json<THoliday[]>(page.request, `/api/public-holidays?startDate=${nextYear}-01-01&endDate=${nextYear}-12-31`)
    ).find((h) => parseISO(h.date).getDay() >= 1 && parseISO(h.date).getDay() <= 5);
    // The demo seeds next year's English holidays, Good Friday always among them: one falls on a weekday.
    expect(holiday, 'a weekday holiday next year').toBeDefined();
    if (!holiday) return;
    await page.goto(`/?view=day&date=${holiday.date}`);
    await expect(page.getByTestId('details-hours')).toHaveText('0.0');
    await expect(page.getByTestId('details-status')).toHaveText('Public Holiday');
    await expect(page.getByText(holiday.name, { exact: true })).toBeVisible();
    await page.goto(`/?view=month&date=${holiday.date}`);
    await waitForData(page);
    await expect(cell(page, holiday.date).getByTestId('day-hours')).toHaveText('0.0 hours');
    await expect(cell(page, holiday.date).getByTestId('holiday-badge')).toHaveText(`Holiday: ${holiday.name}`);
  });

  test('day view: details of a busy day, and the empty text on a quiet one', async ({ page }) => {
    const t = today();
    const days = monthGrid(parseISO(t).getFullYear(), parseISO(t).getMonth() + 1);
    const expected = await expectedFor(page.request, days);
    const busy = days.find((d) => expected.exceptions.some((e) => e.startDate <= d && e.endDate >= d));

    if (busy) {
      await page.goto(`/?view=month&date=${t}`);
      await waitForData(page);
      // Enter on a focused day opens it (a writer's click on a pill opens its edit dialog instead).
      await cell(page, busy).focus();
      await page.keyboard.press('Enter');
      await expect(title(page)).toHaveText(fullDate(busy));
      const staff = expected.exceptions
        .filter((e) => e.startDate <= busy && e.endDate >= busy)
        .map((e) => `${e.employeeName} — ${e.reasonName}${e.isFullDay ? '' : ` (${e.hours ?? 0}h)`}`);
      await expect(page.getByRole('list', { name: 'Staff On This Day' }).getByRole('listitem')).toHaveText(staff);
      await expect(page.getByTestId('details-hours')).toHaveText(expected.hours.get(busy)!.toFixed(1));
      await expect(page.getByTestId('day-view').getByTestId('day-hours')).toHaveText(`${expected.hours.get(busy)!.toFixed(1)}h available`);
    }

    // A weekday far ahead with nothing on it.
    let quiet = ymd(addDays(parseISO(t), 500));
    while ([0, 6].includes(parseISO(quiet).getDay())) quiet = ymd(addDays(parseISO(quiet), 1));
    const around = eachDay(quiet, quiet);
    const far = await expectedFor(page.request, around);
    expect(far.exceptions.length + far.notes.length).toBe(0);
    await page.goto(`/?view=day&date=${quiet}`);
    await expect(title(page)).toHaveText(fullDate(quiet));
    await expect(page.getByText('No exceptions or notes for this day')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Day Details' })).toBeVisible();
    const status = far.holidays.length ? 'Public Holiday' : 'Regular Workday';
    await expect(page.getByTestId('details-status')).toHaveText(status);
    await expect(page.getByTestId('details-hours')).toHaveText(far.hours.get(quiet)!.toFixed(1));
    await expect(page.getByText('No exceptions recorded')).toBeVisible();
    await expect(page.getByText('Authorised', { exact: true })).toBeVisible();
    await expect(page.getByText('This day has unauthorised changes')).toHaveCount(0);

    // Clicking a cell (not a pill) opens the day view.
    await page.goto(`/?view=week&date=${quiet}`);
    await waitForData(page);
    await cell(page, quiet).click({ position: { x: 10, y: 60 } });
    await expect(page).toHaveURL(new RegExp(`view=day&date=${quiet}`));
  });

  test('day-change load failure toasts and still draws the hours', async ({ page }) => {
    // The lists come in one calendar reply (decision 032): a reply without its day changes fails that list alone.
    await page.route('**/api/calendar?*', async (route) => {
      // The app may cancel a read it no longer needs (a refetch replaces it); its reply is then disposed
      // and there is nothing to fulfil. The read that counts is awaited below.
      const reply = await route
        .fetch()
        .then((r) => r.json())
        .catch(() => null);
      if (!reply) return;
      const { dayChanges: _dropped, ...rest } = reply;
      await route.fulfill({ status: 200, json: rest }).catch(() => undefined);
    });
    // The toast follows the answer, which comes only once the app has asked: wait for it, so a slow page
    // load does not eat the toast's time.
    const failed = page.waitForResponse((res) => res.url().includes('/api/calendar?'), { timeout: 30_000 });
    await page.goto('/');
    await failed;
    await expect(page.getByText('Failed to load day changes', { exact: true })).toBeVisible();
    await waitForData(page);
    await expect(page.getByRole('gridcell')).toHaveCount(42);
  });

  test('keyboard: arrows move between days across the grid edge, Enter opens a day, t m w d switch views', async ({ page }) => {
    const monday = weekDays(today())[0];
    await page.goto(`/?view=week&date=${monday}`);
    await waitForData(page);
    const sunday = weekDays(monday)[6];
    await cell(page, sunday).focus();
    await page.keyboard.press('ArrowRight');
    const nextMonday = weekDays(ymd(addDays(parseISO(monday), 7)))[0];
    await expect(cell(page, nextMonday)).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`date=${nextMonday}`));
    await page.keyboard.press('ArrowRight');
    await expect(cell(page, ymd(addDays(parseISO(nextMonday), 1)))).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(cell(page, sunday)).toBeFocused();
    await expect(cell(page, sunday)).toHaveAttribute('tabindex', '0');

    await page.keyboard.press('m');
    await expect(page).toHaveURL(/view=month/);
    await expect(title(page)).toHaveText(monthTitle(parseISO(sunday)));
    await cell(page, sunday).focus();
    await page.keyboard.press('ArrowDown');
    const below = ymd(addDays(parseISO(sunday), 7));
    await expect(cell(page, below)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(title(page)).toHaveText(fullDate(below));
    await page.keyboard.press('w');
    await expect(page).toHaveURL(/view=week/);
    await page.keyboard.press('t');
    await expect(page).toHaveURL(new RegExp(`date=${today()}`));
    // The week of today is drawn before the next key, as a person would see it.
    await expect(cell(page, today())).toBeVisible();
    await page.keyboard.press('d');
    await expect(title(page)).toHaveText(fullDate(today()));
  });

  test('side panel: starts collapsed, lists the site’s items, and its section order persists', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Employees & Exceptions', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('complementary', { name: 'Employees & Exceptions' });
    const sections = panel.getByRole('heading', { level: 3 });
    await expect(sections).toHaveCount(3);
    await expect(panel.getByRole('list', { name: 'Note templates' }).getByRole('listitem')).toHaveText([
      'Grey',
      'Blue',
      'Green',
      'Yellow',
      'Red',
      'Purple',
      'Cyan',
      'Lime',
      'Orange',
    ]);
    const employees = await json<TEmployee[]>(page.request, '/api/employees');
    await expect(panel.getByRole('list', { name: 'Employees' }).getByRole('listitem')).toHaveText(employees.map((e) => e.name));
    await expect(panel.getByRole('list', { name: 'Exception types' })).toContainText(/Reduces hours|Adds hours/);

    const before = await sections.allTextContents();
    const moved = before[1];
    const key = { Employees: 'employees', Notes: 'notes', 'Exception Types': 'exceptions' }[moved]!;
    try {
      await panel.getByRole('button', { name: `Move ${moved} section up` }).click();
      const after = [before[1], before[0], before[2]];
      await expect(sections).toHaveText(after);
      await expect(panel.getByRole('button', { name: `Move ${moved} section up` })).toBeDisabled();

      await page.reload();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(sections).toHaveText(after);
      expect((await json<TSettings>(page.request, '/api/settings')).sidebarCategoryOrder[0]).toBe(key);
    } finally {
      const current = (await json<TSettings>(page.request, '/api/settings')).sidebarCategoryOrder;
      if (current[0] === key)
        await page.request.post('/api/settings/reorder-categories', { data: { categoryType: key, direction: 'down' } });
    }
  });

  test('a read-only user sees the side panel without the arrows', async ({ page }) => {
    await page.context().clearCookies();
    await signIn(page, DEMO.viewer);
    await page.goto('/');
    await page.getByRole('button', { name: 'Employees & Exceptions', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Employees & Exceptions' });
    await expect(panel.getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(panel.getByRole('button', { name: /section (up|down)$/ })).toHaveCount(0);
  });
});
