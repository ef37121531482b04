import { describe, expect, it } from 'vitest';
import type { TExceptionView } from '../../../../shared/contracts/calendar';
import type { TEmployee } from '../../../../shared/contracts/employees';
import {
  activeFilterCount,
  applyCalendarFilter,
  filterSummary,
  foreignLinkSite,
  knownCalendarFilter,
  linkSiteOf,
  NO_FILTER,
  parseCalendarFilter,
  writeCalendarFilter,
  type CalendarFilter,
} from './calendar-filter';

const week = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 8, saturdayHours: 0, sundayHours: 0 };
const employee = (id: number, name: string, teamId: number | null): TEmployee => ({
  id,
  siteId: 1,
  name,
  efficiency: 1,
  sortOrder: id,
  defaultHours: 8,
  ...week,
  teamId,
});
const exception = (
  id: number,
  employeeId: number,
  reasonId: number,
  startDate: string,
  endDate: string,
  isAdditive = false,
): TExceptionView => ({
  id,
  siteId: 1,
  employeeId,
  reasonId,
  startDate,
  endDate,
  isFullDay: true,
  hours: null,
  notes: null,
  version: 1,
  employeeName: `#${employeeId}`,
  reasonName: `reason ${reasonId}`,
  reasonColor: '#888888',
  isAdditive,
  isRangeStart: true,
  isRangeEnd: true,
});

// Teams 1 and 2; Cara in none. Reasons: 10 annual leave, 11 sickness (absences), 20 overtime (additive).
const employees = [employee(1, 'Ann Smith', 1), employee(2, 'Bob Jones', 2), employee(3, 'Cara Annan', null), employee(4, 'Dan Ng', 1)];
const exceptions = [
  exception(101, 1, 10, '2026-11-02', '2026-11-04'),
  exception(102, 2, 20, '2026-11-03', '2026-11-03', true),
  exception(103, 4, 11, '2026-10-20', '2026-10-21'),
  exception(104, 3, 10, '2026-11-05', '2026-11-09'),
  exception(105, 2, 11, '2026-11-06', '2026-11-06'),
];
const shown = { startDate: '2026-11-01', endDate: '2026-11-07' };
const run = (change: Partial<CalendarFilter>) => {
  const r = applyCalendarFilter({ employees, exceptions }, { ...NO_FILTER, ...change }, shown);
  return { employees: r.employees.map((e) => e.id), exceptions: r.exceptions.map((e) => e.id), active: r.active };
};

describe('applyCalendarFilter', () => {
  it('keeps everything when no filter is set', () => {
    expect(run({})).toEqual({ employees: [1, 2, 3, 4], exceptions: [101, 102, 103, 104, 105], active: false });
  });

  it('keeps a team’s employees and their exceptions', () => {
    expect(run({ team: 1 })).toEqual({ employees: [1, 4], exceptions: [101, 103], active: true });
  });

  it('keeps employees in no team for "none"', () => {
    expect(run({ team: 'none' })).toEqual({ employees: [3], exceptions: [104], active: true });
  });

  it('searches names in any case, ignoring the spaces around', () => {
    expect(run({ q: '  ANN ' })).toEqual({ employees: [1, 3], exceptions: [101, 104], active: true });
  });

  it('keeps one exception type and the employees who have it on a shown day', () => {
    // Dan's sickness ends before the shown week, so he is not listed.
    expect(run({ type: 11 })).toEqual({ employees: [2], exceptions: [105], active: true });
  });

  it('"only people away" keeps employees with an absence on a shown day, and only their absences', () => {
    // Bob's overtime adds hours, so it is not shown; his sickness on the 6th makes him away.
    expect(run({ away: true })).toEqual({ employees: [1, 2, 3], exceptions: [101, 104, 105], active: true });
  });

  it('combines filters: all must hold', () => {
    expect(run({ team: 2, away: true })).toEqual({ employees: [2], exceptions: [105], active: true });
    expect(run({ team: 1, q: 'dan', away: true })).toEqual({ employees: [], exceptions: [], active: true });
  });

  it('drops exceptions of employees no longer in the list while filtering', () => {
    const r = applyCalendarFilter(
      { employees, exceptions: [exception(106, 99, 10, '2026-11-02', '2026-11-02')] },
      { ...NO_FILTER, q: 'a' },
      shown,
    );
    expect(r.exceptions).toEqual([]);
  });
});

