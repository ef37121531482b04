import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { addDaysStr, eachDay, fromDayNumber, isWeekendDate, monthGrid, startOfWeekStr, toDayNumber, weekDays, weekdayIndex } from './dates';

const MS_PER_DAY = 86_400_000;

describe('day numbers', () => {
  it('counts from the Unix epoch', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(toDayNumber('1970-01-02')).toBe(1);
    expect(toDayNumber('1969-12-31')).toBe(-1);
    expect(toDayNumber('2025-06-16')).toBe(Date.UTC(2025, 5, 16) / MS_PER_DAY);
  });

  it('handles leap days and century rules', () => {
    expect(toDayNumber('2024-03-01') - toDayNumber('2024-02-28')).toBe(2);
    expect(toDayNumber('2023-03-01') - toDayNumber('2023-02-28')).toBe(1);
    expect(toDayNumber('2000-03-01') - toDayNumber('2000-02-28')).toBe(2);
    expect(toDayNumber('2100-03-01') - toDayNumber('2100-02-28')).toBe(1);
  });

  it('rejects malformed or impossible dates rather than rolling them over', () => {
    for (const bad of [
      '2025-02-30',
      '2023-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-06-00',
      '2025-6-1',
      '2025/06/01',
      '20250601',
      '',
      'abcd-ef-gh',
    ]) {
      expect(() => toDayNumber(bad), bad).toThrow(RangeError);
    }
    expect(toDayNumber('2024-02-29')).toBe(toDayNumber('2024-02-28') + 1);
  });

  it('round-trips and agrees with Date.UTC for any day between 1600 and 2400', () => {
    const min = toDayNumber('1600-01-01');
    const max = toDayNumber('2400-12-31');
    fc.assert(
      fc.property(fc.integer({ min, max }), (n) => {
        const s = fromDayNumber(n);
        expect(toDayNumber(s)).toBe(n);
        expect(Date.parse(`${s}T00:00:00Z`) / MS_PER_DAY).toBe(n);
      }),
    );
  });
});

describe('date arithmetic on strings', () => {
  it('adds days across month, year and leap boundaries', () => {
    expect(addDaysStr('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDaysStr('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysStr('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysStr('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDaysStr('2025-06-16', 0)).toBe('2025-06-16');
  });

  it('lists each day inclusively, and nothing for a reversed range', () => {
    expect(eachDay('2024-02-27', '2024-03-02')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(eachDay('2025-06-16', '2025-06-16')).toEqual(['2025-06-16']);
    expect(eachDay('2025-06-17', '2025-06-16')).toEqual([]);
  });

  it('numbers weekdays from Monday = 0 to Sunday = 6', () => {
    expect(weekdayIndex('2025-06-16')).toBe(0); // a Monday
    expect(weekdayIndex('2025-07-12')).toBe(5); // Saturday
    expect(weekdayIndex('2025-06-15')).toBe(6); // Sunday
    expect(weekdayIndex('1970-01-01')).toBe(3); // Thursday
    expect(weekdayIndex('1969-12-29')).toBe(0); // Monday before the epoch
    expect(isWeekendDate('2025-07-12')).toBe(true);
    expect(isWeekendDate('2025-07-11')).toBe(false);
  });

  it('agrees with the UTC calendar on the weekday of any date', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (n) => {
        const s = fromDayNumber(n);
        const jsDay = new Date(n * MS_PER_DAY).getUTCDay(); // 0 = Sunday
        expect(weekdayIndex(s)).toBe((jsDay + 6) % 7);
      }),
    );
  });
});

describe('calendar grids', () => {
  it('starts the month grid on the Monday on or before the 1st', () => {
    const june = monthGrid(2025, 6); // 1 June 2025 is a Sunday
    expect(june).toHaveLength(42);
    expect(june[0]).toBe('2025-05-26');
    expect(june[6]).toBe('2025-06-01');
    expect(june[41]).toBe('2025-07-06');

    const september = monthGrid(2025, 9); // 1 September 2025 is a Monday
    expect(september[0]).toBe('2025-09-01');
  });

  it('produces 42 consecutive days beginning on a Monday and containing the whole month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const grid = monthGrid(year, month);
        expect(grid).toHaveLength(42);
        expect(weekdayIndex(grid[0])).toBe(0);
        for (let i = 1; i < grid.length; i++) expect(toDayNumber(grid[i]) - toDayNumber(grid[i - 1])).toBe(1);
        const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
        expect(grid.indexOf(first)).toBeLessThan(7);
        const nextMonthFirst = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
        expect(toDayNumber(grid[41])).toBeGreaterThanOrEqual(toDayNumber(nextMonthFirst) - 1);
      }),
    );
  });

  it('rejects a month outside 1–12', () => {
    expect(() => monthGrid(2025, 0)).toThrow(RangeError);
    expect(() => monthGrid(2025, 13)).toThrow(RangeError);
  });

  it('gives the Monday-to-Sunday week around any day', () => {
    const week = ['2025-06-16', '2025-06-17', '2025-06-18', '2025-06-19', '2025-06-20', '2025-06-21', '2025-06-22'];
    expect(weekDays('2025-06-16')).toEqual(week);
    expect(weekDays('2025-06-19')).toEqual(week);
    expect(weekDays('2025-06-22')).toEqual(week);
    expect(weekDays('2024-12-31')[0]).toBe('2024-12-30');
    expect(startOfWeekStr('2025-06-22')).toBe('2025-06-16');
  });
});
