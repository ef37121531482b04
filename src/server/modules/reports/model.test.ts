import { describe, expect, it } from 'vitest';
import { buildExceptionsReport, buildHoursReport } from './model';
import type { ReportHeader, SiteData } from './types';

/*
 * Week of Monday 2 November 2026. Holiday Wednesday 4th. The site works Saturdays.
 * Kim: 7.6 h Mon–Fri, 5 h Saturday, 80 % (base 6.08 weekdays, 4.0 Saturday).
 */
const header = (layout: 'detailed' | 'summary' = 'detailed'): ReportHeader => ({
  businessName: 'B',
  startDate: '2026-11-02',
  endDate: '2026-11-08',
  generatedAt: new Date('2026-11-20T10:00:00Z'),
  generatedBy: 'tester',
  layout,
});
/** The server's today when the reports are made (the header's generation day). */
const TODAY = '2026-11-20';
const kim = {
  id: 1,
  name: 'Kim',
  efficiency: 80,
  mondayHours: 7.6,
  tuesdayHours: 7.6,
  wednesdayHours: 7.6,
  thursdayHours: 7.6,
  fridayHours: 7.6,
  saturdayHours: 5,
  sundayHours: 0,
};
const ex = (id: number, startDate: string, endDate: string, more: Partial<SiteData['exceptions'][number]> = {}) => ({
  id,
  employeeId: 1,
  reasonId: 1,
  reasonName: 'Annual Leave',
  isAdditive: false,
  startDate,
  endDate,
  isFullDay: true,
  hours: null,
  notes: null,
  ...more,
});
const site = (exceptions: SiteData['exceptions']): SiteData => ({
  id: 7,
  name: 'North',
  settings: { saturdayWorkday: true, sundayWorkday: false },
  employees: [kim],
  exceptions,
  holidays: [{ date: '2026-11-04', name: 'Founders Day' }],
  dayChanges: [],
  notes: [{ id: 1, title: 'Outside', description: null, startDate: '2026-10-01', endDate: '2026-10-02' }],
});

describe('buildExceptionsReport', () => {
  it('counts working days and the hours they really take, skipping the holiday and the non-working Sunday', () => {
    // Mon 2 – Sun 8: Mon, Tue, Thu, Fri are worth Kim's 7.6 contract hours and Sat her 5 (the holiday Wednesday
    // and the non-working Sunday are worth nothing): 4 × 7.6 + 5 = 35.4 h of absence, as her balance books them
    // (decision 108: hours away are the contract hours an absence covers; efficiency scales only availability).
    const r = buildExceptionsReport(header(), [site([ex(1, '2026-10-30', '2026-11-12')])], true);
    const row = r.sites[0].employees[0].exceptions[0];
    expect({ daysAway: row.daysAway, hoursAway: row.hoursAway, fromDate: row.fromDate, toDate: row.toDate }).toEqual({
      daysAway: 5,
      hoursAway: 35.4,
      fromDate: '2026-11-02',
      toDate: '2026-11-08',
    });
    expect(r.notes).toEqual([]);
  });

  it('adds additive hours as extra, even on a Sunday, and never as days away', () => {
    const r = buildExceptionsReport(
      header(),
      [site([ex(1, '2026-11-07', '2026-11-08', { isAdditive: true, reasonName: 'Overtime', isFullDay: false, hours: 2.5 })])],
      false,
    );
    expect(r.totals).toEqual({ daysAway: 0, hoursAway: 0, hoursExtra: 5, count: 1 });
    expect(r.byType).toEqual([{ name: 'Overtime', isAdditive: true, daysAway: 0, hoursAway: 0, hoursExtra: 5, count: 1 }]);
    expect(r.notes).toBeNull();
  });

  it('sums hours without float drift', () => {
    const three = [1, 2, 3].map((i) => ex(i, '2026-11-02', '2026-11-02', { isFullDay: false, hours: 0.1 }));
    expect(buildExceptionsReport(header(), [site(three)], false).totals.hoursAway).toBe(0.3);
  });
});

