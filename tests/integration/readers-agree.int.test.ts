import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAbsenceTotals } from '../../src/shared/contracts/absence-totals';
import type { TBalancePreview, TBalances } from '../../src/shared/contracts/balances';
import type { TForecast } from '../../src/shared/contracts/coverage-forecast';
import type { TDayExplain } from '../../src/shared/contracts/employee-contracts';
import type { TLeaveImpact, TLeaveRequest } from '../../src/shared/contracts/leave-requests';
import { computeAvailability, prepareExceptions } from '../../src/shared/domain/availability';
import { withOthersHours } from '../../src/web/features/calendar/useCalendarModel';
import { mulberry32 } from '../../src/shared/domain/prng';
import { employees as employeeTable, sites as siteTable } from '../../src/server/db/schema';
import { calendarLists } from '../calendar-reply';
import { createEmployee, createSite, createTeam, grantSite } from '../factories';
import {
  addTotals,
  allowanceTake,
  inTakingOrder,
  datesFrom,
  employeeDay,
  measureExceptions,
  noTotals,
  requestHours,
  shown,
  shownHours,
  siteDay,
  type AbsEmployee,
  type AbsException,
  type AbsSite,
  type AbsTotals,
  type AbsVersion,
  weekdayIndex,
} from '../reference/absence-reference';
import { referenceBalance, type RefInput, type RefPolicy } from '../reference/balances-reference';
import { referenceDay } from '../reference/hours-by-date';
import { createClock, startTestApp, type TestApp, type TestResponse } from './harness';
import { staffUser, PASSWORD as STAFF_PASSWORD } from './leave-requests-fixture';

/*
 * Issue 47, item 7: every reader gives the same figures for the same inputs. A seeded generator builds, through
 * the HTTP API, three sites of one business over 2026 (one works Saturdays) with employees from before decision
 * 107 (from the beginning of time), employees added from today, joiners (future starts, and a past start through
 * the admin's confirmed past change), leavers (future end dates, and a past one confirmed), contract versions in
 * the middle of the year (future ones, a past one confirmed, and today's hours edited), public holidays (one on
 * a working Saturday), overlapping absences of every starter type (Annual Leave counts against the allowance,
 * Overtime adds hours), part days, full days with their own hours, absences across a joiner's start and a
 * leaver's end, time-off requests approved and pending, allowance policies (hours and days, upfront and monthly,
 * carry-over with expiry) and balance adjustments.
 *
 * The reference (tests/reference/absence-reference.ts, tests/reference/balances-reference.ts) is fed with what
 * the test SENT, never with what the app answers, and every figure compared is read through the app's routes:
 *  - the calendar reply (GET /api/calendar) decoded as the web decodes it and run through the browser's engine:
 *    each site-day's available and default hours, and each employee-day's base, available and weekday hours;
 *  - the hours report (POST /api/reports/csv, detailed per day and summary per week);
 *  - the exceptions report (detailed rows per exception and summary per employee, per month and for the year);
 *  - the day explanation (GET /api/day-explain) on a sample of days per site (every holiday, every joiner's first
 *    day and the day before, every leaver's last day and the day after, every contract change, random days);
 *  - a Staff member's calendar reply (decision 106): their own row through the browser engine plus `othersHours`;
 *  - the capacity forecast (GET /api/coverage/forecast, and its CSV): available, default, holiday, "if approved";
 *  - the balances (GET /api/balances) for the leave years 2025 and 2026, the balances report and the CSV export;
 *  - the employee's absence totals (GET /api/employees/{id}/absence-totals) for the year and for one month;
 *  - a request's hours (GET /api/leave-requests: totalHours) and its impact (…/impact: now and if approved);
 *  - the balance after a waiting request (GET /api/balances/preview: what it takes, remaining now and if approved).
 * There is no payroll export route, so there is no payroll reader to hold to these figures.
 *
 * Days checked by hand (seed 47, site "Readers A"; the test "the days checked by hand" holds every reader to them):
 *  - E6 works Mon 8, Tue 5.5, Wed 7.2, Thu 4, Fri 6 h at 50 % until 11 May. Wednesday 29 April 2026 holds Annual
 *    Leave (full day, 11 April – 6 August), Overtime (full day with 7 h, 28 April – 1 May) and Sick Leave (part
 *    day 4.9 h, 29–30 April). Base 7.2 × 50 % = 3.6; available max(0, 3.6 − 7.2 + 7 − 4.9) = 0. The leave, first,
 *    takes the whole 7.2 h day (1 day away: contract hours, not the 3.6 the calendar had); the sickness finds
 *    nothing left (0 h, 0 days); the overtime counts 7 h extra. Thursday 30 April (4 h): base 2.0, available
 *    2.0 − 4 + 7 − 4.9 = 0.1 h; the leave takes 4 h and 1 day. Over the two days: leave 2 days, 11.2 h; sickness
 *    0; overtime 14 h extra.
 *  - E3's hours were edited on 15 July (a version from that day: Tue 6 h at 90 %). Tuesday 20 October 2026 holds
 *    two Training absences: a full day with 5.9 h (15–24 October) and, recorded before it but starting later, a
 *    part day of 4.4 h (20–26 October). The one starting first takes 5.9 h (0.98 of the day), the other the 0.1 h
 *    left (0.02): 1 day and 6 h between them, not 10.3 h. Base 6 × 90 % = 5.4; available max(0, 5.4 − 10.3) = 0.
 */
const SEED = Number(process.env.READERS_SEED ?? 47);
const FROM = '2026-01-01';
const TO = '2026-12-31';
const SETUP_NOW = new Date('2025-12-01T09:00:00Z');
const SETUP_TODAY = '2025-12-01';
const READ_NOW = new Date('2026-07-15T09:00:00Z');
const TODAY = '2026-07-15';
const PASSWORD = 'readers-agree';

const clock = createClock(SETUP_NOW);
let t: TestApp;

const rnd = mulberry32(SEED);
const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const chance = (p: number) => rnd() < p;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
const tenths = (min: number, max: number) => int(min * 10, max * 10) / 10;
const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const clip = (date: string) => (date < FROM ? FROM : date > TO ? TO : date);
const dayIn = (from = FROM, to = TO) => addDays(from, int(0, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)));

const WEEK = ['mondayHours', 'tuesdayHours', 'wednesdayHours', 'thursdayHours', 'fridayHours', 'saturdayHours', 'sundayHours'] as const;
type WeekBody = { efficiency: number } & Record<(typeof WEEK)[number], number>;
const bodyOf = (v: Omit<AbsVersion, 'validFrom'>): WeekBody => ({
  efficiency: v.efficiency,
  ...(Object.fromEntries(WEEK.map((f, i) => [f, v.hours[i]])) as Record<(typeof WEEK)[number], number>),
});
function randomVersion(validFrom: string | null, s: Pick<SiteModel, 'saturdayWorkday' | 'sundayWorkday'>): AbsVersion {
  const day = () => (chance(0.1) ? 0 : pick([4, 5.5, 6, 7.2, 7.6, 8, 8, 9]));
  return {
    validFrom,
    efficiency: pick([100, 100, 100, 90, 75, 50, 120]),
    // Weekend hours mostly where the site works the day; a few elsewhere, which count only through exceptions.
    hours: [
      day(),
      day(),
      day(),
      day(),
      day(),
      s.saturdayWorkday && chance(0.6) ? pick([4, 5]) : 0,
      chance(s.sundayWorkday ? 0.5 : 0.1) ? 4 : 0,
    ],
  };
}

