import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TExceptionView, THoliday, TNoteView, TReason } from '../../src/shared/contracts/calendar';
import type { TEmployee } from '../../src/shared/contracts/employees';
import { addDaysStr, weekDays } from '../../src/shared/domain/dates';
import { DEMO, DEMO_PASSWORD, expect, test, toasts } from './fixtures';
import { referenceHours } from './reference-hours';

const today = () => new Date().toISOString().slice(0, 10);
export const cell = (page: Page, date: string) => page.locator(`[role="gridcell"][data-date="${date}"]`);
export const dialog = (page: Page) => page.getByRole('dialog');
export const pillOf = (page: Page, date: string, text: string) => cell(page, date).locator('[data-pill]').filter({ hasText: text });
export const span = (e: { startDate: string; endDate: string }) => [e.startDate, e.endDate];
export async function openWeek(page: Page, monday: string) {
  await page.goto(`/?view=week&date=${monday}`);
  await expect(page.getByText('Loading calendar data...')).toBeHidden();
  await expect(cell(page, monday).getByTestId('day-hours')).toBeVisible();
}
export const toast = (page: Page, ...texts: string[]) =>
  Promise.all(texts.map((t) => expect(toasts(page).getByText(t, { exact: true })).toBeVisible()));

async function json<T>(api: APIRequestContext, url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.ok(), `${url}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * The admin's own API session (apart from the page's, which the viewer test signs in as someone else),
 * one employee made for the test, and a clean-up of everything the test made in its week.
 */
export class Fixture {
  employee!: TEmployee;
  reasons: TReason[] = [];
  prefix = `E2E Edit ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  weeks: string[][] = [];
  constructor(readonly api: APIRequestContext) {}

  async setUp() {
    expect((await this.api.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } })).ok()).toBeTruthy();
    // 8 hours Monday to Friday at 100 %, nothing at weekends.
    const res = await this.api.post('/api/employees', {
      data: {
        name: this.prefix,
        efficiency: 100,
        mondayHours: 8,
        tuesdayHours: 8,
        wednesdayHours: 8,
        thursdayHours: 8,
        fridayHours: 8,
        saturdayHours: 0,
        sundayHours: 0,
      },
    });
    expect(res.status()).toBe(201);
    this.employee = (await res.json()) as TEmployee;
    this.reasons = await json<TReason[]>(this.api, '/api/exception-reasons');
  }

  get leave() {
    return this.reasons.find((r) => !r.isAdditive)!;
  }
  get extra() {
    return this.reasons.find((r) => r.isAdditive)!;
  }

  /** Monday to Sunday of a week at least `daysAhead` days away whose weekdays are not public holidays. */
  async week(daysAhead: number): Promise<string[]> {
    let week = weekDays(addDaysStr(today(), daysAhead));
    const holidays = (
      await json<THoliday[]>(this.api, `/api/public-holidays?startDate=${week[0]}&endDate=${addDaysStr(week[0], 120)}`)
    ).map((h) => h.date);
    while (week.slice(0, 5).some((d) => holidays.includes(d))) week = weekDays(addDaysStr(week[0], 7));
    this.weeks.push(week);
    return week;
  }

  /** The fixture employee's exceptions overlapping the week. */
  async exceptions(week: string[]): Promise<TExceptionView[]> {
    const all = await json<TExceptionView[]>(
      this.api,
      `/api/exceptions?startDate=${addDaysStr(week[0], -14)}&endDate=${addDaysStr(week[6], 14)}`,
    );
    return all.filter((e) => e.employeeId === this.employee.id);
  }

  async notes(week: string[]): Promise<TNoteView[]> {
    const all = await json<TNoteView[]>(this.api, `/api/notes?startDate=${addDaysStr(week[0], -14)}&endDate=${addDaysStr(week[6], 14)}`);
    return all.filter((n) => n.title.startsWith(this.prefix));
  }

  async addException(data: Partial<TExceptionView>) {
    const res = await this.api.post('/api/exceptions', { data: { employeeId: this.employee.id, isFullDay: true, ...data } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as TExceptionView;
  }

  /** Available hours `date` should show, by the independent reference from the lists the screen reads. */
  async expectedHours(date: string): Promise<string> {
    return (await referenceHours(this.api, [date])).get(date)!.toFixed(1);
  }

  async tearDown() {
    for (const week of this.weeks) {
      for (const n of await this.notes(week)) await this.api.delete(`/api/notes/${n.id}`);
      for (const e of await this.exceptions(week)) await this.api.delete(`/api/exceptions/${e.id}`);
    }
    await this.api.delete(`/api/employees/${this.employee.id}`);
    // Leave no unauthorised days behind for other specs.
    for (const week of this.weeks) for (const date of week) await this.api.post('/api/day-changes/authorise', { data: { date } });
    await this.api.dispose();
  }
}

export const fixtureTest = test.extend<{ f: Fixture }>({
  f: async ({ playwright, baseURL }, provide) => {
    const f = new Fixture(await playwright.request.newContext({ baseURL }));
    await f.setUp();
    await provide(f);
    await f.tearDown();
  },
});

/** A real pointer drag: press, move past the 5 px activation distance, glide to the target, release. */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

export async function centre(loc: Locator) {
  await loc.scrollIntoViewIfNeeded();
  const b = (await loc.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** A point `inset` px inside the right (or left) edge of a pill, on its resize handle. */
export async function edge(loc: Locator, side: 'start' | 'end', inset = 3) {
  const b = (await loc.boundingBox())!;
  return { x: side === 'end' ? b.x + b.width - inset : b.x + inset, y: b.y + b.height / 2 };
}