describe('hours and days away as the one rule counts them (decision 108)', () => {
  it('never counts overlapping full-day absences twice', () => {
    // Two full-day absences on Monday 2nd and Tuesday 3rd: each day is worth 7.6 h, taken once: 2 days, 15.2 h.
    const r = buildExceptionsReport(header(), [site([ex(1, '2026-11-02', '2026-11-03'), ex(2, '2026-11-02', '2026-11-03')])], false);
    expect(r.totals).toEqual({ daysAway: 2, hoursAway: 15.2, hoursExtra: 0, count: 2 });
    const rows = r.sites[0].employees[0].exceptions.map((x) => [x.id, x.daysAway, x.hoursAway]);
    expect(rows).toEqual([
      [1, 2, 15.2],
      [2, 0, 0],
    ]);
  });

  it('counts a part-day absence as its hours and its share of the day', () => {
    // 2 h of a 7.6 h Monday: 2 / 7.6 = 0.263 of a day, shown as 0.3.
    const r = buildExceptionsReport(header(), [site([ex(1, '2026-11-02', '2026-11-02', { isFullDay: false, hours: 2 })])], false);
    expect(r.totals).toEqual({ daysAway: 0.3, hoursAway: 2, hoursExtra: 0, count: 1 });
  });

  it('takes a part day first and the full day the rest of the same day', () => {
    // Monday 2nd, worth 7.6 h: a 2 h part day (id 1) then a full day (id 2), which takes the 5.6 h left:
    // 2 / 7.6 = 0.263 and 5.6 / 7.6 = 0.737 of the day, one day away in all.
    const both = [ex(1, '2026-11-02', '2026-11-02', { isFullDay: false, hours: 2 }), ex(2, '2026-11-02', '2026-11-02')];
    const rows = buildExceptionsReport(header(), [site(both)], false).sites[0].employees[0].exceptions;
    expect(rows.map((x) => [x.id, x.daysAway, x.hoursAway])).toEqual([
      [1, 0.3, 2],
      [2, 0.7, 5.6],
    ]);
  });

  it('reads each day with the contract version in force', () => {
    // From Thursday 5th Kim works 4 h a day, no Saturday: Mon 7.6 + Tue 7.6 + Thu 4 + Fri 4 = 23.2 h, 4 days.
    const versions = {
      contracts: [
        { validFrom: null, ...kim },
        {
          validFrom: '2026-11-05',
          ...kim,
          efficiency: 100,
          mondayHours: 4,
          tuesdayHours: 4,
          wednesdayHours: 4,
          thursdayHours: 4,
          fridayHours: 4,
          saturdayHours: 0,
        },
      ],
    };
    const s = { ...site([ex(1, '2026-11-02', '2026-11-08')]), employees: [{ ...kim, ...versions }] };
    expect(buildExceptionsReport(header(), [s], false).totals).toEqual({ daysAway: 4, hoursAway: 23.2, hoursExtra: 0, count: 1 });
  });
});

