import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDayChange } from '../../src/shared/contracts/calendar';
import type { TContractList } from '../../src/shared/contracts/employee-contracts';
import { sites } from '../../src/server/db/schema';
import { createEmployee, createTeam } from '../factories';
import {
  datesFrom,
  employeeDay,
  inTakingOrder,
  measureExceptions,
  shown,
  siteDay,
  type AbsEmployee,
  type AbsException,
  type AbsSite,
  type AbsVersion,
} from '../reference/absence-reference';
import { createClock, startTestApp, type TestApp, type TestResponse } from './harness';

/*
 * Issue 47, item 7: history stays as it was. Every earlier report of a site (the hours report per day and per
 * week, the exceptions report per exception and per employee, the stored day rows of GET /api/day-changes, the day
 * explanation and each person's absence totals, for every past day of the site's history) is read before each
 * change of its employees and contracts, and read again after it:
 *  - adding someone (from today, or later), editing a name or today's hours, moving a future start, a future
 *    contract version added, edited and deleted, a future end date, deleting someone without past hours: every
 *    earlier report reads exactly as before, byte for byte;
 *  - a change that reaches the past (a past start, a start moved out of past days, a past version added, edited
 *    or deleted, a past end date, deleting someone with past hours): refused for a writer (403) and, for an admin,
 *    answered 409 PAST_CHANGE until confirmed, with every earlier report unchanged; once confirmed, the days before
 *    the change read as before, the days from it read the independent reference's figures
 *    (tests/reference/absence-reference.ts) for the new history, and a day authorised before keeps the hours that
 *    were authorised beside its new ones.
 *
 * The site's history begins on 1 September 2026; the clock stands at Wednesday 2 December 2026, 09:00 UTC, so the
 * past is 1 September – 1 December. Set up through the API on 1 September (all still to come then): Cleo and Dev
 * (added that day), Ana and Ben from before decision 107 (from the beginning of time), a holiday, absences of every
 * kind, and a contract change of Cleo's on 5 October. Worked by hand: Monday 12 October (holiday) reads 0 h. On
 * Tuesday 6 October Ana gives 7.6 h and Ben 8 h at 50 % = 4; Cleo has 6 h from her new version less 5 h of
 * training = 1; Dev 7 h at 90 % = 6.3 less a 2 h part day of sick leave = 4.3: 7.6 + 4 + 1 + 4.3 = 16.9 h
 * available of 7.6 + 4 + 6 + 6.3 = 23.9 default. On Friday 2 October (Cleo's first version: 4 h on Fridays) her
 * training, which started on the 1st, takes the whole 4 h, so her 2.5 h of leave that day takes nothing.
 */
const EARLY = new Date('2026-09-01T09:00:00Z');
const NOW = new Date('2026-12-02T09:00:00Z');
const TODAY = '2026-12-02';
const FIRST = '2026-09-01';
const LAST = '2026-12-01';
const PASSWORD = 'history-pass';
const PAST_ADMIN_ONLY = 'Only an administrator can change hours before today.';
const clock = createClock(EARLY);

const week = (h: number, efficiency = 100, friday = h) => ({
  efficiency,
  mondayHours: h,
  tuesdayHours: h,
  wednesdayHours: h,
  thursdayHours: h,
  fridayHours: friday,
  saturdayHours: 0,
  sundayHours: 0,
});
type Week = ReturnType<typeof week>;
const versionOf = (validFrom: string | null, w: Week): AbsVersion => ({
  validFrom,
  efficiency: w.efficiency,
  hours: [w.mondayHours, w.tuesdayHours, w.wednesdayHours, w.thursdayHours, w.fridayHours, w.saturdayHours, w.sundayHours],
});

let t: TestApp;
let admin: string;
let writer: string;
const reason: Record<string, { id: number; isAdditive: boolean }> = {};
const people: Record<string, AbsEmployee & { name: string }> = {};
const absences: AbsException[] = [];
const holidays = ['2026-10-12'];
/** The model of the site, as the reference reads it. */
const site = (): AbsSite => ({
  saturdayWorkday: false,
  sundayWorkday: false,
  holidays,
  employees: Object.values(people),
  exceptions: inTakingOrder(absences.filter((x) => Object.values(people).some((p) => p.id === x.employeeId))),
});