interface Request {
  id: number;
  employeeId: number;
  reasonId: number;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  status: 'approved' | 'pending';
}

interface SiteModel {
  id: number;
  name: string;
  saturdayWorkday: boolean;
  sundayWorkday: boolean;
  holidays: Array<{ date: string; name: string }>;
  employees: Array<AbsEmployee & { name: string; startDate: string | null }>;
  exceptions: AbsException[];
  requests: Request[];
  adjustments: Array<{ employeeId: number; date: string; hours: number; reason: string }>;
  policy: RefPolicy;
  staff: Array<{ employeeId: number; email: string; cookie?: string }>;
}

const sites: SiteModel[] = [];
let admin: string;
let writer: string;
let currentSite = 0;
const reasons: Record<string, { id: number; isAdditive: boolean; counts: boolean }> = {};

/** The model as the reference reads it: absences in the order they take from a day. */
const absSite = (s: SiteModel, extra: readonly AbsException[] = []): AbsSite => ({
  saturdayWorkday: s.saturdayWorkday,
  sundayWorkday: s.sundayWorkday,
  holidays: s.holidays.map((h) => h.date),
  employees: s.employees,
  exceptions: inTakingOrder([...s.exceptions, ...extra]),
});
const asException = (r: Request): AbsException => {
  const type = Object.values(reasons).find((x) => x.id === r.reasonId)!;
  return { ...r, isAdditive: type.isAdditive, countsAgainstAllowance: type.counts };
};

/** The answer, which must be a success (or exactly `status`). */
async function ok(res: TestResponse | Promise<TestResponse>, status?: number): Promise<TestResponse> {
  const r = await res;
  if (status === undefined ? r.statusCode < 200 || r.statusCode > 299 : r.statusCode !== status)
    throw new Error(`${r.statusCode} (wanted ${status ?? '2xx'}): ${r.body}`);
  return r;
}

async function use(siteIndex: number, cookie = admin) {
  if (currentSite === siteIndex && cookie === admin) return;
  await ok(t.post('/api/switch-site', { siteId: sites[siteIndex].id }, cookie));
  if (cookie === admin) currentSite = siteIndex;
}

/** A change of the past: refused with 409 PAST_CHANGE first, then confirmed. */
async function confirmed(send: (confirmPast: boolean) => Promise<TestResponse>, status?: number) {
  const refused = await send(false);
  expect(refused.statusCode, refused.body).toBe(409);
  expect(refused.json().code).toBe('PAST_CHANGE');
  return ok(send(true), status);
}

async function addEmployee(s: SiteModel, name: string, v: AbsVersion, startDate: string | undefined, past = false) {
  const body = { name, ...bodyOf(v), ...(startDate ? { startDate } : {}) };
  const res = past
    ? await confirmed((c) => t.post('/api/employees', { ...body, confirmPast: c }, admin), 201)
    : await ok(t.post('/api/employees', body, writer), 201);
  const start = startDate ?? (past ? TODAY : SETUP_TODAY);
  const e = { id: res.json().id as number, name, startDate: start, endDate: null, versions: [{ ...v, validFrom: start }] };
  s.employees.push(e);
  return e;
}

async function addVersion(e: SiteModel['employees'][number], v: AbsVersion, past = false) {
  const body = { ...bodyOf(v), validFrom: v.validFrom };
  if (past) await confirmed((c) => t.post(`/api/employees/${e.id}/contracts`, { ...body, confirmPast: c }, admin));
  else await ok(t.post(`/api/employees/${e.id}/contracts`, body, writer));
  (e.versions as AbsVersion[]).push(v);
}

async function endOn(e: SiteModel['employees'][number], endDate: string, past = false) {
  if (past) await confirmed((c) => t.put(`/api/employees/${e.id}/end-date`, { endDate, confirmPast: c }, admin));
  else await ok(t.put(`/api/employees/${e.id}/end-date`, { endDate }, writer));
  e.endDate = endDate;
}

async function addException(s: SiteModel, x: Omit<AbsException, 'id' | 'isAdditive' | 'countsAgainstAllowance'>, cookie = writer) {
  const res = await ok(t.post('/api/exceptions', x, cookie));
  const type = Object.values(reasons).find((r) => r.id === x.reasonId)!;
  s.exceptions.push({ ...x, id: res.json().id, isAdditive: type.isAdditive, countsAgainstAllowance: type.counts });
}

