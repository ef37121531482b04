import { describe, it, expect } from 'vitest';
import { computeAvailability, prepareExceptions } from './availability';
import { prepareFlatSpans } from './prepared-exceptions';
import type { EngineEmployee, EngineException } from './availability';

/*
 * Day numbers by hand: 1970-01-01 is day 0; 1970…2024 are 55 years with 14 leap days (1972…2024), so
 * 2025-01-01 is 55 × 365 + 14 = 20,089. January to June 2025 hold 31+28+31+30+31+30 = 181 days, so
 * 2025-07-01 is 20,270 and 2025-07-07 (a Monday) is 20,276.
 */
const JUL_01 = 20_270;
const JUL_07 = 20_276;

function exc(id: number, employeeId: number, startDate: string, endDate: string, over: Partial<EngineException> = {}): EngineException {
  return { id, employeeId, reasonId: 1, startDate, endDate, isFullDay: true, hours: null, isAdditive: false, ...over };
}

describe('prepareExceptions', () => {
  const list = [
    exc(11, 5, '2025-07-07', '2025-07-09', { isFullDay: false, hours: 2.5 }),
    exc(12, 3, '2025-07-01', '2025-07-01', { hours: 4, isAdditive: true }),
    exc(13, 5, '2025-07-08', '2025-07-08'),
    exc(14, 5, '2025-07-10', '2025-07-10', { isAdditive: true }),
    exc(15, 3, '2025-07-02', '2025-07-03', { isFullDay: false, hours: -1 }),
    exc(16, 9, '2025-07-07', '2025-07-07', { isFullDay: false, hours: null }),
  ];
  const p = prepareExceptions(list);

  it('groups by employee in order of first appearance, input order within each group', () => {
    expect(p.groupEmployeeIds).toEqual([5, 3, 9]);
    expect([...p.groupStart]).toEqual([0, 3, 5, 6]);
    expect([...p.ids]).toEqual([11, 13, 14, 12, 15, 16]);
  });

  it('turns dates into day numbers, in grouped order', () => {
    expect([...p.startDay]).toEqual([JUL_07, JUL_07 + 1, JUL_07 + 3, JUL_01, JUL_01 + 1, JUL_07]);
    expect([...p.endDay]).toEqual([JUL_07 + 2, JUL_07 + 1, JUL_07 + 3, JUL_01, JUL_01 + 2, JUL_07]);
  });

  it('turns hours into signed units (1 h = 100,000), or marks the raw weekday hours with their sign', () => {
    // 11: partial −2.5 h; 13: full day, no hours → raw, deducted; 14: full day, no hours → raw, added;
    // 12: full day with own 4 h, added; 15: a negative −1 h counts as 0; 16: partial without hours is 0 h.
    expect([...p.kind]).toEqual([0, -1, 1, 0, 0, 0]);
    expect([...p.units]).toEqual([-250_000, 0, 0, 400_000, -0, -0]);
  });

  it('rejects a malformed date even for an employee the computation would skip', () => {
    expect(() => prepareExceptions([exc(1, 999, '2025-02-30', '2025-03-01')])).toThrow(RangeError);
    expect(() => prepareExceptions([exc(1, 999, '2025-03-01', '2025-3-02')])).toThrow(RangeError);
  });

  it('is what the engine uses: a prepared list gives the hand-computed hours', () => {
    const emp: EngineEmployee = {
      id: 5,
      name: 'E5',
      efficiency: 100,
      mondayHours: 7.6,
      tuesdayHours: 7.6,
      wednesdayHours: 7.6,
      thursdayHours: 6,
      fridayHours: 7.6,
      saturdayHours: 0,
      sundayHours: 0,
    };
    const result = computeAvailability({
      days: ['2025-07-07', '2025-07-08', '2025-07-09', '2025-07-10'],
      settings: { saturdayWorkday: false, sundayWorkday: false },
      employees: [emp],
      exceptions: p,
      holidays: [],
    });
    // Mon 7.6 − 2.5 = 5.1; Tue 7.6 − 2.5 − 7.6 → 0; Wed 7.6 − 2.5 = 5.1; Thu 6 + 6 (raw, added) = 12.
    expect([...result.values()].map((d) => d.availableHours)).toEqual([5.1, 0, 5.1, 12]);
    expect(result.get('2025-07-08')!.employees[0].exceptionIds).toEqual([11, 13]);
  });

  it('handles an empty list', () => {
    const empty = prepareExceptions([]);
    expect([empty.groupEmployeeIds, [...empty.groupStart], [...empty.ids]]).toEqual([[], [0], []]);
  });
});

