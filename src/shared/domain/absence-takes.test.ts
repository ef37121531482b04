import { describe, expect, it } from 'vitest';
import { employeeDayTakes, roundDays } from './absence-takes';
import { computeAvailability, type EngineException, type EngineStaff } from './availability';
import { leaveHoursTaken } from './leave-hours';

/*
 * Week of Monday 1 March 2027; Wednesday 3rd is a holiday; the site works no weekends.
 * Ada: 8 h Monday to Thursday, 4 h Friday, 75 % efficiency. Figures by hand.
 */
const ada: EngineStaff = {
  id: 1,
  efficiency: 75,
  mondayHours: 8,
  tuesdayHours: 8,
  wednesdayHours: 8,
  thursdayHours: 8,
  fridayHours: 4,
  saturdayHours: 0,
  sundayHours: 0,
};
const settings = { saturdayWorkday: false, sundayWorkday: false };
const holidays = [{ date: '2027-03-03', name: 'Holiday' }];
const x = (id: number, startDate: string, endDate: string, more: Partial<EngineException> = {}): EngineException => ({
  id,
  employeeId: 1,
  reasonId: 1,
  startDate,
  endDate,
  isFullDay: true,
  hours: null,
  isAdditive: false,
  ...more,
});
const takesOn = (date: string, exceptions: EngineException[], counts?: (id: number) => boolean) => {
  const day = computeAvailability({ days: [date], settings, employees: [ada], exceptions, holidays }).get(date)!;
  return employeeDayTakes(day, day.employees[0], counts);
};
const hours = (u: number) => u / 100_000;

describe('what a day is worth and what an absence takes', () => {
  it('a full day takes the contract hours, not the efficiency-scaled ones', () => {
    const { worthUnits, takes } = takesOn('2027-03-01', [x(1, '2027-03-01', '2027-03-01')]);
    expect(hours(worthUnits)).toBe(8);
    expect(takes.map((t) => [t.exceptionId, hours(t.awayUnits), t.dayShare])).toEqual([[1, 8, 1]]);
  });

  it('overlapping absences take the day once, in their order', () => {
    const { takes } = takesOn('2027-03-02', [
      x(1, '2027-03-02', '2027-03-02', { isFullDay: false, hours: 2 }),
      x(2, '2027-03-02', '2027-03-02'),
    ]);
    expect(takes.map((t) => [t.exceptionId, hours(t.awayUnits), t.dayShare])).toEqual([
      [1, 2, 0.25],
      [2, 6, 0.75],
    ]);
  });

  it('a holiday and a weekend day are worth nothing', () => {
    expect(takesOn('2027-03-03', [x(1, '2027-03-03', '2027-03-03')]).takes[0].awayUnits).toBe(0);
    expect(takesOn('2027-03-06', [x(1, '2027-03-06', '2027-03-06')]).worthUnits).toBe(0);
  });

  it('an exception that does not count leaves the day to the ones that do', () => {
    // Sickness (id 1) first, then leave (id 2): for the allowance only the leave counts, and it takes the day.
    const { takes } = takesOn('2027-03-04', [x(1, '2027-03-04', '2027-03-04'), x(2, '2027-03-04', '2027-03-04')], (id) => id === 2);
    expect(takes.map((t) => [t.exceptionId, hours(t.awayUnits)])).toEqual([
      [1, 0],
      [2, 8],
    ]);
  });

  it('additive hours are extra and take nothing', () => {
    const { takes } = takesOn('2027-03-05', [x(1, '2027-03-05', '2027-03-05', { isAdditive: true, isFullDay: false, hours: 1.5 })]);
    expect(takes.map((t) => [hours(t.extraUnits), t.awayUnits, t.dayShare])).toEqual([[1.5, 0, 0]]);
  });

  it('rounds days to a tenth without float noise', () => {
    expect(roundDays(0.25 + 0.75 + 0.05)).toBe(1.1);
    expect(roundDays(2 / 7.6)).toBe(0.3);
  });
});

describe("a request's hours, by the same worth", () => {
  const week = ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06', '2027-03-07'];
  const days = computeAvailability({ days: week, settings, employees: [ada], exceptions: [], holidays });
  const span = { employeeId: 1, startDate: '2027-03-01', endDate: '2027-03-07', isFullDay: true, hours: null };

  it('a full week: 8 + 8 + 0 (holiday) + 8 + 4 + 0 + 0 = 28 h', () => {
    expect(leaveHoursTaken(span, false, days)).toBe(28);
  });

  it('a part day takes its hours, at most the day', () => {
    expect(leaveHoursTaken({ ...span, isFullDay: false, hours: 5 }, false, days)).toBe(5 + 5 + 0 + 5 + 4);
  });

  it('an additive type takes nothing', () => {
    expect(leaveHoursTaken(span, true, days)).toBe(0);
  });
});