describe('overlaps, additions, holidays and employment, by hand', () => {
  // Lee: 7.6 h Monday to Friday at 100 %, so a full day without hours takes 7.6 h.
  const lee = { ...kim, id: 2, name: 'Lee', efficiency: 100, saturdayHours: 0 };
  const of = (exceptions: SiteData['exceptions'], employee: SiteData['employees'][number] = lee) =>
    buildExceptionsReport(header(), [{ ...site(exceptions), employees: [employee] }], false);
  const forLee = (id: number, startDate: string, endDate: string, more: Partial<SiteData['exceptions'][number]> = {}) => ({
    ...ex(id, startDate, endDate, more),
    employeeId: 2,
  });
  const rowsOf = (r: ReturnType<typeof of>) => r.sites[0].employees[0].exceptions.map((x) => [x.id, x.daysAway, x.hoursAway, x.hoursExtra]);

  it('two overlapping full-day absences on a 7.6 h day are 7.6 h and one day, in every total', () => {
    const r = of([forLee(1, '2026-11-02', '2026-11-02'), forLee(2, '2026-11-02', '2026-11-02', { reasonId: 2, reasonName: 'Sick Leave' })]);
    expect(rowsOf(r)).toEqual([
      [1, 1, 7.6, 0],
      [2, 0, 0, 0],
    ]);
    expect(r.sites[0].employees[0].totals).toEqual({ daysAway: 1, hoursAway: 7.6, hoursExtra: 0, count: 2 });
    expect(r.byType).toEqual([
      { name: 'Annual Leave', isAdditive: false, daysAway: 1, hoursAway: 7.6, hoursExtra: 0, count: 1 },
      { name: 'Sick Leave', isAdditive: false, daysAway: 0, hoursAway: 0, hoursExtra: 0, count: 1 },
    ]);
    expect(r.sites[0].totals).toEqual({ daysAway: 1, hoursAway: 7.6, hoursExtra: 0, count: 2 });
  });

  it('a part-day 2 h absence is 2 h and 2 / 7.6 of a day', () => {
    expect(rowsOf(of([forLee(1, '2026-11-03', '2026-11-03', { isFullDay: false, hours: 2 })]))).toEqual([[1, 0.3, 2, 0]]);
  });

  it("absences take at most the day's worth, in their order; extra hours do not raise it", () => {
    // Monday, worth 7.6 h: 2 h overtime (id 1), a full day (id 2) and a 3 h part day (id 3). The full day takes
    // the 7.6 h, nothing is left for the part day; the overtime is still 2 h extra.
    const r = of([
      forLee(1, '2026-11-02', '2026-11-02', { isAdditive: true, reasonName: 'Overtime', isFullDay: false, hours: 2 }),
      forLee(2, '2026-11-02', '2026-11-02'),
      forLee(3, '2026-11-02', '2026-11-02', { isFullDay: false, hours: 3 }),
    ]);
    expect(rowsOf(r)).toEqual([
      [1, 0, 0, 2],
      [2, 1, 7.6, 0],
      [3, 0, 0, 0],
    ]);
    expect(r.totals).toEqual({ daysAway: 1, hoursAway: 7.6, hoursExtra: 2, count: 3 });
  });

  it('counts nothing on a public holiday', () => {
    // Wednesday 4th is Founders Day: neither the absence nor the overtime moves any hours.
    const r = of([
      forLee(1, '2026-11-04', '2026-11-04'),
      forLee(2, '2026-11-04', '2026-11-04', { isAdditive: true, reasonName: 'Overtime', isFullDay: false, hours: 3 }),
    ]);
    expect(r.totals).toEqual({ daysAway: 0, hoursAway: 0, hoursExtra: 0, count: 2 });
  });

  it('counts nothing on a day the employee is not employed', () => {
    // Lee's last day is Tuesday 3rd: of a Monday-to-Friday absence only Monday and Tuesday count (15.2 h, 2 days),
    // and Thursday's overtime is after Lee left.
    const r = of(
      [
        forLee(1, '2026-11-02', '2026-11-06'),
        forLee(2, '2026-11-05', '2026-11-05', { isAdditive: true, reasonName: 'Overtime', isFullDay: false, hours: 3 }),
      ],
      { ...lee, endDate: '2026-11-03' },
    );
    expect(rowsOf(r)).toEqual([
      [1, 2, 15.2, 0],
      [2, 0, 0, 0],
    ]);
  });

  it('counts a day away only where a deduction took hours', () => {
    // Lee has no Saturday or Sunday hours and the site does not work Sundays: a full day over the weekend takes nothing.
    expect(of([forLee(1, '2026-11-07', '2026-11-08')]).totals).toEqual({ daysAway: 0, hoursAway: 0, hoursExtra: 0, count: 1 });
  });
});