describe('prepareFlatSpans', () => {
  // The list above in the flat form: id, employee, first day, last day, full day, hours, additive.
  // prettier-ignore
  const flat = [
    11, 5, JUL_07, JUL_07 + 2, 0, 2.5, 0,
    12, 3, JUL_01, JUL_01, 1, 4, 1,
    13, 5, JUL_07 + 1, JUL_07 + 1, 1, null, 0,
    14, 5, JUL_07 + 3, JUL_07 + 3, 1, null, 1,
    15, 3, JUL_01 + 1, JUL_01 + 2, 0, -1, 0,
    16, 9, JUL_07, JUL_07, 0, null, 0,
  ];

  it('reads the same columns as the list form', () => {
    const p = prepareFlatSpans(flat);
    expect(p.groupEmployeeIds).toEqual([5, 3, 9]);
    expect([...p.groupStart]).toEqual([0, 3, 5, 6]);
    expect([...p.ids]).toEqual([11, 13, 14, 12, 15, 16]);
    expect([...p.startDay]).toEqual([JUL_07, JUL_07 + 1, JUL_07 + 3, JUL_01, JUL_01 + 1, JUL_07]);
    expect([...p.endDay]).toEqual([JUL_07 + 2, JUL_07 + 1, JUL_07 + 3, JUL_01, JUL_01 + 2, JUL_07]);
    expect([...p.kind]).toEqual([0, -1, 1, 0, 0, 0]);
    expect([...p.units]).toEqual([-250_000, 0, 0, 400_000, -0, -0]);
  });

  it('leaves out the removed exception and adds the new one at the end of its employee', () => {
    const p = prepareFlatSpans(flat, {
      removeId: 13,
      add: exc(20, 5, '2025-07-09', '2025-07-10', { isFullDay: false, hours: 1.25, isAdditive: true }),
    });
    expect(p.groupEmployeeIds).toEqual([5, 3, 9]);
    expect([...p.groupStart]).toEqual([0, 3, 5, 6]);
    expect([...p.ids]).toEqual([11, 14, 20, 12, 15, 16]);
    expect([...p.startDay].slice(0, 3)).toEqual([JUL_07, JUL_07 + 3, JUL_07 + 2]);
    expect([...p.endDay].slice(0, 3)).toEqual([JUL_07 + 2, JUL_07 + 3, JUL_07 + 3]);
    expect([...p.kind].slice(0, 3)).toEqual([0, 1, 0]);
    expect([...p.units].slice(0, 3)).toEqual([-250_000, 0, 125_000]);
  });

  it('adds a first exception for an employee the data did not hold, and to an empty list', () => {
    const p = prepareFlatSpans(flat, { add: exc(21, 7, '2025-07-01', '2025-07-01') });
    expect(p.groupEmployeeIds).toEqual([5, 3, 9, 7]);
    expect([...p.ids]).toEqual([11, 13, 14, 12, 15, 16, 21]);
    const only = prepareFlatSpans([], { add: exc(22, 7, '2025-07-07', '2025-07-07', { hours: 3 }) });
    expect([only.groupEmployeeIds, [...only.groupStart], [...only.ids], [...only.startDay], [...only.kind], [...only.units]]).toEqual([
      [7],
      [0, 1],
      [22],
      [JUL_07],
      [0],
      [-300_000],
    ]);
  });
});