function randomException(s: SiteModel): Omit<AbsException, 'id' | 'isAdditive' | 'countsAgainstAllowance'> {
  const type = pick(['Annual Leave', 'Annual Leave', 'Annual Leave', 'Sick Leave', 'Sick Leave', 'Training', 'Overtime', 'Overtime']);
  let employeeId: number;
  let startDate: string;
  if (s.exceptions.length > 0 && chance(0.4)) {
    // Over an earlier one: overlapping absences, or extra hours on a day away.
    const near = pick(s.exceptions);
    employeeId = near.employeeId;
    startDate = clip(addDays(near.startDate, int(-2, 3)));
  } else {
    employeeId = pick(s.employees).id;
    startDate = dayIn();
  }
  const endDate = clip(addDays(startDate, pick([0, 0, 0, 1, 2, 3, 4, 6, 9, 13, 20])));
  const isFullDay = type === 'Overtime' ? chance(0.3) : chance(0.65);
  const hours = isFullDay && chance(0.75) ? null : tenths(0.5, 8);
  return { employeeId, reasonId: reasons[type].id, startDate, endDate, isFullDay, hours };
}

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  const team = await createTeam(t.db, PASSWORD);
  await t.db.update(siteTable).set({ name: 'Readers A' }).where(eq(siteTable.id, team.site.id));
  team.site.name = 'Readers A';
  for (const r of team.reasons) reasons[r.name] = { id: r.id, isAdditive: r.isAdditive, counts: r.countsAgainstAllowance };
  const more = [
    await createSite(t.db, team.business.id, { name: 'Readers B' }),
    await createSite(t.db, team.business.id, { name: 'Readers C' }),
  ];
  for (const site of more) await grantSite(t.db, team.admin.id, site.id);
  admin = await t.login(team.admin.email, PASSWORD);
  writer = await t.login(team.writer.email, PASSWORD);
  for (const site of more) await grantSite(t.db, team.writer.id, site.id);

  const policies: RefPolicy[] = [
    {
      unit: 'hours',
      entitlementHours: 200,
      fullTimeWeeklyHours: 40,
      yearStartMonth: 1,
      accrual: 'upfront',
      carryOverCapHours: 40,
      carryOverExpiry: { month: 3, day: 31 },
      firstLeaveYear: 2025,
    },
    {
      unit: 'days',
      entitlementDays: 25,
      fullWeekDays: 5,
      yearStartMonth: 4,
      accrual: 'monthly',
      carryOverCapHours: null,
      carryOverExpiry: null,
      firstLeaveYear: 2025,
    },
    {
      unit: 'hours',
      entitlementHours: 187.5,
      fullTimeWeeklyHours: 37.5,
      yearStartMonth: 1,
      accrual: 'monthly',
      carryOverCapHours: 0,
      carryOverExpiry: null,
      firstLeaveYear: 2026,
    },
  ];
  const siteRows = [team.site, ...more];
  for (const [i, row] of siteRows.entries()) {
    sites.push({
      id: row.id,
      name: row.name,
      // The second site works Saturdays, the third Sundays.
      saturdayWorkday: i === 1,
      sundayWorkday: i === 2,
      holidays: [],
      employees: [],
      exceptions: [],
      requests: [],
      adjustments: [],
      policy: policies[i],
      staff: [],
    });
  }

  // Setup: on 1 December 2025, so all of 2026 is still to come.
  for (const [i, s] of sites.entries()) {
    await use(i);
    await use(i, writer);
    await ok(t.put('/api/settings', { siteName: s.name, saturdayWorkday: s.saturdayWorkday, sundayWorkday: s.sundayWorkday }, admin));
    const holidays =
      i === 1
        ? ['2026-01-01', '2026-04-03', '2026-06-13', '2026-08-31', '2026-12-25', '2026-12-26']
        : ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28'];
    for (const date of holidays) {
      await ok(t.post('/api/public-holidays', { date, name: `Holiday ${date}` }, admin));
      s.holidays.push({ date, name: `Holiday ${date}` });
    }
    const { policy } = s;
    await ok(
      t.put(
        '/api/allowance-policy',
        {
          unit: policy.unit,
          entitlementHours: policy.unit === 'hours' ? policy.entitlementHours : 200,
          fullTimeWeeklyHours: policy.unit === 'hours' ? policy.fullTimeWeeklyHours : 40,
          entitlementDays: policy.unit === 'days' ? policy.entitlementDays : 25,
          fullWeekDays: policy.unit === 'days' ? policy.fullWeekDays : 5,
          yearStartMonth: policy.yearStartMonth,
          accrual: policy.accrual,
          carryOverCapHours: policy.carryOverCapHours,
          carryOverExpiry: policy.carryOverExpiry,
          firstLeaveYear: policy.firstLeaveYear,
          refuseBelowZero: false,
        },
        admin,
      ),
    );

    // One employee from before decision 107: a version from the beginning of time, no start date.
    const legacyVersion = randomVersion(null, s);
    const legacy = await createEmployee(t.db, s.id, { name: `${s.name} legacy`, ...bodyOf(legacyVersion), sortOrder: 0 });
    // On the second site it has a start date as well, which before decision 107 bounded the allowance only: the
    // site still counts its hours before that day, the balance does not (decision 107, "Employees from before").
    const legacyStart = i === 1 ? '2026-03-02' : null;
    if (legacyStart) await t.db.update(employeeTable).set({ startDate: legacyStart }).where(eq(employeeTable.id, legacy.id));
    s.employees.push({ id: legacy.id, name: legacy.name, startDate: legacyStart, endDate: null, versions: [legacyVersion] });

    for (let k = 1; k <= 10; k++) {
      const kind = k <= 3 ? 'steady' : k <= 5 ? 'joiner' : k <= 7 ? 'leaver' : k === 8 ? 'joiner-leaver' : 'steady';
      const start = kind.startsWith('joiner') ? dayIn('2026-02-01', '2026-09-30') : undefined;
      const e = await addEmployee(s, `${s.name} E${k}`, randomVersion(null, s), start);
      // Contract versions in the middle of the year (not for E1–E3: they change in the past later on).
      if (k > 3) {
        const dates = [
          ...new Set(Array.from({ length: pick([0, 1, 1, 2]) }, () => dayIn(addDays(e.startDate!, 1 + int(0, 30)), '2026-11-30'))),
        ];
        for (const validFrom of dates.sort()) await addVersion(e, randomVersion(validFrom, s));
      }
      if (kind.endsWith('leaver')) await endOn(e, dayIn(addDays(e.startDate! < FROM ? FROM : e.startDate!, 20), '2026-12-15'));
    }
    if (i === 0) await endOn(s.employees[0], '2026-10-30'); // the legacy employee leaves too

    // Absences across each joiner's start and each leaver's end: the days outside employment count nothing.
    for (const e of s.employees) {
      const start = e.versions[0].validFrom; // a joiner's first day (the legacy start date bounds no hours)
      if (start && start > FROM) {
        const type = pick(['Annual Leave', 'Sick Leave', 'Overtime']);
        await addException(s, {
          employeeId: e.id,
          reasonId: reasons[type].id,
          startDate: addDays(start, -3),
          endDate: addDays(start, 3),
          isFullDay: true,
          hours: type === 'Overtime' ? 2 : null,
        });
      }
      if (e.endDate) {
        await addException(s, {
          employeeId: e.id,
          reasonId: reasons['Annual Leave'].id,
          startDate: addDays(e.endDate, -2),
          endDate: addDays(e.endDate, 3),
          isFullDay: true,
          hours: null,
        });
      }
    }
    for (let n = 0; n < 45; n++) await addException(s, randomException(s));
    // Leave before the legacy start date on the second site: the site's hours lose it, the allowance does not.
    if (legacyStart) {
      await addException(s, {
        employeeId: s.employees[0].id,
        reasonId: reasons['Annual Leave'].id,
        startDate: '2026-02-09',
        endDate: '2026-02-13',
        isFullDay: true,
        hours: null,
      });
    }
    for (const e of [s.employees[1], s.employees[9]]) {
      const user = await staffUser(t.db, s.id, e.id);
      s.staff.push({ employeeId: e.id, email: user.email });
    }
  }

  // Later: Wednesday 15 July 2026. Changes of the past now need an administrator's confirmation.
  clock.set(READ_NOW);
  admin = await t.login(team.admin.email, PASSWORD);
  writer = await t.login(team.writer.email, PASSWORD);
  currentSite = -1;
  for (const [i, s] of sites.entries()) {
    await use(i);
    await use(i, writer);
    // A joiner whose start is in the past: refused, then confirmed.
    await addEmployee(s, `${s.name} backdated`, randomVersion(null, s), '2026-03-16', true);
    // A contract change from a past day, and an end date in the past.
    const [e1, e2, e3] = s.employees.slice(1, 4);
    await addVersion(e1, randomVersion('2026-05-04', s), true);
    await endOn(e2, '2026-06-12', true);
    // Today's hours edited: a version from today, every earlier day keeps its own.
    const edited = randomVersion(TODAY, s);
    await ok(t.put(`/api/employees/${e3.id}`, { name: e3.name, ...bodyOf(edited) }, writer));
    (e3.versions as AbsVersion[]).push(edited);
    // Absences recorded after the fact, and more still to come.
    for (let n = 0; n < 6; n++) {
      const x = randomException(s);
      if (x.startDate >= TODAY) x.startDate = dayIn('2026-02-01', '2026-07-10');
      if (x.endDate < x.startDate) x.endDate = x.startDate;
      await addException(s, x);
    }
    for (let n = 0; n < 4; n++) await addException(s, { ...randomException(s) });
    // Adjustments of the allowance.
    for (const e of s.employees.slice(4, 6)) {
      const adjustment = {
        employeeId: e.id,
        date: dayIn('2026-01-01', '2026-12-31'),
        hours: pick([8, -4, 15.2, -7.5]),
        reason: 'Readers test',
      };
      await ok(
        t.post(
          `/api/employees/${e.id}/balance-adjustments`,
          { date: adjustment.date, hours: adjustment.hours, reason: adjustment.reason },
          admin,
        ),
        201,
      );
      s.adjustments.push(adjustment);
    }
    // Time-off requests by two linked staff members: each asks three times; one is approved.
    for (const st of s.staff) {
      const cookie = await t.login(st.email, STAFF_PASSWORD);
      st.cookie = cookie;
      let from = addDays(TODAY, int(1, 10));
      for (const [n, type] of (['Annual Leave', 'Annual Leave', 'Training'] as const).entries()) {
        const isFullDay = n !== 1;
        const body = {
          reasonId: reasons[type].id,
          startDate: from,
          endDate: addDays(from, pick([0, 1, 2, 4, 6])),
          isFullDay,
          hours: isFullDay ? null : tenths(1, 6),
        };
        const made = await ok(t.post('/api/leave-requests', body, cookie), 201);
        const request: Request = { id: made.json().id, employeeId: st.employeeId, ...body, status: 'pending' };
        s.requests.push(request);
        from = addDays(body.endDate, int(1, 20));
        if (n === 0) {
          const approved = await ok(t.post(`/api/leave-requests/${request.id}/approve`, {}, admin));
          request.status = 'approved';
          const x = asException(request);
          s.exceptions.push({ ...x, id: approved.json().exceptionId });
        }
      }
    }
  }
  currentSite = -1;
}, 600_000);
afterAll(() => t?.close());

