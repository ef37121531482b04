import { describe, expect, it } from 'vitest';
import { defaultExceptionHours, manualHoursRequired, maxHoursFor, regularHours } from './hours';

// 2027-03-01 is a Monday; 2027-03-04 a Thursday; 2027-03-06 a Saturday.
const MON = '2027-03-01';
const THU = '2027-03-04';
const SAT = '2027-03-06';
const employee = {
  id: 1,
  name: 'Ana',
  efficiency: 50,
  mondayHours: 7.6,
  tuesdayHours: 8,
  wednesdayHours: 6,
  thursdayHours: 0,
  fridayHours: 8,
  saturdayHours: 0,
  sundayHours: 0,
  defaultHours: 7.6,
};

describe('exception hours', () => {
  it('reads the regular hours for the weekday (not scaled by efficiency)', () => {
    expect(regularHours(employee, MON)).toBe(7.6);
    expect(regularHours(employee, THU)).toBe(0);
    expect(regularHours(undefined, MON)).toBe(0);
    expect(regularHours(employee, 'not a day')).toBe(0);
  });

  it('allows up to twice the regular hours, or 16 on a zero-hour day', () => {
    expect(maxHoursFor(employee, MON)).toBe(15.2);
    expect(maxHoursFor(employee, '2027-03-02')).toBe(16);
    expect(maxHoursFor(employee, THU)).toBe(16);
    expect(maxHoursFor(undefined, MON)).toBe(16);
  });

  it('requires manual hours only for an additive type on a zero-hour weekday', () => {
    expect(manualHoursRequired(employee, THU, true)).toBe(true);
    expect(manualHoursRequired(employee, SAT, true)).toBe(true);
    expect(manualHoursRequired(employee, THU, false)).toBe(false);
    expect(manualHoursRequired(employee, MON, true)).toBe(false);
    expect(manualHoursRequired(undefined, THU, true)).toBe(false);
  });

  it('defaults to the regular hours, else 8, and 8 for an additive type on a non-working day', () => {
    expect(defaultExceptionHours({ employee, date: MON, isAdditive: false })).toBe(7.6);
    expect(defaultExceptionHours({ employee, date: '2027-03-03', isAdditive: true })).toBe(6);
    expect(defaultExceptionHours({ employee, date: THU, isAdditive: false })).toBe(8);
    expect(defaultExceptionHours({ employee, date: THU, isAdditive: true })).toBe(8);
    expect(defaultExceptionHours({ employee: undefined, date: MON, isAdditive: undefined })).toBe(8);
  });

  it('after a drop, defaults to the employee’s default hours, else 8, never above the maximum', () => {
    expect(defaultExceptionHours({ employee, date: '2027-03-03', isAdditive: false, fromDrop: true })).toBe(7.6);
    expect(defaultExceptionHours({ employee: { ...employee, defaultHours: 0 }, date: MON, isAdditive: false, fromDrop: true })).toBe(8);
    expect(
      defaultExceptionHours({ employee: { ...employee, mondayHours: 2, defaultHours: 9 }, date: MON, isAdditive: false, fromDrop: true }),
    ).toBe(4);
    expect(defaultExceptionHours({ employee, date: SAT, isAdditive: true, fromDrop: true })).toBe(8);
  });
});