async function ok(res: Promise<TestResponse>, status?: number): Promise<TestResponse> {
  const r = await res;
  if (status === undefined ? r.statusCode < 200 || r.statusCode > 299 : r.statusCode !== status)
    throw new Error(`${r.statusCode} (wanted ${status ?? '2xx'}): ${r.body}`);
  return r;
}

async function absence(name: string, type: string, startDate: string, endDate: string, isFullDay = true, hours: number | null = null) {
  const employeeId = people[name].id;
  const res = await ok(t.post('/api/exceptions', { employeeId, reasonId: reason[type].id, startDate, endDate, isFullDay, hours }, writer));
  absences.push({
    id: res.json().id,
    employeeId,
    reasonId: reason[type].id,
    startDate,
    endDate,
    isFullDay,
    hours,
    isAdditive: reason[type].isAdditive,
    countsAgainstAllowance: type === 'Annual Leave',
  });
}

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  const team = await createTeam(t.db, PASSWORD);
  await t.db.update(sites).set({ createdAt: EARLY }).where(eq(sites.id, team.site.id));
  for (const r of team.reasons) reason[r.name] = { id: r.id, isAdditive: r.isAdditive };
  for (const [name, w] of [
    ['Ana', week(7.6)],
    ['Ben', week(8, 50)],
  ] as const) {
    const row = await createEmployee(t.db, team.site.id, { name, ...w, sortOrder: name === 'Ana' ? 1 : 2 });
    people[name] = { id: row.id, name, endDate: null, versions: [versionOf(null, w)] };
  }
  admin = await t.login(team.admin.email, PASSWORD);
  writer = await t.login(team.writer.email, PASSWORD);
  // 1 September: all of the site's history is still to come.
  for (const [name, w] of [
    ['Cleo', week(8, 100, 4)],
    ['Dev', week(7, 90)],
  ] as const) {
    const res = await ok(t.post('/api/employees', { name, ...w }, writer), 201);
    people[name] = { id: res.json().id, name, endDate: null, versions: [versionOf(FIRST, w)] };
  }
  await ok(t.post(`/api/employees/${people.Cleo.id}/contracts`, { ...week(6), validFrom: '2026-10-05' }, writer));
  (people.Cleo.versions as AbsVersion[]).push(versionOf('2026-10-05', week(6)));
  await ok(t.post('/api/public-holidays', { date: holidays[0], name: 'Autumn holiday' }, admin), 201);
  await absence('Ana', 'Annual Leave', '2026-09-14', '2026-09-18');
  await absence('Ana', 'Sick Leave', '2026-09-17', '2026-09-22');
  await absence('Ben', 'Annual Leave', '2026-10-09', '2026-10-13');
  await absence('Ben', 'Overtime', '2026-10-09', '2026-10-09', false, 3);
  await absence('Cleo', 'Training', '2026-10-01', '2026-10-07', false, 5);
  await absence('Cleo', 'Annual Leave', '2026-10-02', '2026-10-02', true, 2.5);
  await absence('Dev', 'Sick Leave', '2026-10-06', '2026-10-06', false, 2);
  await absence('Dev', 'Annual Leave', '2026-11-16', '2026-11-27');
  await absence('Ana', 'Annual Leave', '2026-11-24', '2026-11-24');
  await absence('Cleo', 'Overtime', '2026-11-21', '2026-11-21', true, 4);
  // 2 December: the past is fixed; two past days are authorised.
  clock.set(NOW);
  admin = await t.login(team.admin.email, PASSWORD);
  writer = await t.login(team.writer.email, PASSWORD);
  for (const date of ['2026-11-24', '2026-11-18']) await ok(t.post('/api/day-changes/authorise', { date }, admin));
}, 120_000);
afterAll(() => t?.close());

const csv = async (body: object) =>
  (await ok(t.post('/api/reports/csv', { startDate: FIRST, endDate: LAST, siteScope: 'current', ...body }, admin))).rawPayload.toString(
    'utf8',
  );
const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);