const csvRows = (res: TestResponse) =>
  res.rawPayload
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(','));
const fail = (list: string[], line: string) => {
  if (list.length < 40) list.push(line);
};
const seedNote = () => `seed ${SEED} (READERS_SEED=${SEED} to repeat)`;

describe(`every reader gives the reference's figures (${'seed'} printed on failure)`, () => {
  it('builds a year of three sites with at least 10,000 employee-days that reach every rule', () => {
    const employeeDays = sites.reduce((n, s) => n + s.employees.length, 0) * datesFrom(FROM, TO).length;
    expect(employeeDays).toBeGreaterThanOrEqual(10_000);
    const reached = {
      overlapCountedOnce: 0,
      partDay: 0,
      fullDayOwnHours: 0,
      extraOnDayAway: 0,
      outsideEmployment: 0,
      onHoliday: 0,
      workedSaturday: 0,
      workedSunday: 0,
      floored: 0,
      // Leave that an absence of another type, starting earlier, leaves nothing of in the exceptions report, but
      // that the allowance still counts (absence-takes.ts: sickness does not shrink what leave takes from it).
      allowanceCountsMoreThanReport: 0,
    };
    for (const s of sites) {
      const site = absSite(s);
      // The reference cross-checked with the older one for site hours (tests/reference/hours-by-date.ts).
      const old = {
        saturdayWorkday: s.saturdayWorkday,
        sundayWorkday: s.sundayWorkday,
        holidays: [...site.holidays],
        employees: s.employees.map((e) => ({
          id: e.id,
          endDate: e.endDate,
          versions: e.versions.map((v) => ({ ...v, hours: [...v.hours] as never })),
        })),
        exceptions: [...site.exceptions],
      };
      for (const date of datesFrom(FROM, TO)) {
        const b = referenceDay(old, date);
        expect({ date, ...siteDay(site, date) }, seedNote()).toEqual({ date, available: b.available, default: b.default });
        for (const e of s.employees) {
          const d = employeeDay(site, e.id, date);
          if (d.base > 0 && weekdayIndex(date) === 5) reached.workedSaturday++;
          if (d.base > 0 && weekdayIndex(date) === 6) reached.workedSunday++;
          if (d.takes.length === 0) continue;
          const xs = d.takes.map((x) => site.exceptions.find((y) => y.id === x.exceptionId)!);
          const asked = -d.takes.reduce((a, x) => a + Math.min(0, x.amount), 0);
          const away = d.takes.reduce((a, x) => a + x.away, 0);
          if (d.takes.filter((x) => x.amount < 0).length > 1 && away > 0 && asked > away) reached.overlapCountedOnce++;
          if (d.takes.some((x, i) => !xs[i].isFullDay && x.away > 0)) reached.partDay++;
          if (d.takes.some((x, i) => xs[i].isFullDay && xs[i].hours !== null && x.away > 0)) reached.fullDayOwnHours++;
          if (away > 0 && d.takes.some((x) => x.extra > 0)) reached.extraOnDayAway++;
          if (!d.employed) reached.outsideEmployment++;
          if (d.holiday && d.employed) reached.onHoliday++;
          if (d.employed && !d.holiday && d.base + d.takes.reduce((a, x) => a + x.amount, 0) < 0) reached.floored++;
          const leaveInReport = d.takes.reduce((a, x, i) => a + (xs[i].countsAgainstAllowance ? x.away : 0), 0);
          if (allowanceTake(site, e.id, date, [], e.startDate).approved > leaveInReport) reached.allowanceCountsMoreThanReport++;
        }
      }
    }
    for (const [rule, n] of Object.entries(reached)) expect(n, `${rule} on ${n} employee-days; ${seedNote()}`).toBeGreaterThanOrEqual(5);
  });

  it.runIf(SEED === 47)('the days checked by hand', async () => {
    const s = sites[0];
    const site = absSite(s);
    const e6 = s.employees.find((e) => e.name === 'Readers A E6')!;
    const e3 = s.employees.find((e) => e.name === 'Readers A E3')!;
    const hand = (d: ReturnType<typeof employeeDay>) => ({
      base: d.base,
      available: d.available,
      takes: d.takes.map((x) => [x.away, x.share, x.extra]),
    });
    // Leave, overtime, sickness, in the order they take; units of 1e-5 h.
    expect(hand(employeeDay(site, e6.id, '2026-04-29'))).toEqual({
      base: 360_000,
      available: 0,
      takes: [
        [720_000, 1, 0],
        [0, 0, 700_000],
        [0, 0, 0],
      ],
    });
    expect(hand(employeeDay(site, e6.id, '2026-04-30'))).toEqual({
      base: 200_000,
      available: 10_000,
      takes: [
        [400_000, 1, 0],
        [0, 0, 700_000],
        [0, 0, 0],
      ],
    });
    expect(hand(employeeDay(site, e3.id, '2026-10-20'))).toEqual({
      base: 540_000,
      available: 0,
      takes: [
        [590_000, 590_000 / 600_000, 0],
        [10_000, 10_000 / 600_000, 0],
      ],
    });

    await use(0);
    for (const [date, adjusted, sum] of [
      ['2026-04-29', 0, -1.5],
      ['2026-04-30', 0.1, 0.1],
    ] as const) {
      const row = ((await ok(t.get(`/api/day-explain?date=${date}`, admin))).json() as TDayExplain).employees.find(
        (x) => x.employeeId === e6.id,
      )!;
      expect([row.baseHours, row.adjustedHours, row.sumHours, row.exceptions.map((x) => x.amount).sort((a, b) => a - b)]).toEqual([
        date === '2026-04-29' ? 3.6 : 2,
        adjusted,
        sum,
        date === '2026-04-29' ? [-7.2, -4.9, 7] : [-4.9, -4, 7],
      ]);
    }
    const totals = async (id: number, from: string, to: string) =>
      Object.fromEntries(
        ((await ok(t.get(`/api/employees/${id}/absence-totals?startDate=${from}&endDate=${to}`, admin))).json() as TAbsenceTotals).types
          .filter((x) => x.count > 0)
          .map((x) => [x.name, [x.count, x.daysAway, x.hoursAway, x.hoursExtra]]),
      );
    expect(await totals(e6.id, '2026-04-29', '2026-04-30')).toEqual({
      'Annual Leave': [1, 2, 11.2, 0],
      'Sick Leave': [1, 0, 0, 0],
      Overtime: [1, 0, 0, 14],
    });
    expect(await totals(e3.id, '2026-10-20', '2026-10-20')).toEqual({ Training: [2, 1, 6, 0] });
    const report = csvRows(
      await ok(
        t.post(
          '/api/reports/csv',
          { startDate: '2026-10-20', endDate: '2026-10-20', reportType: 'exceptions', siteScope: 'current' },
          admin,
        ),
      ),
    );
    // Site B's employee from before decision 107 with a start date of 2 March: a week of leave on 9–13 February is
    // hours away for the site (the exceptions report and the absence totals) and nothing for the allowance.
    const b = sites[1];
    const legacy = b.employees[0];
    await use(1);
    const february = csvRows(
      await ok(
        t.post(
          '/api/reports/csv',
          { startDate: '2026-02-09', endDate: '2026-02-13', reportType: 'exceptions', siteScope: 'current' },
          admin,
        ),
      ),
    ).filter((r) => r[1] === legacy.name && r[3] === '2026-02-09');
    const week = legacy.versions[0].hours.slice(0, 5).reduce((a, h) => a + h, 0);
    const workdays = legacy.versions[0].hours.slice(0, 5).filter((h) => h > 0).length;
    expect(february.map((r) => [r[2], Number(r[7]), Number(r[8])])).toEqual([['Annual Leave', workdays, week]]);
    const without = { ...b, exceptions: b.exceptions.filter((x) => !(x.employeeId === legacy.id && x.startDate === '2026-02-09')) };
    const balance2025 = ((await ok(t.get(`/api/balances?year=2025&employeeId=${legacy.id}`, admin))).json() as TBalances).rows[0];
    expect(balance2025.taken).toBe(referenceBalance(balanceInput(without, legacy, 2025)).takenHours);
    await use(0);
    expect(report.filter((r) => r[1] === e3.name).map((r) => r.slice(2, 10).join(','))).toEqual([
      'Training,2026-10-15,2026-10-24,yes,5.9,1,5.9,0',
      'Training,2026-10-20,2026-10-26,no,4.4,0,0.1,0',
    ]);
  });

  it('the calendar reply, through the browser engine: every site-day and employee-day', async () => {
    const wrong: string[] = [];
    let employeeDays = 0;
    for (const [i, s] of sites.entries()) {
      await use(i);
      const url = `/api/calendar?startDate=${FROM}&endDate=${TO}`;
      const reply = calendarLists(url, (await ok(t.get(url, admin))).json());
      const days = computeAvailability({
        days: datesFrom(FROM, TO),
        settings: { saturdayWorkday: reply.settings.saturdayWorkday, sundayWorkday: reply.settings.sundayWorkday },
        employees: reply.employees,
        exceptions: prepareExceptions(reply.exceptions),
        holidays: reply.holidays,
        storedDays: reply.dayChanges.map((c) => ({ date: c.date, currentHours: c.currentHours })),
      });
      const site = absSite(s);
      for (const date of datesFrom(FROM, TO)) {
        const got = days.get(date)!;
        const want = siteDay(site, date);
        if (got.availableHours !== want.available || got.defaultHours !== want.default)
          fail(wrong, `${s.name} ${date}: calendar ${got.availableHours}/${got.defaultHours}, reference ${want.available}/${want.default}`);
        const detail = new Map(got.employees.map((e) => [e.employeeId, e]));
        for (const e of s.employees) {
          employeeDays++;
          const ref = employeeDay(site, e.id, date);
          const engine = detail.get(e.id);
          const seen = {
            base: Math.round((engine?.baseHours ?? 0) * 100_000),
            available: Math.round((engine?.adjustedHours ?? 0) * 100_000),
            weekday: Math.round((engine?.weekdayHours ?? 0) * 100_000),
          };
          const expected = { base: ref.base, available: ref.available, weekday: engine ? ref.weekday : seen.weekday };
          if (JSON.stringify(seen) !== JSON.stringify(expected))
            fail(wrong, `${s.name} ${e.name} ${date}: calendar ${JSON.stringify(seen)}, reference ${JSON.stringify(expected)}`);
        }
      }
    }
    expect(employeeDays).toBeGreaterThanOrEqual(10_000);
    expect(wrong, seedNote()).toEqual([]);
  });

  it("a Staff member's calendar: their own row through the browser engine plus everyone else's hours", async () => {
    const wrong: string[] = [];
    let staffDays = 0;
    for (const s of sites) {
      const site = absSite(s);
      for (const st of s.staff) {
        const url = `/api/calendar?startDate=${FROM}&endDate=${TO}`;
        const reply = calendarLists(url, (await ok(t.get(url, st.cookie))).json());
        const days = withOthersHours(
          computeAvailability({
            days: datesFrom(FROM, TO),
            settings: { saturdayWorkday: reply.settings.saturdayWorkday, sundayWorkday: reply.settings.sundayWorkday },
            employees: reply.employees,
            exceptions: prepareExceptions(reply.exceptions),
            holidays: reply.holidays,
            storedDays: reply.dayChanges.map((c) => ({ date: c.date, currentHours: c.currentHours })),
          }),
          reply.othersHours ?? {},
        );
        for (const date of datesFrom(FROM, TO)) {
          staffDays++;
          const got = days.get(date)!;
          const own = got.employees.find((x) => x.employeeId === st.employeeId);
          const ref = employeeDay(site, st.employeeId, date);
          const seen = [got.availableHours, Math.round((own?.adjustedHours ?? 0) * 100_000)];
          const expected = [siteDay(site, date).available, ref.available];
          if (!same(seen, expected)) fail(wrong, `${s.name} staff ${st.email} ${date}: calendar ${seen}, reference ${expected}`);
        }
      }
    }
    expect(staffDays).toBe(6 * 365);
    expect(wrong, seedNote()).toEqual([]);
  });

  it('the hours report: every site-day, and every week of the summary', async () => {
    const wrong: string[] = [];
    const detailed = csvRows(
      await ok(t.post('/api/reports/csv', { startDate: FROM, endDate: TO, reportType: 'hours', siteScope: 'all' }, admin)),
    );
    const summary = csvRows(
      await ok(
        t.post('/api/reports/csv', { startDate: FROM, endDate: TO, reportType: 'hours', siteScope: 'all', format: 'summary' }, admin),
      ),
    );
    for (const s of sites) {
      const site = absSite(s);
      const rows = detailed.filter((r) => r[0] === s.name);
      expect(rows.map((r) => r[1])).toEqual(datesFrom(FROM, TO));
      for (const [, date, , available, dflt] of rows) {
        const want = siteDay(site, date);
        if (Number(available) !== want.available || Number(dflt) !== want.default)
          fail(wrong, `${s.name} ${date}: hours report ${available}/${dflt}, reference ${want.available}/${want.default}`);
      }
      const weeks = summary.filter((r) => r[0] === s.name);
      expect(weeks.length).toBe(53);
      for (const [, from, to, available, dflt] of weeks) {
        let a = 0;
        let d = 0;
        for (const date of datesFrom(from, to)) {
          const want = siteDay(site, date);
          a += Math.round(want.available * 10);
          d += Math.round(want.default * 10);
        }
        if (Number(available) !== a / 10 || Number(dflt) !== d / 10)
          fail(wrong, `${s.name} week ${from}–${to}: hours report ${available}/${dflt}, reference ${a / 10}/${d / 10}`);
      }
    }
    expect(wrong, seedNote()).toEqual([]);
  });

  it('the exceptions report: every row and every employee, month by month and for the year', async () => {
    const wrong: string[] = [];
    const windows: Array<[string, string]> = [[FROM, TO]];
    for (let m = 1; m <= 12; m++) {
      const from = `2026-${String(m).padStart(2, '0')}-01`;
      windows.push([from, addDays(m === 12 ? '2027-01-01' : `2026-${String(m + 1).padStart(2, '0')}-01`, -1)]);
    }
    let rowsCompared = 0;
    for (const [from, to] of windows) {
      const body = { startDate: from, endDate: to, reportType: 'exceptions', siteScope: 'all' };
      const detailed = csvRows(await ok(t.post('/api/reports/csv', body, admin)));
      const summary = csvRows(await ok(t.post('/api/reports/csv', { ...body, format: 'summary' }, admin)));
      const typeName = (id: number) => Object.entries(reasons).find(([, r]) => r.id === id)![0];
      for (const s of sites) {
        const site = absSite(s);
        const measured = measureExceptions(site, from, to);
        const want: string[] = [];
        const perEmployee = new Map<number, AbsTotals>();
        for (const x of site.exceptions) {
          const m = measured.get(x.id);
          if (!m) continue;
          const e = s.employees.find((p) => p.id === x.employeeId)!;
          const f = shown(m);
          want.push(
            [
              e.name,
              typeName(x.reasonId),
              x.startDate,
              x.endDate,
              x.isFullDay ? 'yes' : 'no',
              x.hours ?? '',
              f.daysAway,
              f.hoursAway,
              f.hoursExtra,
            ].join(','),
          );
          addTotals(perEmployee.get(e.id) ?? perEmployee.set(e.id, noTotals()).get(e.id)!, m);
        }
        const got = detailed.filter((r) => r[0] === s.name).map((r) => r.slice(1, 10).join(','));
        rowsCompared += got.length;
        const missing = want.filter((w) => !got.includes(w));
        const extra = got.filter((g) => !want.includes(g));
        for (const m of missing) fail(wrong, `${s.name} ${from}–${to}: exceptions report lacks the reference's row ${m}`);
        for (const m of extra) fail(wrong, `${s.name} ${from}–${to}: exceptions report row ${m} is not the reference's`);
        if (got.length !== want.length) fail(wrong, `${s.name} ${from}–${to}: ${got.length} rows, reference ${want.length}`);
        const sums = summary.filter((r) => r[0] === s.name).map((r) => r.slice(1).join(','));
        const wantSums = s.employees
          .filter((e) => perEmployee.has(e.id))
          .map((e) => {
            const f = shown(perEmployee.get(e.id)!);
            return [e.name, f.count, f.daysAway, f.hoursAway, f.hoursExtra].join(',');
          });
        if (JSON.stringify([...sums].sort()) !== JSON.stringify([...wantSums].sort()))
          fail(wrong, `${s.name} ${from}–${to}: summary ${JSON.stringify(sums)}, reference ${JSON.stringify(wantSums)}`);
      }
    }
    expect(rowsCompared).toBeGreaterThan(300);
    expect(wrong, seedNote()).toEqual([]);
  });

  it('the day explanation: a sample of days on every site, each employee', async () => {
    const wrong: string[] = [];
    let explained = 0;
    for (const [i, s] of sites.entries()) {
      await use(i);
      const site = absSite(s);
      const dates = new Set<string>(s.holidays.map((h) => h.date));
      for (const e of s.employees) {
        if (e.startDate && e.startDate >= FROM) [e.startDate, addDays(e.startDate, -1)].forEach((d) => dates.add(d));
        if (e.endDate) [e.endDate, addDays(e.endDate, 1)].forEach((d) => dates.add(d));
        for (const v of e.versions) if (v.validFrom && v.validFrom >= FROM) dates.add(v.validFrom);
      }
      for (let n = 0; n < 12; n++) dates.add(dayIn());
      for (const x of site.exceptions.filter((x) => x.isAdditive).slice(0, 6)) dates.add(x.startDate);
      for (const date of [...dates].filter((d) => d >= FROM && d <= TO).sort()) {
        explained++;
        const got = (await ok(t.get(`/api/day-explain?date=${date}`, admin))).json() as TDayExplain;
        const want = siteDay(site, date);
        if (got.availableHours !== want.available || got.defaultHours !== want.default)
          fail(
            wrong,
            `${s.name} ${date}: explanation ${got.availableHours}/${got.defaultHours}, reference ${want.available}/${want.default}`,
          );
        for (const e of s.employees) {
          const ref = employeeDay(site, e.id, date);
          const row = got.employees.find((x) => x.employeeId === e.id);
          // The explanation lists whom the day's detail lists: a base above 0, or an exception that day.
          const listed = ref.base > 0 || ref.takes.length > 0;
          if (!row) {
            if (listed)
              fail(
                wrong,
                `${s.name} ${e.name} ${date}: the explanation leaves out an employee with base ${ref.base} and ${ref.takes.length} exceptions`,
              );
            continue;
          }
          const seen = {
            listed: true,
            employed: row.contract !== null,
            weekday: row.contract ? row.contract.weekdayHours : 0,
            efficiency: row.contract ? row.contract.efficiency : null,
            base: Math.round(row.baseHours * 100_000),
            available: Math.round(row.adjustedHours * 100_000),
            exceptions: row.exceptions.map((x) => [x.id, Math.round(x.amount * 100_000)]).sort((a, b) => a[0] - b[0]),
          };
          const expected = {
            listed,
            employed: ref.employed,
            weekday: ref.weekday / 100_000,
            efficiency: ref.version?.efficiency ?? null,
            base: ref.base,
            available: ref.available,
            exceptions: ref.takes.map((x) => [x.exceptionId, x.amount]).sort((a, b) => a[0] - b[0]),
          };
          if (!same(seen, expected))
            fail(wrong, `${s.name} ${e.name} ${date}: explanation ${JSON.stringify(seen)}, reference ${JSON.stringify(expected)}`);
        }
      }
    }
    expect(explained).toBeGreaterThan(100);
    expect(wrong, seedNote()).toEqual([]);
  });

  it('the capacity forecast: available, default, holiday and if approved, for every day of the year', async () => {
    const wrong: string[] = [];
    let compared = 0;
    for (let from = '2025-12-29'; from <= TO; from = addDays(from, 84)) {
      const got = (await ok(t.get(`/api/coverage/forecast?from=${from}&weeks=12`, admin))).json() as TForecast;
      for (const s of sites) {
        const row = got.sites.find((x) => x.id === s.id)!;
        const site = absSite(s);
        const ifApproved = absSite(
          s,
          s.requests.filter((r) => r.status === 'pending').map((r) => ({ ...asException(r), id: 1e9 + r.id })),
        );
        for (const [d, date] of got.dates.entries()) {
          compared++;
          const want = siteDay(site, date);
          const holiday = s.holidays.find((h) => h.date === date)?.name ?? null;
          const seen = [row.availableHours[d], row.defaultHours[d], row.holiday[d], row.ifApprovedHours[d]];
          const expected = [want.available, want.default, holiday, siteDay(ifApproved, date).available];
          if (JSON.stringify(seen) !== JSON.stringify(expected))
            fail(wrong, `${s.name} ${date}: forecast ${JSON.stringify(seen)}, reference ${JSON.stringify(expected)}`);
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(3 * 365);
    expect(wrong, seedNote()).toEqual([]);
  });

  it('the capacity CSV gives the forecast, row by row', async () => {
    const wrong: string[] = [];
    const from = '2026-10-05';
    const rows = csvRows(await ok(t.get(`/api/export/capacity.csv?from=${from}&weeks=12`, admin)));
    expect(rows).toHaveLength(3 * 84);
    for (const [name, date, available, , dflt, ifApproved, , holiday] of rows) {
      const s = sites.find((x) => x.name === name)!;
      const pending = s.requests.filter((r) => r.status === 'pending').map((r) => ({ ...asException(r), id: 1e9 + r.id }));
      const seen = [Number(available), Number(dflt), Number(ifApproved), holiday];
      const expected = [
        siteDay(absSite(s), date).available,
        siteDay(absSite(s), date).default,
        siteDay(absSite(s, pending), date).available,
        s.holidays.find((h) => h.date === date)?.name ?? '',
      ];
      if (!same(seen, expected)) fail(wrong, `${name} ${date}: capacity CSV ${seen}, reference ${expected}`);
    }
    expect(wrong, seedNote()).toEqual([]);
  });

  it('the balances of every employee, for two leave years, and what they count of each day', async () => {
    const wrong: string[] = [];
    let rows = 0;
    for (const [i, s] of sites.entries()) {
      await use(i);
      for (const year of [2025, 2026]) {
        if (year < s.policy.firstLeaveYear) continue;
        const got = (await ok(t.get(`/api/balances?year=${year}`, admin))).json() as TBalances;
        for (const e of s.employees) {
          const ref = referenceBalance(balanceInput(s, e, year));
          const row = got.rows.find((r) => r.employeeId === e.id);
          rows++;
          const seen = row && {
            entitlement: row.entitlement,
            accrued: row.accrued,
            carriedOver: row.carriedOver,
            carryOverExpiresOn: row.carryOverExpiresOn,
            expired: row.expired,
            taken: row.taken,
            booked: row.booked,
            pending: row.pending,
            adjustments: row.adjustments,
            remaining: row.remaining,
            days: row.days,
          };
          const expected = {
            entitlement: ref.entitlementHours,
            accrued: ref.accruedHours,
            carriedOver: ref.carriedOverHours,
            carryOverExpiresOn: ref.carryOverExpiresOn,
            expired: ref.expiredHours,
            taken: ref.takenHours,
            booked: ref.bookedHours,
            pending: ref.pendingHours,
            adjustments: ref.adjustmentHours,
            remaining: ref.remainingHours,
            days: ref.days,
          };
          if (JSON.stringify(seen) !== JSON.stringify(expected))
            fail(wrong, `${s.name} ${e.name} ${year}: balance ${JSON.stringify(seen)}\n    reference ${JSON.stringify(expected)}`);
          // The balance's taken and booked are the day-by-day counting takes of the absence reference.
          const site = absSite(s);
          const pending = s.requests.filter((r) => r.status === 'pending').map(asException);
          let taken = 0;
          let booked = 0;
          let waiting = 0;
          for (const date of datesFrom(ref.yearStart, ref.yearEnd)) {
            const day = allowanceTake(site, e.id, date, pending, e.startDate);
            if (date <= TODAY) taken += day.approved;
            else booked += day.approved;
            waiting += day.pending;
          }
          const byDay = [shownHours(taken), shownHours(booked), shownHours(waiting)];
          if (row && JSON.stringify(byDay) !== JSON.stringify([row.taken, row.booked, row.pending]))
            fail(
              wrong,
              `${s.name} ${e.name} ${year}: balance taken/booked/pending ${[row.taken, row.booked, row.pending]}, day by day ${byDay}`,
            );
        }
      }
    }
    // Two leave years on the sites whose policy starts in 2025, one on the third.
    expect(rows).toBe(sites.reduce((n, s) => n + s.employees.length * (s.policy.firstLeaveYear === 2025 ? 2 : 1), 0));
    expect(wrong, seedNote()).toEqual([]);
  });

  it('the balances report and the balances export give the same rows', async () => {
    const wrong: string[] = [];
    const columns = (ref: ReturnType<typeof referenceBalance>) =>
      [
        ref.entitlementHours,
        ref.accruedHours,
        ref.carriedOverHours,
        ref.carryOverExpiresOn ?? '',
        ref.expiredHours,
        ref.takenHours,
        ref.bookedHours,
        ref.pendingHours,
        ref.adjustmentHours,
        ref.remainingHours,
      ].join(',');
    // The leave year the range ends in: 2026 everywhere (April 2026 – March 2027 on the second site).
    const report = csvRows(
      await ok(t.post('/api/reports/csv', { startDate: FROM, endDate: TO, reportType: 'balances', siteScope: 'all' }, admin)),
    );
    for (const s of sites) {
      const rows = report.filter((r) => r[0] === s.name);
      expect(rows).toHaveLength(s.employees.length);
      for (const r of rows) {
        const e = s.employees.find((x) => String(x.id) === r[2])!;
        const ref = referenceBalance(balanceInput(s, e, 2026));
        const seen = [r[1], r.slice(4, 14).join(','), r[14]];
        const expected = ['2026', columns(ref), ref.days ? String(ref.days.remaining) : ''];
        if (!same(seen, expected)) fail(wrong, `${s.name} ${e.name}: balances report ${seen}, reference ${expected}`);
      }
    }
    await use(1);
    const exported = csvRows(await ok(t.get('/api/export/balances.csv?year=2026', admin)));
    expect(exported).toHaveLength(sites[1].employees.length);
    for (const r of exported) {
      const e = sites[1].employees.find((x) => String(x.id) === r[0])!;
      const ref = referenceBalance(balanceInput(sites[1], e, 2026));
      if (r.slice(2, 12).join(',') !== columns(ref)) fail(wrong, `${e.name}: balances export ${r.slice(2, 12)}, reference ${columns(ref)}`);
    }
    expect(wrong, seedNote()).toEqual([]);
  });

  it("each employee's absence totals, for the year and for a month", async () => {
    const wrong: string[] = [];
    const typeName = (id: number) => Object.entries(reasons).find(([, r]) => r.id === id)![0];
    for (const [i, s] of sites.entries()) {
      await use(i);
      const site = absSite(s);
      for (const e of s.employees) {
        const month = int(1, 12);
        const monthFrom = `2026-${String(month).padStart(2, '0')}-01`;
        for (const [from, to] of [
          [FROM, TO],
          [monthFrom, addDays(month === 12 ? '2027-01-01' : `2026-${String(month + 1).padStart(2, '0')}-01`, -1)],
        ]) {
          const got = (
            await ok(t.get(`/api/employees/${e.id}/absence-totals?startDate=${from}&endDate=${to}`, admin))
          ).json() as TAbsenceTotals;
          const measured = measureExceptions({ ...site, exceptions: site.exceptions.filter((x) => x.employeeId === e.id) }, from, to);
          const byType = new Map<string, AbsTotals>();
          const all = noTotals();
          for (const x of site.exceptions) {
            const m = measured.get(x.id);
            if (!m) continue;
            const name = typeName(x.reasonId);
            addTotals(byType.get(name) ?? byType.set(name, noTotals()).get(name)!, m);
            addTotals(all, m);
          }
          const seen = {
            types: Object.fromEntries(
              got.types.map((x) => [x.name, { count: x.count, daysAway: x.daysAway, hoursAway: x.hoursAway, hoursExtra: x.hoursExtra }]),
            ),
            totals: got.totals,
          };
          const expected = { types: Object.fromEntries([...byType].map(([n, m]) => [n, shown(m)])), totals: shown(all) };
          // Types with nothing in the window may be listed with zeros.
          for (const [name, v] of Object.entries(seen.types)) if (v.count === 0 && !(name in expected.types)) delete seen.types[name];
          if (!same(seen, expected))
            fail(
              wrong,
              `${s.name} ${e.name} ${from}–${to}: absence totals ${JSON.stringify(seen)}\n    reference ${JSON.stringify(expected)}`,
            );
        }
      }
    }
    expect(wrong, seedNote()).toEqual([]);
  });

  it("each request's hours, and its days now and if approved", async () => {
    const wrong: string[] = [];
    let requests = 0;
    for (const [i, s] of sites.entries()) {
      await use(i);
      const site = absSite(s);
      const list = (await ok(t.get('/api/leave-requests', admin))).json() as TLeaveRequest[];
      for (const r of s.requests) {
        requests++;
        const got = list.find((x) => x.id === r.id);
        const want = requestHours(site, r, asException(r).isAdditive);
        if (got?.totalHours !== want)
          fail(wrong, `${s.name} request ${r.id} ${r.startDate}–${r.endDate}: ${got?.totalHours} h, reference ${want} h`);
        if (r.status !== 'pending') continue;
        const impact = (await ok(t.get(`/api/leave-requests/${r.id}/impact`, admin))).json() as TLeaveImpact;
        const withIt = absSite(s, [{ ...asException(r), id: 1e9 + r.id }]);
        for (const day of impact.days) {
          const seen = [day.availableNow, day.availableIfApproved];
          const expected = [siteDay(site, day.date).available, siteDay(withIt, day.date).available];
          if (JSON.stringify(seen) !== JSON.stringify(expected))
            fail(wrong, `${s.name} request ${r.id} ${day.date}: impact ${seen}, reference ${expected}`);
        }
      }
    }
    expect(requests).toBe(18);
    expect(wrong, seedNote()).toEqual([]);
  });

  it('the balance after each waiting request, as the request dialog and its approvers see it', async () => {
    const wrong: string[] = [];
    let previews = 0;
    for (const [i, s] of sites.entries()) {
      await use(i);
      for (const r of s.requests.filter((x) => x.status === 'pending')) {
        previews++;
        const e = s.employees.find((p) => p.id === r.employeeId)!;
        const q = new URLSearchParams({
          employeeId: String(r.employeeId),
          reasonId: String(r.reasonId),
          startDate: r.startDate,
          endDate: r.endDate,
          isFullDay: String(r.isFullDay),
          ...(r.hours === null ? {} : { hours: String(r.hours) }),
          requestId: String(r.id),
        });
        const got = (await ok(t.get(`/api/balances/preview?${q}`, admin))).json() as TBalancePreview;
        const year = Number(r.startDate.slice(0, 4)) - (Number(r.startDate.slice(5, 7)) < s.policy.yearStartMonth ? 1 : 0);
        const others = s.requests.filter((x) => x.id !== r.id);
        const before = referenceBalance(balanceInput(s, e, year, others));
        const after = referenceBalance({
          ...balanceInput(s, e, year, others),
          exceptions: [...balanceInput(s, e, year, others).exceptions, { ...asException(r), status: 'approved' }],
        });
        const seen = [got.year, got.counts, got.takes, got.remaining, got.remainingIfApproved, got.otherPending];
        const expected = [
          year,
          asException(r).countsAgainstAllowance,
          Math.round((after.takenHours + after.bookedHours - before.takenHours - before.bookedHours) * 10) / 10,
          before.remainingHours,
          after.remainingHours,
          before.pendingHours,
        ];
        if (!same(seen, expected))
          fail(wrong, `${s.name} request ${r.id} ${r.startDate}–${r.endDate}: preview ${seen}, reference ${expected}`);
      }
    }
    expect(previews).toBe(12);
    expect(wrong, seedNote()).toEqual([]);
  });
});

/** One employee's balance input, as the reference reads it: what the test sent. */
function balanceInput(s: SiteModel, e: SiteModel['employees'][number], year: number, requests = s.requests): RefInput {
  return {
    policy: s.policy,
    settings: { saturdayWorkday: s.saturdayWorkday, sundayWorkday: s.sundayWorkday },
    employee: { startDate: e.startDate, endDate: e.endDate, contracts: e.versions.map((v) => ({ validFrom: v.validFrom, ...bodyOf(v) })) },
    exceptions: [
      ...s.exceptions.filter((x) => x.employeeId === e.id && !x.isAdditive).map((x) => ({ ...x, status: 'approved' as const })),
      ...requests
        .filter((r) => r.employeeId === e.id && r.status === 'pending')
        .map((r) => ({ ...asException(r), status: 'pending' as const })),
    ],
    holidays: s.holidays.map((h) => h.date),
    adjustments: s.adjustments.filter((a) => a.employeeId === e.id),
    year,
    today: TODAY,
  };
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same((a as never)[k], (b as never)[k]));
}
