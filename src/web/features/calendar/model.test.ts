import { describe, expect, it } from 'vitest';
import type { TDayChange, TExceptionView, TNoteView } from '../../../shared/contracts/calendar';
import type { DayAvailability } from '../../../shared/domain/availability';
import { eachDay } from '../../../shared/domain/dates';
import { dayStatus, staffLine } from './DayDetails';
import { buildDays, buildPillsByDay, type ExceptionPill } from './model';

/**
 * The engine's answer for a day, written by hand: these tests check how the model draws the numbers, and the
 * engine itself is checked against an independent reference (availability.reference.test.ts).
 */
function day(date: string, hours: number, over: Partial<DayAvailability> = {}): DayAvailability {
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
  return {
    date,
    availableHours: hours,
    computedHours: hours,
    defaultHours: hours,
    source: 'computed',
    isPublicHoliday: false,
    publicHolidayName: null,
    isWeekend: wd === 0 || wd === 6,
    isWorkingWeekend: false,
    employees: [],
    ...over,
  };
}
const byDay = (list: DayAvailability[]) => new Map(list.map((d) => [d.date, d]));

const exception = (over: Partial<TExceptionView>): TExceptionView => ({
  id: 1,
  siteId: 1,
  employeeId: 1,
  reasonId: 1,
  startDate: '2026-11-16',
  endDate: '2026-11-16',
  isFullDay: true,
  hours: null,
  notes: null,
  version: 1,
  employeeName: 'Isla Green',
  reasonName: 'Annual Leave',
  reasonColor: '#3b82f6',
  isAdditive: false,
  isRangeStart: true,
  isRangeEnd: true,
  ...over,
});
const note = (over: Partial<TNoteView>): TNoteView => ({
  id: 9,
  siteId: 1,
  title: 'Stock take',
  description: null,
  startDate: '2026-11-17',
  endDate: '2026-11-17',
  color: '#f59e0b',
  isFullDay: true,
  version: 1,
  createdAt: '',
  updatedAt: '',
  ...over,
});

const week = eachDay('2026-11-16', '2026-11-22');

describe('buildPillsByDay', () => {
  it('marks only the middle days of a span as continued, and clips to the visible days', () => {
    const pills = buildPillsByDay(
      week,
      [exception({ startDate: '2026-11-14', endDate: '2026-11-18' }), exception({ id: 2, startDate: '2026-11-20', endDate: '2026-11-21' })],
      [],
    );
    const text = (d: string) => pills.get(d)!.map((p) => p.text);
    expect(text('2026-11-16')).toEqual(['Isla Green – Annual Leave (continued)']);
    expect(text('2026-11-17')).toEqual(['Isla Green – Annual Leave (continued)']);
    expect(text('2026-11-18')).toEqual(['Isla Green – Annual Leave']);
    expect(text('2026-11-19')).toEqual([]);
    expect(text('2026-11-20')).toEqual(['Isla Green – Annual Leave']);
    expect(text('2026-11-21')).toEqual(['Isla Green – Annual Leave']);
  });

  it('shows a note by its description, else its title, after the exceptions', () => {
    const pills = buildPillsByDay(
      week,
      [exception({ startDate: '2026-11-17', endDate: '2026-11-17' })],
      [note({}), note({ id: 10, description: 'Count the shelves' })],
    );
    expect(pills.get('2026-11-17')!.map((p) => `${p.kind}:${p.text}`)).toEqual([
      'exception:Isla Green – Annual Leave',
      'note:Stock take',
      'note:Count the shelves',
    ]);
  });
});

