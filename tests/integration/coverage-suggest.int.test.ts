import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createException, createTeam } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * The assistant (decision 097), against hand-computed answers. Pinned clock: Wednesday 13 March 2030. Ann works
 * 8 h and Bob 6 h each weekday, nobody at the weekend; the site needs 6 h Monday to Friday. Bob is off sick from
 * Wednesday 13 to Friday 22 March, so those weekdays have 8 h and Ann cannot go then (8 − 8 = 0); any other
 * weekday has 14 h and she can (14 − 8 = 6, exactly the minimum); a weekend day takes nothing and has no minimum.
 */
const NOW = new Date('2030-03-13T10:00:00Z');

let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let staff: string;
let manager: string;

const suggest = (cookie: string, q: Record<string, string | number | boolean>) =>
  t.get(`/api/coverage/suggest?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`, cookie);
const covered = (date: string, availableAfter: number) => ({ date, requiredHours: 6, availableAfter });

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await leaveSite(t.db);
  staff = await t.login(s.annUser.email, PASSWORD);
  manager = await t.login(s.writer.email, PASSWORD);
  const admin = await t.login(s.admin.email, PASSWORD);
  const six = { monday: 6, tuesday: 6, wednesday: 6, thursday: 6, friday: 6 };
  expect((await t.put('/api/coverage-rules', { weekdays: six, validFrom: '2030-03-01' }, admin)).statusCode).toBe(200);
  await createException(t.db, {
    siteId: s.siteId,
    employeeId: s.bob.id,
    reasonId: s.reasons[1].id,
    startDate: '2030-03-13',
    endDate: '2030-03-22',
  });
});
afterAll(() => t?.close());

