import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TDayChange } from '../../../shared/contracts/calendar';
import type { TEmployee } from '../../../shared/contracts/employees';
import type { TSettings } from '../../../shared/contracts/settings';
import { HOURS_CUTOFF } from '../../../shared/domain/availability';
import { useCalendarModel, type CalendarInputs } from './useCalendarModel';

const employee = {
  id: 1,
  siteId: 1,
  name: 'Isla Green',
  efficiency: 100,
  sortOrder: 0,
  defaultHours: 7.6,
  mondayHours: 7.6,
  tuesdayHours: 7.6,
  wednesdayHours: 7.6,
  thursdayHours: 7.6,
  fridayHours: 7.6,
  saturdayHours: 0,
  sundayHours: 0,
} as TEmployee;
const settings = { saturdayWorkday: false, sundayWorkday: false } as TSettings;
const stored = (date: string, currentHours: number): TDayChange => ({
  date,
  authorised: true,
  defaultHours: 7.6,
  currentHours,
  authorisedHours: currentHours,
  authorisedBy: null,
  authorisedAt: null,
  lastModified: '',
});

/** The hours the hook gives each day, read through a component (the hook only runs inside one). */
function hoursOf(days: string[], data: CalendarInputs): Record<string, number | null> {
  let out: Record<string, number | null> = {};
  function Probe() {
    out = Object.fromEntries(useCalendarModel(days, undefined, '2025-06-01', data).map((d) => [d.date, d.availableHours]));
    return null;
  }
  renderToStaticMarkup(<Probe />);
  return out;
}

describe('useCalendarModel and the hours cutoff (DOMAIN rule 7)', () => {
  it(`shows a day's stored current hours before ${HOURS_CUTOFF} and computes from it on`, () => {
    // Friday 13 June 2025 is before the cutoff; Monday 16 June 2025 is the cutoff day itself.
    const days = ['2025-06-12', '2025-06-13', '2025-06-16'];
    const hours = hoursOf(days, {
      employees: [employee],
      settings,
      dayChanges: [stored('2025-06-13', 22.8), stored('2025-06-16', 22.8)],
      ready: true,
    });
    expect(hours).toEqual({ '2025-06-12': 7.6, '2025-06-13': 22.8, '2025-06-16': 7.6 });
  });

  it('gives no hours until the engine’s inputs have loaded', () => {
    expect(hoursOf(['2025-06-13'], { employees: [employee], settings, ready: false })).toEqual({ '2025-06-13': null });
  });
});

describe('useCalendarModel and pending time-off requests (decision 093)', () => {
  // A pending full day on Tuesday 3 March 2026 and 2 hours on Wednesday 4 March.
  const pending = [
    { id: -1, startDate: '2026-03-03', endDate: '2026-03-03', isFullDay: true, hours: null },
    { id: -2, startDate: '2026-03-04', endDate: '2026-03-04', isFullDay: false, hours: 2 },
  ].map((p) => ({
    ...p,
    siteId: 1,
    employeeId: 1,
    reasonId: 1,
    notes: null,
    version: 0,
    employeeName: 'Isla Green',
    reasonName: 'Annual Leave',
    reasonColor: '#3b82f6',
    isAdditive: false,
    isRangeStart: true,
    isRangeEnd: true,
  }));
  const days = ['2026-03-02', '2026-03-03', '2026-03-04'];

  it('leaves the hours as they stand while pending is not counted', () => {
    expect(hoursOf(days, { employees: [employee], settings, pending, ready: true })).toEqual({
      '2026-03-02': 7.6,
      '2026-03-03': 7.6,
      '2026-03-04': 7.6,
    });
  });

  it('takes the pending requests off the hours when shown as approved', () => {
    expect(hoursOf(days, { employees: [employee], settings, pending, countPending: true, ready: true })).toEqual({
      '2026-03-02': 7.6,
      '2026-03-03': 0,
      '2026-03-04': 5.6,
    });
  });
});

describe('useCalendarModel for a Staff user (decision 106)', () => {
  // Colleagues come without hours; the server says what everyone else makes available each day.
  const colleague = { ...employee, id: 2, name: 'Bob', mondayHours: 0, tuesdayHours: 0, wednesdayHours: 0, defaultHours: 0 } as TEmployee;
  const days = ['2026-03-02', '2026-03-03', '2026-03-04'];
  const othersHours = { '2026-03-02': 6, '2026-03-03': 0, '2026-03-04': 3.5 };
  const ownDayOff = [
    {
      id: 9,
      siteId: 1,
      employeeId: 1,
      reasonId: 1,
      startDate: '2026-03-04',
      endDate: '2026-03-04',
      isFullDay: false,
      hours: 2,
      notes: null,
      version: 1,
      employeeName: 'Isla Green',
      reasonName: 'Annual Leave',
      reasonColor: '#3b82f6',
      isAdditive: false,
      isRangeStart: true,
      isRangeEnd: true,
    },
  ];

  it('adds the server’s hours of everyone else to the user’s own, computed here', () => {
    expect(hoursOf(days, { employees: [employee, colleague], exceptions: ownDayOff, settings, othersHours, ready: true })).toEqual({
      '2026-03-02': 13.6,
      '2026-03-03': 7.6,
      '2026-03-04': 9.1,
    });
  });

  it('adds nothing for a full reply (null)', () => {
    expect(hoursOf(days, { employees: [employee], settings, othersHours: null, ready: true })['2026-03-02']).toBe(7.6);
  });
});
