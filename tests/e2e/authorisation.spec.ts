import type { APIRequestContext, Page } from '@playwright/test';
import type { TDayChange, THoliday, TReason } from '../../src/shared/contracts/calendar';
import type { TEmployee } from '../../src/shared/contracts/employees';
import { addDaysStr, weekDays } from '../../src/shared/domain/dates';
import { DEMO, DEMO_PASSWORD, expect, signIn, test, toasts } from './fixtures';

// Weeks 3–4 months ahead (clear of the other specs' dates), each moved on until its weekdays hold no public holiday.
const today = () => new Date().toISOString().slice(0, 10);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const cell = (page: Page, date: string) => page.locator(`[role="gridcell"][data-date="${date}"]`);
const toast = (page: Page, title: string, description?: string) =>
  Promise.all(
    [title, description].filter((t): t is string => !!t).map((t) => expect(toasts(page).getByText(t, { exact: true })).toBeVisible()),
  );

/** The admin's own API session, apart from the page's (the viewer test signs the page in as someone else). */
class Fixture {
  employee?: TEmployee;
  exceptionIds: number[] = [];
  days = new Set<string>();
  constructor(readonly api: APIRequestContext) {}

  async setUp() {
    expect((await this.api.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } })).ok()).toBeTruthy();
    const name = `E2E Auth ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const res = await this.api.post('/api/employees', {
      data: {
        name,
        efficiency: 100,
        mondayHours: 7.6,
        tuesdayHours: 7.6,
        wednesdayHours: 7.6,
        thursdayHours: 7.6,
        fridayHours: 7.6,
        saturdayHours: 0,
        sundayHours: 0,
      },
    });
    expect(res.status()).toBe(201);
    this.employee = (await res.json()) as TEmployee;
  }

  /** Monday to Sunday of a week at least `daysAhead` days away whose weekdays are not public holidays. */
  async week(daysAhead: number): Promise<string[]> {
    let week = weekDays(addDaysStr(today(), daysAhead));
    const res = await this.api.get(`/api/public-holidays?startDate=${week[0]}&endDate=${addDaysStr(week[0], 120)}`);
    const holidays = ((await res.json()) as THoliday[]).map((h) => h.date);
    while (week.slice(0, 5).some((d) => holidays.includes(d))) week = weekDays(addDaysStr(week[0], 7));
    return week;
  }

  /** A full-day absence of the fixture's employee: the server marks the day changed (unauthorised). */
  async absence(date: string) {
    const reasons = (await (await this.api.get('/api/exception-reasons')).json()) as TReason[];
    const leave = reasons.find((r) => !r.isAdditive)!;
    const res = await this.api.post('/api/exceptions', {
      data: { employeeId: this.employee!.id, reasonId: leave.id, startDate: date, endDate: date, isFullDay: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    this.exceptionIds.push(((await res.json()) as { id: number }).id);
    this.days.add(date);
  }

  async dayChange(date: string): Promise<TDayChange | undefined> {
    return ((await (await this.api.get(`/api/day-changes?startDate=${date}&endDate=${date}`)).json()) as TDayChange[])[0];
  }

  /** Removes what the test made and authorises its days, leaving no unauthorised days for other specs. */
  async tearDown() {
    for (const id of this.exceptionIds) await this.api.delete(`/api/exceptions/${id}`);
    if (this.employee) await this.api.delete(`/api/employees/${this.employee.id}`);
    for (const date of this.days) await this.api.post('/api/day-changes/authorise', { data: { date } });
    await this.api.dispose();
  }
}

const fixture = test.extend<{ f: Fixture }>({
  f: async ({ playwright, baseURL }, provide) => {
    const f = new Fixture(await playwright.request.newContext({ baseURL }));
    await f.setUp();
    await provide(f);
    await f.tearDown();
  },
});

/** Clicks the cell's empty corner (bottom left, below its pills): the day view opens. */
async function openDay(page: Page, date: string) {
  const box = (await cell(page, date).boundingBox())!;
  await cell(page, date).click({ position: { x: 6, y: box.height - 6 } });
  await expect(page).toHaveURL(new RegExp(`view=day&date=${date}`));
}

async function openWeek(page: Page, monday: string) {
  await page.goto(`/?view=week&date=${monday}`);
  await expect(page.getByText('Loading calendar data...')).toBeHidden();
  await expect(cell(page, monday).getByTestId('day-hours')).toBeVisible();
}

fixture.describe('Day authorisation', () => {
  fixture('a changed day is yellow, and authorising it in the day view records who and the hours', async ({ page, f }) => {
    await signIn(page, DEMO.admin);
    const [, tue] = await f.week(95);
    await f.absence(tue);
    await openWeek(page, weekDays(tue)[0]);
    await expect(cell(page, tue)).toHaveAttribute('data-awaiting-auth', 'true');
    await expect(cell(page, tue)).toHaveAttribute('aria-label', /awaiting authorisation$/);

    await openDay(page, tue);
    const status = page.getByTestId('auth-status');
    await expect(status).toHaveText('Needs Auth');
    await expect(page.getByText('This day has unauthorised changes')).toBeVisible();
    const hours = (await page.getByTestId('details-hours').textContent())!;
    await expect(page.getByTestId('auth-audit-by')).toHaveText('Not authorised yet');
    await expect(page.getByTestId('auth-audit-hours')).toHaveText(`Now ${hours}h`);

    await page.getByRole('button', { name: 'Authorise', exact: true }).click();
    await toast(page, 'Day Authorised');
    await expect(status).toHaveText('Authorised');
    await expect(page.getByText('This day has unauthorised changes')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Authorise', exact: true })).toHaveCount(0);
    const by = /^Authorised by admin on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;
    await expect(page.getByTestId('auth-audit-by')).toHaveText(by);
    await expect(page.getByTestId('auth-audit-hours')).toHaveText(`Authorised ${hours}h · now ${hours}h`);
    expect(await f.dayChange(tue)).toMatchObject({ authorised: true, authorisedBy: 'admin', authorisedHours: Number(hours) });

    await page.reload();
    await expect(status).toHaveText('Authorised');
    await expect(page.getByTestId('auth-audit-by')).toHaveText(by);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(cell(page, tue)).not.toHaveAttribute('data-awaiting-auth', 'true');
  });

  fixture('Authorise All takes the week’s changed days at once; again, there is nothing left', async ({ page, f }) => {
    await signIn(page, DEMO.admin);
    const week = await f.week(102);
    const [mon, tue, , thu] = week;
    await f.absence(tue);
    await f.absence(thu);
    await openWeek(page, mon);
    for (const d of [tue, thu]) await expect(cell(page, d)).toHaveAttribute('data-awaiting-auth', 'true');

    // The change shows before the server answers.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/day-changes/authorise-multiple', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Authorise All', exact: true }).click();
    for (const d of [tue, thu]) await expect(cell(page, d)).not.toHaveAttribute('data-awaiting-auth', 'true');
    release();
    await toast(page, 'Multiple Days Authorised', 'Successfully authorised 2 days.');
    await page.unroute('**/api/day-changes/authorise-multiple');
    expect((await f.dayChange(thu))?.authorised).toBe(true);

    await page.getByRole('button', { name: 'Authorise All', exact: true }).click();
    await toast(page, 'No changes to authorise', 'All days in this view are already authorised.');

    await page.getByRole('button', { name: 'Month', exact: true }).click();
    const month = MONTHS[Number(new URL(page.url()).searchParams.get('date')!.slice(5, 7)) - 1];
    await expect(page.getByRole('button', { name: `Authorise ${month}`, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Authorise All', exact: true })).toHaveCount(0);
  });

  fixture('a refusal puts the yellow back and says why', async ({ page, f }) => {
    await signIn(page, DEMO.admin);
    const [mon, , wed] = await f.week(109);
    await f.absence(wed);
    await openWeek(page, mon);
    const yellow = () => expect(cell(page, wed)).toHaveAttribute('data-awaiting-auth', 'true');
    await yellow();

    const refusals: Array<[{ status: number; contentType?: string; body?: string; json?: unknown }, string]> = [
      [{ status: 500, json: { message: 'boom' } }, 'Could not authorise days. Please try again.'],
      [{ status: 401, json: { message: 'Not authenticated' } }, 'Authentication required. Please log in again.'],
      [
        { status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' },
        'Authentication session expired. Please refresh the page and log in again.',
      ],
    ];
    for (const [reply, message] of refusals) {
      await page.route('**/api/day-changes/authorise-multiple', (route) => route.fulfill(reply));
      await page.getByRole('button', { name: 'Authorise All', exact: true }).click();
      await toast(page, 'Error', message);
      await yellow();
      await page.unroute('**/api/day-changes/authorise-multiple');
    }
    expect((await f.dayChange(wed))?.authorised).toBe(false);

    // In the day view a refusal reverts the badge without a toast (spec §4).
    await openDay(page, wed);
    await page.route('**/api/day-changes/authorise', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    const refused = page.waitForResponse('**/api/day-changes/authorise');
    await page.getByRole('button', { name: 'Authorise', exact: true }).click();
    await refused;
    await expect(page.getByTestId('auth-status')).toHaveText('Needs Auth');
    await expect(page.getByRole('button', { name: 'Authorise', exact: true })).toBeEnabled();
    await expect(toasts(page).getByText('Authorisation Failed')).toHaveCount(0);
    await expect(toasts(page).getByText('Day Authorised')).toHaveCount(0);
  });

  fixture('a read-only user sees the state but no Authorise buttons', async ({ page, f }) => {
    await signIn(page, DEMO.viewer);
    const [mon, , , thu] = await f.week(116);
    await f.absence(thu);
    await openWeek(page, mon);
    await expect(cell(page, thu)).toHaveAttribute('data-awaiting-auth', 'true');
    await expect(page.getByRole('button', { name: 'Authorise All' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Authorise / })).toHaveCount(0);
    await page.goto(`/?view=day&date=${thu}`);
    await expect(page.getByTestId('auth-status')).toHaveText('Needs Auth');
    await expect(page.getByText('This day has unauthorised changes')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Authorise', exact: true })).toHaveCount(0);
  });
});