/** Every earlier report, as text. */
async function reports() {
  const explain: Record<string, string> = {};
  for (const date of ['2026-09-15', '2026-10-06', '2026-10-12', '2026-11-18', '2026-11-24', '2026-12-01'])
    explain[date] = (await ok(t.get(`/api/day-explain?date=${date}`, admin))).body;
  const totals: Record<string, string> = {};
  for (const p of Object.values(people))
    totals[p.name] = (await ok(t.get(`/api/employees/${p.id}/absence-totals?startDate=${FIRST}&endDate=${LAST}`, admin))).body;
  return {
    hours: await csv({ reportType: 'hours' }),
    hoursByWeek: await csv({ reportType: 'hours', format: 'summary' }),
    exceptions: await csv({ reportType: 'exceptions' }),
    exceptionsByEmployee: await csv({ reportType: 'exceptions', format: 'summary' }),
    dayChanges: (await ok(t.get(`/api/day-changes?startDate=${FIRST}&endDate=${LAST}`, admin))).body,
    explain,
    totals,
  };
}
type Reports = Awaited<ReturnType<typeof reports>>;

/** A change of the past: a writer is refused, an admin asked to confirm; nothing moves until confirmed. */
async function refusedUntilConfirmed(send: (cookie: string, confirmPast: boolean) => Promise<TestResponse>, pastDays: number) {
  const before = await reports();
  const byWriter = await send(writer, false);
  expect([byWriter.statusCode, byWriter.json().message]).toEqual([403, PAST_ADMIN_ONLY]);
  expect(await reports()).toEqual(before);
  const byAdmin = await send(admin, false);
  expect([byAdmin.statusCode, byAdmin.json().code, byAdmin.json().pastDays], byAdmin.body).toEqual([409, 'PAST_CHANGE', pastDays]);
  expect(await reports()).toEqual(before);
  const confirmed = await send(admin, true);
  expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
  return { before, confirmed };
}

/**
 * After a confirmed change from `from`: the days before it read as they did, the days from it as the reference
 * says for the new history; authorised days keep the hours that were authorised. Answers how many days moved.
 */
async function changedOnlyFrom(before: Reports, from: string): Promise<number> {
  const after = await reports();
  const ref = site();
  const [was, now] = [rowsOf(before.hours), rowsOf(after.hours)].map((rows) => rows.map((r) => r.split(',')));
  let moved = 0;
  for (const [i, row] of now.entries()) {
    const date = row[1];
    if (date < from) {
      expect(row.join(','), date).toBe(was[i].join(','));
      continue;
    }
    const want = siteDay(ref, date);
    expect([date, Number(row[3]), Number(row[4])]).toEqual([date, want.available, want.default]);
    if (row[3] !== was[i][3]) moved++;
  }
  // The stored rows: unchanged before the change; from it, the new hours, the authorised ones kept beside them.
  const rowsBefore = new Map((JSON.parse(before.dayChanges) as TDayChange[]).map((d) => [d.date, d]));
  for (const d of JSON.parse(after.dayChanges) as TDayChange[]) {
    const old = rowsBefore.get(d.date);
    if (d.date < from) {
      expect(d, d.date).toEqual(old);
      continue;
    }
    expect([d.date, d.currentHours]).toEqual([d.date, siteDay(ref, d.date).available]);
    if (old?.authorised) {
      expect([d.date, d.authorised, d.authorisedHours ?? d.currentHours]).toEqual([d.date, true, old.authorisedHours ?? old.currentHours]);
    }
  }
  // The exceptions report is the reference's for the new history (nothing before `from` can move).
  const typeOf = (id: number) => Object.entries(reason).find(([, r]) => r.id === id)![0];
  const measured = measureExceptions(ref, FIRST, LAST);
  const want = ref.exceptions.map((x) => {
    const f = shown(measured.get(x.id)!);
    const name = Object.values(people).find((p) => p.id === x.employeeId)!.name;
    return [
      name,
      typeOf(x.reasonId),
      x.startDate,
      x.endDate,
      x.isFullDay ? 'yes' : 'no',
      x.hours ?? '',
      f.daysAway,
      f.hoursAway,
      f.hoursExtra,
    ].join(',');
  });
  expect(
    rowsOf(after.exceptions)
      .map((r) => r.split(',').slice(1, 10).join(','))
      .sort(),
  ).toEqual(want.sort());
  return moved;
}

