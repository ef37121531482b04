import { describe, expect, it } from 'vitest';
import { decodeCalendar } from './calendar-decode';
import type { TCalendarWire } from './calendar-wire';

const settings = {
  siteName: 'S',
  businessName: 'B',
  saturdayWorkday: false,
  saturdayHours: 0,
  sundayWorkday: false,
  sundayHours: 0,
  defaultDailyHours: 7.6,
  defaultEfficiencyRate: 100,
  dataRetentionDays: 365,
  futureDataDays: 730,
  sidebarCategoryOrder: ['employees', 'notes', 'exceptions'],
} as TCalendarWire['settings'];

const contract = {
  id: 9,
  validFrom: '2026-03-02',
  efficiency: 50,
  mondayHours: 4,
  tuesdayHours: 4,
  wednesdayHours: 4,
  thursdayHours: 4,
  fridayHours: 4,
  saturdayHours: 0,
  sundayHours: 0,
};

const wire: TCalendarWire = {
  format: 4,
  siteId: 3,
  day0: '2026-02-15',
  employees: [
    [1, 'Ann', 90, 0, [0, 6, 6, 6, 6, 0, 0], null, null, null],
    [2, 'Bo', 50, 1, [4, 4, 4, 4, 4, 0, 0], '2026-06-30', [contract], 4],
  ],
  reasons: [{ id: 5, name: 'Leave', color: '#123456', isAdditive: false, sortOrder: 1, scope: 'business' }],
  teams: [{ id: 4, name: 'Packing', sortOrder: 0 }],
  exceptions: [
    [10, 1, 5, -3, 0, true, null, null, 2],
    [11, 7, 6, 20, 95, false, 2.5, 'x', 1],
  ],
  notes: [],
  holidays: [],
  dayChanges: [[16, true, 15.6, 7.6, 7.6, 'admin', '2026-03-01T09:00:00.000Z', '2026-02-28T08:00:00.000Z']],
  coverage: [
    [
      ['2025-01-06', [40, null, 30.5, null, null, null, 0]],
      ['2026-03-01', [null, null, null, null, null, 12, null]],
    ],
    [
      [-1, 0],
      [16, 44.5],
    ],
  ],
  settings,
};

describe('decodeCalendar', () => {
  const lists = decodeCalendar(wire, { startDate: '2026-02-15', endDate: '2026-05-15' });

  it('gives each employee the site, the weekday hours by name and the first weekday with hours', () => {
    expect(lists.employees[0]).toEqual({
      id: 1,
      siteId: 3,
      name: 'Ann',
      efficiency: 90,
      sortOrder: 0,
      mondayHours: 0,
      tuesdayHours: 6,
      wednesdayHours: 6,
      thursdayHours: 6,
      fridayHours: 6,
      saturdayHours: 0,
      sundayHours: 0,
      defaultHours: 6,
      teamId: null,
    });
    expect(lists.employees[1]).toMatchObject({ endDate: '2026-06-30', contracts: [contract], defaultHours: 4, teamId: 4 });
  });

  it('passes the teams on as they came (decision 085)', () => {
    expect(lists.teams).toEqual([{ id: 4, name: 'Packing', sortOrder: 0 }]);
  });

  it('joins names and colours, turns day numbers into dates and says which ends lie inside the window', () => {
    expect(lists.exceptions).toEqual([
      {
        id: 10,
        siteId: 3,
        employeeId: 1,
        reasonId: 5,
        startDate: '2026-02-12',
        endDate: '2026-02-15',
        isFullDay: true,
        hours: null,
        notes: null,
        version: 2,
        employeeName: 'Ann',
        reasonName: 'Leave',
        reasonColor: '#123456',
        isAdditive: false,
        isRangeStart: false,
        isRangeEnd: true,
      },
      {
        id: 11,
        siteId: 3,
        employeeId: 7,
        reasonId: 6,
        startDate: '2026-03-07',
        endDate: '2026-05-21',
        isFullDay: false,
        hours: 2.5,
        notes: 'x',
        version: 1,
        employeeName: 'Unknown Employee',
        reasonName: 'Unknown Reason',
        reasonColor: '#ccc',
        isAdditive: false,
        isRangeStart: true,
        isRangeEnd: false,
      },
    ]);
    expect(lists.dayChanges).toEqual([
      {
        date: '2026-03-03',
        authorised: true,
        defaultHours: 15.6,
        currentHours: 7.6,
        authorisedHours: 7.6,
        authorisedBy: 'admin',
        authorisedAt: '2026-03-01T09:00:00.000Z',
        lastModified: '2026-02-28T08:00:00.000Z',
      },
    ]);
  });

  it('gives the coverage rules the weekday names, leaves out weekdays without a minimum and dates the overrides (decision 099)', () => {
    expect(lists.coverage).toEqual({
      versions: [
        { validFrom: '2025-01-06', weekdays: { monday: 40, wednesday: 30.5, sunday: 0 } },
        { validFrom: '2026-03-01', weekdays: { saturday: 12 } },
      ],
      overrides: { '2026-02-14': 0, '2026-03-03': 44.5 },
    });
  });

  it('gives a site without rules empty coverage, and a reply without the list none', () => {
    expect(decodeCalendar({ ...wire, coverage: [[], []] }, { startDate: '2026-02-15', endDate: '2026-05-15' }).coverage).toEqual({
      versions: [],
      overrides: {},
    });
    const { coverage: _gone, ...rest } = wire;
    expect(decodeCalendar(rest as TCalendarWire, { startDate: '2026-02-15', endDate: '2026-05-15' }).coverage).toBeUndefined();
  });

  it('leaves a list missing from the reply missing, and the others whole', () => {
    const { dayChanges: _gone, ...rest } = wire;
    const partial = decodeCalendar(rest as TCalendarWire, { startDate: '2026-02-15', endDate: '2026-05-15' });
    expect(partial.dayChanges).toBeUndefined();
    expect(partial.exceptions).toHaveLength(2);
  });
});