describe('GET /api/coverage/suggest', () => {
  it('two days off: the days it leaves short, and the three nearest two-day ranges that leave none', async () => {
    const res = await suggest(manager, { employeeId: s.ann.id, startDate: '2030-03-20', endDate: '2030-03-21', reasonId: s.annual.id });
    expect(res.statusCode).toBe(200);
    // Ann works 8 h and Bob 6 h a weekday; Bob is away Wed 13 – Fri 22. A range begins and ends on Ann's working
    // days: +1 (Thu–Fri), −1 (Tue–Wed), −2 (Mon–Tue) and −6 (Thu–Fri) hold a day Bob is away; +2 (Fri–Sat), +3, −3,
    // +4, −4 and −5 begin or end on a weekend. +5 (Mon 25 – Tue 26), +6 and +7 fit: 14 − 8 = 6 h, the minimum.
    expect(res.json()).toEqual({
      shortfalls: [
        { date: '2030-03-20', requiredHours: 6, availableBefore: 8, availableAfter: 0, shortHours: 6 },
        { date: '2030-03-21', requiredHours: 6, availableBefore: 8, availableAfter: 0, shortHours: 6 },
      ],
      suggestions: [
        {
          startDate: '2030-03-25',
          endDate: '2030-03-26',
          shiftDays: 5,
          lowestMarginHours: 0,
          effect: [covered('2030-03-25', 6), covered('2030-03-26', 6)],
        },
        {
          startDate: '2030-03-26',
          endDate: '2030-03-27',
          shiftDays: 6,
          lowestMarginHours: 0,
          effect: [covered('2030-03-26', 6), covered('2030-03-27', 6)],
        },
        {
          startDate: '2030-03-27',
          endDate: '2030-03-28',
          shiftDays: 7,
          lowestMarginHours: 0,
          effect: [covered('2030-03-27', 6), covered('2030-03-28', 6)],
        },
      ],
    });
  });

  it('part of a day: 4 h of Ann leaves 4 h, 2 under', async () => {
    const res = await suggest(manager, {
      employeeId: s.ann.id,
      startDate: '2030-03-20',
      endDate: '2030-03-20',
      isFullDay: false,
      hours: 4,
    });
    expect(res.json()).toEqual({
      shortfalls: [{ date: '2030-03-20', requiredHours: 6, availableBefore: 8, availableAfter: 4, shortHours: 2 }],
      // Weekdays of Bob's absence leave 4 h; weekends are days off; Mon 25 on leave 14 − 4 = 10 h, 4 over.
      suggestions: [
        { startDate: '2030-03-25', endDate: '2030-03-25', shiftDays: 5, lowestMarginHours: 4, effect: [covered('2030-03-25', 10)] },
        { startDate: '2030-03-26', endDate: '2030-03-26', shiftDays: 6, lowestMarginHours: 4, effect: [covered('2030-03-26', 10)] },
        { startDate: '2030-03-27', endDate: '2030-03-27', shiftDays: 7, lowestMarginHours: 4, effect: [covered('2030-03-27', 10)] },
      ],
    });
  });

  it('never offers a range starting before today', async () => {
    // Thursday 14: +1 Fri 15 and −1 Wed 13 hold Bob's days; −2 and beyond are before today; +2, +3, +9 and +10 are
    // weekends; +4 to +8 are Bob's week.
    const res = await suggest(manager, { employeeId: s.ann.id, startDate: '2030-03-14', endDate: '2030-03-14' });
    expect(res.json().suggestions.map((r: { startDate: string; shiftDays: number }) => [r.startDate, r.shiftDays])).toEqual([
      ['2030-03-25', 11],
      ['2030-03-26', 12],
      ['2030-03-27', 13],
    ]);
  });

  it('an additive type, or a range that keeps the minimum, answers no shortfall and no suggestions', async () => {
    const extra = await suggest(manager, {
      employeeId: s.ann.id,
      startDate: '2030-03-20',
      endDate: '2030-03-20',
      reasonId: s.reasons[3].id,
    });
    expect(extra.json()).toEqual({ shortfalls: [], suggestions: [] });
    const fine = await suggest(manager, { employeeId: s.ann.id, startDate: '2030-03-25', endDate: '2030-03-25' });
    expect(fine.json()).toEqual({ shortfalls: [], suggestions: [] });
  });

  it('Staff cannot ask (decision 113); another site, type or exception is not found; bad input is a 400', async () => {
    // Its answer is the site's hours, and a request is never refused for a shortfall: nothing for Staff to move.
    for (const employeeId of [s.ann.id, s.bob.id]) {
      const res = await suggest(staff, { employeeId, startDate: '2030-03-20', endDate: '2030-03-20' });
      expect(res.statusCode).toBe(403);
    }
    const other = await createTeam(t.db, PASSWORD);
    const foreign = await createEmployee(t.db, other.site.id, { name: 'Zed' });
    const zed = await suggest(manager, { employeeId: foreign.id, startDate: '2030-03-20', endDate: '2030-03-20' });
    expect([zed.statusCode, zed.json()]).toEqual([404, { message: 'Employee not found' }]);
    const foreignException = await createException(t.db, {
      siteId: other.site.id,
      employeeId: foreign.id,
      reasonId: other.reasons[0].id,
      startDate: '2030-03-20',
    });
    const moved = await suggest(manager, {
      employeeId: s.ann.id,
      startDate: '2030-03-20',
      endDate: '2030-03-20',
      exceptionId: foreignException.id,
    });
    expect([moved.statusCode, moved.json()]).toEqual([404, { message: 'Exception not found' }]);
    const type = await suggest(manager, { employeeId: s.ann.id, startDate: '2030-03-20', endDate: '2030-03-20', reasonId: 999999 });
    expect([type.statusCode, type.json()]).toEqual([404, { message: 'Exception type not found' }]);
    const backwards = await suggest(manager, { employeeId: s.ann.id, startDate: '2030-03-20', endDate: '2030-03-19' });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'End date cannot be before start date']);
    const noHours = await suggest(manager, { employeeId: s.ann.id, startDate: '2030-03-20', endDate: '2030-03-20', isFullDay: false });
    expect([noHours.statusCode, noHours.json().message]).toEqual([400, 'Hours are required when Full Day is off']);
  });

  it('a move leaves the exception moved out of the site’s hours', async () => {
    // Ann already off on Tuesday 19: asking for that day again changes nothing, unless it is her exception moving.
    const hers = await createException(t.db, {
      siteId: s.siteId,
      employeeId: s.ann.id,
      reasonId: s.reasons[1].id,
      startDate: '2030-03-19',
    });
    const again = await suggest(manager, { employeeId: s.ann.id, startDate: '2030-03-19', endDate: '2030-03-19' });
    expect(again.json()).toEqual({ shortfalls: [], suggestions: [] });
    const res = await suggest(manager, { employeeId: s.ann.id, startDate: '2030-03-19', endDate: '2030-03-19', exceptionId: hers.id });
    expect(res.json().shortfalls).toEqual([{ date: '2030-03-19', requiredHours: 6, availableBefore: 8, availableAfter: 0, shortHours: 6 }]);
    // +1 Wed 20, −1 Mon 18, +2 Thu 21, +3 Fri 22, −4 Fri 15, −5 Thu 14 and −6 Wed 13 are Bob's; −2, −3, +4 and +5 are
    // weekends; −7 is before today; +6 Mon 25, +7 Tue 26 and +8 Wed 27 fit.
    expect(res.json().suggestions.map((r: { startDate: string; shiftDays: number }) => [r.startDate, r.shiftDays])).toEqual([
      ['2030-03-25', 6],
      ['2030-03-26', 7],
      ['2030-03-27', 8],
    ]);
  });

  it('a site without rules has nothing to suggest', async () => {
    const other = await createTeam(t.db, PASSWORD);
    const emp = await createEmployee(t.db, other.site.id, { name: 'Solo' });
    const cookie = await t.login(other.writer.email, PASSWORD);
    const res = await suggest(cookie, { employeeId: emp.id, startDate: '2030-03-20', endDate: '2030-03-22' });
    expect(res.json()).toEqual({ shortfalls: [], suggestions: [] });
  });
});
