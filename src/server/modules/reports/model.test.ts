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
  it('counts working days and raw hours, skipping the holiday and the non-working Sunday', () => {
    // Mon 2 – Sun 8: Mon, Tue, Thu, Fri at 7.6 and Sat at 5 (holiday Wed and Sunday take nothing).
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

describe('buildHoursReport', () => {
  it('gives per-day hours, kinds and totals from the engine', () => {
    const r = buildHoursReport(header(), [site([ex(1, '2026-11-03', '2026-11-03')])]);
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
    const r = buildHoursReport({ ...header('summary'), startDate: '2026-11-06', endDate: '2026-11-10' }, [site([])]);
    expect(r.sites[0].days).toEqual([]);
    expect(r.sites[0].weeks.map((w) => [w.startDate, w.endDate, w.availableHours])).toEqual([
      ['2026-11-06', '2026-11-08', 10.1],
      ['2026-11-09', '2026-11-10', 12.2],
    ]);
  });
});