describe('every earlier report stays as it was unless a change of the past was confirmed', () => {
  it('reads the reference for the whole history to begin with (2, 6 and 12 October by hand)', async () => {
    const r = await reports();
    const days = rowsOf(r.hours).map((l) => l.split(','));
    expect(days.map((d) => d[1])).toEqual(datesFrom(FIRST, LAST));
    for (const d of days) {
      const want = siteDay(site(), d[1]);
      expect([d[1], Number(d[3]), Number(d[4])]).toEqual([d[1], want.available, want.default]);
    }
    expect(days.find((d) => d[1] === '2026-10-06')!.slice(3, 5)).toEqual(['16.9', '23.9']);
    expect(days.find((d) => d[1] === '2026-10-12')!.slice(3, 5)).toEqual(['0', '0']);
    // Training (from 1 October) takes Cleo's whole 4 h Friday; her 2.5 h of leave that day finds nothing left. Over
    // the training: 5 h of 8 on Thursday 1st, 4 of 4 on Friday, 5 of 6 on 5–7 October: 24 h and 0.625 + 1 + 2.5 = 4.1 days.
    expect(employeeDay(site(), people.Cleo.id, '2026-10-02').takes.map((x) => x.away)).toEqual([400_000, 0]);
    const cleo = rowsOf(r.exceptions).filter((l) => l.includes(',Cleo,') && l.includes(',2026-10-0'));
    expect(cleo.map((l) => l.split(',').slice(2, 10).join(','))).toEqual([
      'Training,2026-10-01,2026-10-07,no,5,4.1,24,0',
      'Annual Leave,2026-10-02,2026-10-02,yes,2.5,0,0,0',
    ]);
  });

  it('adding someone from today, or from later, changes nothing', async () => {
    const before = await reports();
    const eve = await ok(t.post('/api/employees', { name: 'Eve', ...week(6) }, writer), 201);
    people.Eve = { id: eve.json().id, name: 'Eve', endDate: null, versions: [versionOf(TODAY, week(6))] };
    const fay = await ok(t.post('/api/employees', { name: 'Fay', ...week(5), startDate: '2027-01-04' }, writer), 201);
    people.Fay = { id: fay.json().id, name: 'Fay', endDate: null, versions: [versionOf('2027-01-04', week(5))] };
    expect(await reports()).toEqual({ ...before, totals: { ...before.totals, Eve: expect.any(String), Fay: expect.any(String) } });
  });

  it("editing a name and today's hours, and moving a future start, changes nothing", async () => {
    const before = await reports();
    await ok(t.put(`/api/employees/${people.Dev.id}`, { name: 'Dev', ...week(4, 90) }, writer));
    (people.Dev.versions as AbsVersion[]).push(versionOf(TODAY, week(4, 90)));
    await ok(t.put(`/api/employees/${people.Fay.id}`, { name: 'Fay', ...week(5), startDate: '2027-01-11' }, writer));
    people.Fay.versions = [versionOf('2027-01-11', week(5))];
    expect(await reports()).toEqual(before);
  });

  it('a future contract version added, edited and deleted changes nothing', async () => {
    const before = await reports();
    const url = `/api/employees/${people.Ana.id}/contracts`;
    const list = (await ok(t.post(url, { ...week(5), validFrom: '2027-02-01' }, writer))).json() as TContractList;
    const id = list.contracts.find((c) => c.validFrom === '2027-02-01')!.id;
    await ok(t.put(`${url}/${id}`, { ...week(4), validFrom: '2027-03-01' }, writer));
    expect(await reports()).toEqual(before);
    await ok(t.del(`${url}/${id}`, writer));
    expect(await reports()).toEqual(before);
  });

  it('a future end date, and deleting someone without past hours, change nothing', async () => {
    const before = await reports();
    await ok(t.put(`/api/employees/${people.Cleo.id}/end-date`, { endDate: '2027-03-31' }, writer));
    people.Cleo.endDate = '2027-03-31';
    await ok(t.del(`/api/employees/${people.Eve.id}`, writer));
    delete people.Eve;
    const { Eve: _eve, ...totals } = before.totals;
    expect(await reports()).toEqual({ ...before, totals: { ...totals } });
  });

  it('a past start: refused, then confirmed, and only the days from it move', async () => {
    // 16–20, 23–27 and 30 November and 1 December: 12 past weekdays.
    let id = 0;
    const { before } = await refusedUntilConfirmed(async (cookie, confirmPast) => {
      const res = await t.post('/api/employees', { name: 'Gus', ...week(6), startDate: '2026-11-16', confirmPast }, cookie);
      if (res.statusCode === 201) id = res.json().id;
      return res;
    }, 12);
    people.Gus = { id, name: 'Gus', endDate: null, versions: [versionOf('2026-11-16', week(6))] };
    expect(await changedOnlyFrom(before, '2026-11-16')).toBe(12);
  });

  it('a start moved out of past days: refused, then confirmed, and only those days move', async () => {
    const { before } = await refusedUntilConfirmed(
      (cookie, confirmPast) =>
        t.put(`/api/employees/${people.Gus.id}`, { name: 'Gus', ...week(6), startDate: '2026-11-23', confirmPast }, cookie),
      5,
    );
    people.Gus.versions = [versionOf('2026-11-23', week(6))];
    expect(await changedOnlyFrom(before, '2026-11-16')).toBe(5);
  });

  it('a past contract version added, edited and deleted: each refused, then confirmed', async () => {
    const url = `/api/employees/${people.Ana.id}/contracts`;
    // From Monday 2 November: Ana's 22 past weekdays. The count asked to confirm is of days whose stored hours
    // move, default included: on 24 November her leave keeps her available hours at 0, but her default moves
    // from 7.6 to 6, so 22 days are counted and 21 move in the hours report's available column.
    let listed: TContractList | undefined;
    const added = await refusedUntilConfirmed(async (cookie, confirmPast) => {
      const res = await t.post(url, { ...week(6), validFrom: '2026-11-02', confirmPast }, cookie);
      if (res.statusCode < 300) listed = res.json();
      return res;
    }, 22);
    (people.Ana.versions as AbsVersion[]).push(versionOf('2026-11-02', week(6)));
    expect(await changedOnlyFrom(added.before, '2026-11-02')).toBe(21);

    // Moved to 9 November at 7 h: from 2 November, five days back to 7.6 h and 17 from 6 to 7 (24 November's default).
    const id = listed!.contracts.find((c) => c.validFrom === '2026-11-02')!.id;
    const edited = await refusedUntilConfirmed(
      (cookie, confirmPast) => t.put(`${url}/${id}`, { ...week(7), validFrom: '2026-11-09', confirmPast }, cookie),
      22,
    );
    people.Ana.versions = [people.Ana.versions[0], versionOf('2026-11-09', week(7))];
    expect(await changedOnlyFrom(edited.before, '2026-11-02')).toBe(21);

    // Deleted: her 17 weekdays from 9 November go back from 7 h to 7.6 (24 November's default only).
    const deleted = await refusedUntilConfirmed((cookie, confirmPast) => t.del(`${url}/${id}?confirmPast=${confirmPast}`, cookie), 17);
    people.Ana.versions = [people.Ana.versions[0]];
    expect(await changedOnlyFrom(deleted.before, '2026-11-09')).toBe(16);
  });

  it('a past end date: refused, then confirmed, and only the days after it move', async () => {
    const { before } = await refusedUntilConfirmed(
      (cookie, confirmPast) => t.put(`/api/employees/${people.Cleo.id}/end-date`, { endDate: '2026-11-20', confirmPast }, cookie),
      8,
    );
    people.Cleo.endDate = '2026-11-20';
    // Her seven weekdays from 23 November, and Saturday 21 November, whose 4 h of overtime no longer count.
    expect(await changedOnlyFrom(before, '2026-11-21')).toBe(8);
  });

  it('deleting someone with past hours: refused, then confirmed, and their whole history goes', async () => {
    // 66 past weekdays since 1 September, less the holiday: 65 days whose hours move (on 9 and 13 October only
    // the default: his leave already left him at 0 available), so 63 move in the available column.
    const { before } = await refusedUntilConfirmed(
      (cookie, confirmPast) => t.del(`/api/employees/${people.Ben.id}?confirmPast=${confirmPast}`, cookie),
      65,
    );
    delete people.Ben;
    expect(await changedOnlyFrom(before, FIRST)).toBe(63);
  });
});
