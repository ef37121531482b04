import { describe, expect, it } from 'vitest';
import { dataWindow, dayChangesWindow } from './calendar-window';
import { viewDays } from './dates';

describe('dataWindow', () => {
  it('runs from the 15th of the previous month to the 15th two months ahead', () => {
    expect(dataWindow('2026-11-21')).toEqual({ startDate: '2026-10-15', endDate: '2027-01-15' });
    expect(dataWindow('2026-01-01')).toEqual({ startDate: '2025-12-15', endDate: '2026-03-15' });
    expect(dataWindow('2026-12-31')).toEqual({ startDate: '2026-11-15', endDate: '2027-02-15' });
  });

  it('covers every day of the month grid and of every week in the month', () => {
    for (let month = 1; month <= 12; month++) {
      const date = `2026-${String(month).padStart(2, '0')}-28`;
      const w = dataWindow(date);
      for (const d of [...viewDays('month', date), ...viewDays('week', date)]) {
        expect(d >= w.startDate && d <= w.endDate, `${d} in ${w.startDate}..${w.endDate}`).toBe(true);
      }
    }
  });
});

describe('dayChangesWindow', () => {
  it('runs from today to two years ahead', () => {
    expect(dayChangesWindow('2026-11-21')).toEqual({ startDate: '2026-11-21', endDate: '2028-11-21' });
  });

  it('turns 29 February into 28 February two years on', () => {
    expect(dayChangesWindow('2028-02-29')).toEqual({ startDate: '2028-02-29', endDate: '2030-02-28' });
  });
});