describe('the filter in the URL', () => {
  it('reads every value', () => {
    expect(parseCalendarFilter(new URLSearchParams('view=month&team=3&q=ann&type=5&away=1'))).toEqual({
      team: 3,
      q: 'ann',
      type: 5,
      away: true,
    });
    expect(parseCalendarFilter(new URLSearchParams('team=none'))).toEqual({ ...NO_FILTER, team: 'none' });
  });

  it('ignores values it cannot read', () => {
    expect(parseCalendarFilter(new URLSearchParams('team=abc&type=-2&away=yes'))).toEqual(NO_FILTER);
    expect(parseCalendarFilter(new URLSearchParams('team=0&type=1.5&away=true'))).toEqual(NO_FILTER);
    expect(parseCalendarFilter(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes set values, removes unset ones and keeps view and date', () => {
    const before = new URLSearchParams('view=week&date=2026-11-16&type=4&away=1');
    expect(writeCalendarFilter(before, { team: 2, q: ' bo', type: null, away: false }).toString()).toBe(
      'view=week&date=2026-11-16&team=2&q=+bo',
    );
    expect(writeCalendarFilter(before, { ...NO_FILTER, q: '   ' }).toString()).toBe('view=week&date=2026-11-16');
  });

  it('names the site a set filter was made on, and drops it with the filter (decision 115)', () => {
    const before = new URLSearchParams('view=month&date=2026-11-16&site=4');
    expect(writeCalendarFilter(before, { ...NO_FILTER, team: 2 }, 7).toString()).toBe('view=month&date=2026-11-16&team=2&site=7');
    expect(writeCalendarFilter(before, NO_FILTER, 7).toString()).toBe('view=month&date=2026-11-16');
    expect(writeCalendarFilter(before, { ...NO_FILTER, away: true }).toString()).toBe('view=month&date=2026-11-16&away=1');
  });

  it('reads a link of another site as foreign, and an older link without a site as this one', () => {
    expect(linkSiteOf(new URLSearchParams('team=2&site=7'))).toBe(7);
    expect(linkSiteOf(new URLSearchParams('team=2&site=abc'))).toBeNull();
    expect(foreignLinkSite(new URLSearchParams('team=2&site=7'), 3)).toBe(7);
    expect(foreignLinkSite(new URLSearchParams('team=2&site=7'), 7)).toBeNull();
    expect(foreignLinkSite(new URLSearchParams('team=2'), 3)).toBeNull();
    // Before the session is known nothing is called foreign.
    expect(foreignLinkSite(new URLSearchParams('team=2&site=7'), undefined)).toBeNull();
  });

  it('counts the set filters', () => {
    expect(activeFilterCount(NO_FILTER)).toBe(0);
    expect(activeFilterCount({ team: 'none', q: ' ', type: 3, away: true })).toBe(3);
  });

  it('drops a team or type the site does not have, once its list has loaded', () => {
    const f: CalendarFilter = { team: 9, q: '', type: 7, away: false };
    expect(knownCalendarFilter(f, [{ id: 1 }], [{ id: 7 }])).toEqual({ team: null, q: '', type: 7, away: false });
    expect(knownCalendarFilter(f, undefined, [{ id: 8 }])).toEqual({ team: 9, q: '', type: null, away: false });
    expect(knownCalendarFilter({ ...f, team: 'none' }, [], undefined)).toEqual({ team: 'none', q: '', type: 7, away: false });
  });

  it('says the hours are the whole site’s', () => {
    expect(filterSummary(12, 300)).toBe("Filtered: showing 12 of 300 employees · hours are the whole site's");
    expect(filterSummary(0, 1)).toBe("Filtered: showing 0 of 1 employee · hours are the whole site's");
  });
});