describe('buildDays', () => {
  // Isla Green, 7.6 h Monday to Friday; a 3.5 h training on Tuesday 24th; Founders Day on Wednesday 25th.
  const exceptions = [exception({ reasonName: 'Training', startDate: '2026-11-24', endDate: '2026-11-24', isFullDay: false, hours: 3.5 })];
  const days = eachDay('2026-11-20', '2026-11-26');
  const availability = byDay([
    day('2026-11-20', 7.6),
    day('2026-11-21', 0),
    day('2026-11-22', 0),
    day('2026-11-23', 7.6),
    day('2026-11-24', 4.1, { defaultHours: 7.6 }),
    day('2026-11-25', 0, { isPublicHoliday: true, publicHolidayName: 'Founders Day' }),
    day('2026-11-26', 7.6),
  ]);
  const dayChanges: TDayChange[] = ['2026-11-20', '2026-11-23', '2026-11-25'].map((date) => ({
    date,
    authorised: false,
    defaultHours: 7.6,
    currentHours: 7.6,
    authorisedHours: null,
    authorisedBy: null,
    authorisedAt: null,
    lastModified: '',
  }));
  const model = buildDays({
    days,
    viewMonth: 11,
    today: '2026-11-21',
    availability,
    pillsByDay: buildPillsByDay(days, exceptions, []),
    dayChanges,
  });
  const byDate = new Map(model.map((d) => [d.date, d]));

  it('takes hours from the engine and names the cell for screen readers', () => {
    expect(byDate.get('2026-11-24')!.availableHours).toBe(4.1);
    expect(byDate.get('2026-11-25')!.ariaLabel).toBe('Wednesday 25 November 2026, 0.0 hours available, Holiday: Founders Day');
    expect(byDate.get('2026-11-24')!.ariaLabel).toBe('Tuesday 24 November 2026, 4.1 hours available, 1 exception');
    expect(byDate.get('2026-11-21')!.ariaLabel).toBe('Saturday 21 November 2026, 0.0 hours available, today, Weekend');
  });

  it('flags changed days: not in the past, not on holidays', () => {
    expect(byDate.get('2026-11-20')!.isChanged).toBe(false);
    expect(byDate.get('2026-11-23')!.isChanged).toBe(true);
    expect(byDate.get('2026-11-23')!.awaitingAuth).toBe(true);
    expect(byDate.get('2026-11-25')!.isChanged).toBe(false);
  });

  it('lists staff with part-day hours and names the status', () => {
    const pill = byDate.get('2026-11-24')!.pills[0] as ExceptionPill;
    expect(staffLine(pill)).toBe('Isla Green — Training (3.5h)');
    expect(dayStatus(byDate.get('2026-11-25')!)).toBe('Public Holiday');
    expect(dayStatus(byDate.get('2026-11-22')!)).toBe('Weekend');
    expect(dayStatus(byDate.get('2026-11-24')!)).toBe('Regular Workday');
  });
});

describe('working weekends', () => {
  // A site that works Saturdays; one employee with 6 h on Saturday and Sunday.
  const days = eachDay('2026-11-21', '2026-11-22');
  const availability = byDay([day('2026-11-21', 6, { isWorkingWeekend: true }), day('2026-11-22', 0)]);
  const [sat, sun] = buildDays({ days, today: '2026-11-20', availability, pillsByDay: new Map(), dayChanges: [] });

  it('names a Saturday the site works "Working weekend" and a Sunday it does not "Weekend"', () => {
    expect(dayStatus(sat)).toBe('Working weekend');
    expect(sat.ariaLabel).toBe('Saturday 21 November 2026, 6.0 hours available, Working weekend');
    expect(dayStatus(sun)).toBe('Weekend');
    expect(sun.ariaLabel).toBe('Sunday 22 November 2026, 0.0 hours available, Weekend');
  });
});

describe('buildDays with minimum hours (decision 099)', () => {
  // Monday 16 November needs 40 h and has 33.5 (short 6.5); Tuesday needs 30 and has 30.04 (covered: 30.0 in tenths);
  // Wednesday has no minimum; Thursday is closed by an override (0 needed) though Thursdays need 20.
  const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'];
  const availability = byDay([day(days[0], 33.5), day(days[1], 30.04), day(days[2], 1), day(days[3], 5)]);
  const coverage = {
    versions: [{ validFrom: '2026-11-01', weekdays: { monday: 40, tuesday: 30, thursday: 20 } }],
    overrides: { '2026-11-19': 0 },
  };
  const [mon, tue, wed, thu] = buildDays({ days, today: '2026-11-01', availability, pillsByDay: new Map(), dayChanges: [], coverage });

  it('gives each day its minimum and how far it is under it', () => {
    expect([mon, tue, wed, thu].map((d) => [d.requiredHours, d.shortHours])).toEqual([
      [40, 6.5],
      [30, 0],
      [null, 0],
      [0, 0],
    ]);
  });

  it('says the shortfall in the cell’s name, in words', () => {
    expect(mon.ariaLabel).toBe('Monday 16 November 2026, 33.5 hours available, Short 6.5 h of the 40.0 h minimum');
    expect(tue.ariaLabel).toBe('Tuesday 17 November 2026, 30.0 hours available');
  });

  it('flags nothing while the hours or the rules have not loaded', () => {
    const [noRules] = buildDays({ days, today: '2026-11-01', availability, pillsByDay: new Map(), dayChanges: [] });
    expect([noRules.requiredHours, noRules.shortHours]).toEqual([null, 0]);
    const [noHours] = buildDays({ days, today: '2026-11-01', availability: null, pillsByDay: new Map(), dayChanges: [], coverage });
    expect([noHours.requiredHours, noHours.shortHours]).toEqual([40, 0]);
  });
});