describe('buildHoursReport', () => {
  it('says awaiting authorisation only for days the calendar counts as changed', () => {
    // Today is 20 November: a past row is not awaiting; a holiday or a zero-default day never is.
    const row = (date: string, over: Partial<SiteData['dayChanges'][number]> = {}) => ({
      date,
      currentHours: 6.1,
      defaultHours: 6.1,
      authorisedHours: null,
      isAuthorised: false,
      authorisedBy: null,
      authorisedAt: null,
      ...over,
    });
    const h = { ...header(), startDate: '2026-11-23', endDate: '2026-11-29' };
    const s = {
      ...site([]),
      holidays: [{ date: '2026-11-25', name: 'Founders Day' }],
      dayChanges: [
        row('2026-11-23'),
        row('2026-11-24', {
          isAuthorised: true,
          authorisedHours: 6.1,
          authorisedBy: 'ann',
          authorisedAt: new Date('2026-11-20T09:00:00Z'),
        }),
        row('2026-11-25'),
        row('2026-11-29', { defaultHours: 0 }),
      ],
    };
    const days = buildHoursReport(h, [s], TODAY).sites[0].days.map((d) => [d.date, d.status]);
    expect(days).toEqual([
      ['2026-11-23', 'awaiting'],
      ['2026-11-24', 'authorised'],
      ['2026-11-25', 'unchanged'],
      ['2026-11-26', 'unchanged'],
      ['2026-11-27', 'unchanged'],
      ['2026-11-28', 'unchanged'],
      ['2026-11-29', 'unchanged'],
    ]);
    const past = buildHoursReport(header(), [{ ...site([]), dayChanges: [row('2026-11-02')] }], TODAY).sites[0];
    expect([past.days[0].status, past.totals.awaiting]).toEqual(['unchanged', 0]);
    // The report's today decides what is past: on Tuesday 24th, Monday 23rd no longer awaits.
    expect(buildHoursReport(h, [s], '2026-11-24').sites[0].totals.awaiting).toBe(0);
    // Once authorised, nothing awaits.
    const signed = { ...s, dayChanges: s.dayChanges.map((c) => ({ ...c, isAuthorised: true, authorisedHours: 6.1, authorisedBy: 'ann' })) };
    const after = buildHoursReport(h, [signed], TODAY).sites[0];
    expect([after.totals.awaiting, after.days.filter((d) => d.status === 'awaiting').length]).toEqual([0, 0]);
  });

  it('shows the hours that were authorised beside changed current hours', () => {
    const s = {
      ...site([]),
      dayChanges: [
        {
          date: '2026-11-02',
          currentHours: 6.1,
          defaultHours: 6.1,
          authorisedHours: 7.6,
          isAuthorised: true,
          authorisedBy: 'ann',
          authorisedAt: new Date('2026-11-01T09:00:00Z'),
        },
      ],
    };
    const monday = buildHoursReport(header(), [s], TODAY).sites[0].days[0];
    expect([monday.status, monday.availableHours, monday.authorisedHours]).toEqual(['authorised', 6.1, 7.6]);
  });

  it('gives per-day hours, kinds and totals from the engine', () => {
    const r = buildHoursReport(header(), [site([ex(1, '2026-11-03', '2026-11-03')])], TODAY);
    const days = r.sites[0].days.map((d) => [d.date, d.kind, d.availableHours, d.defaultHours, d.difference]);
    expect(days).toEqual([
      ['2026-11-02', 'working', 6.1, 6.1, 0],
      ['2026-11-03', 'working', 0, 6.1, -6.1],
      ['2026-11-04', 'holiday', 0, 0, 0],
      ['2026-11-05', 'working', 6.1, 6.1, 0],
      ['2026-11-06', 'working', 6.1, 6.1, 0],
      ['2026-11-07', 'working-weekend', 4, 4, 0],
      ['2026-11-08', 'weekend', 0, 0, 0],
    ]);
    expect(r.sites[0].totals).toEqual({ availableHours: 22.3, defaultHours: 28.4, difference: -6.1, awaiting: 0, workingDays: 5 });
    expect(r.exceptionCount).toBe(1);
  });

  it('gives Monday-first weeks clipped to the range in the summary format', () => {
    const r = buildHoursReport({ ...header('summary'), startDate: '2026-11-06', endDate: '2026-11-10' }, [site([])], TODAY);
    expect(r.sites[0].days).toEqual([]);
    expect(r.sites[0].weeks.map((w) => [w.startDate, w.endDate, w.availableHours])).toEqual([
      ['2026-11-06', '2026-11-08', 10.1],
      ['2026-11-09', '2026-11-10', 12.2],
    ]);
  });
});
