import { describe, expect, it } from 'vitest';
import { requestHours } from './request-hours';

/** Mon–Fri 8, 8, 4, 0, 6 h, weekends 5 h (worked only when the site says so), at 90 % efficiency. */
const employee = {
  id: 7,
  efficiency: 90,
  mondayHours: 8,
  tuesdayHours: 8,
  wednesdayHours: 4,
  thursdayHours: 0,
  fridayHours: 6,
  saturdayHours: 5,
  sundayHours: 5,
};
const weekdaysOnly = { saturdayWorkday: false, sundayWorkday: false };
const full = { isFullDay: true, hours: null };

describe('requestHours', () => {
  it('takes the contract hours of each working day, not scaled by efficiency', () => {
    // Mon 2 Mar 2026 to Fri 6 Mar: 8 + 8 + 4 + 0 + 6.
    const span = { startDate: '2026-03-02', endDate: '2026-03-06', ...full };
    expect(requestHours({ employee, settings: weekdaysOnly, holidays: [], span, isAdditive: false })).toBe(26);
  });

  it('skips public holidays and weekends the site does not work', () => {
    // Fri 6 to Mon 9 Mar, Monday a holiday: Friday's 6 alone.
    const span = { startDate: '2026-03-06', endDate: '2026-03-09', ...full };
    const holidays = [{ date: '2026-03-09', name: 'Holiday' }];
    expect(requestHours({ employee, settings: weekdaysOnly, holidays, span, isAdditive: false })).toBe(6);
    // The same days with Saturdays worked: 6 + 5.
    expect(requestHours({ employee, settings: { saturdayWorkday: true, sundayWorkday: false }, holidays, span, isAdditive: false })).toBe(
      11,
    );
  });

  it('takes the hours asked for each day, never more than the day has', () => {
    // Mon 2 to Wed 4 Mar, 5 h a day: 5 + 5 + 4 (Wednesday has 4).
    const span = { startDate: '2026-03-02', endDate: '2026-03-04', isFullDay: false, hours: 5 };
    expect(requestHours({ employee, settings: weekdaysOnly, holidays: [], span, isAdditive: false })).toBe(14);
  });

  it('follows the contract version in force on each date', () => {
    const versions = {
      ...employee,
      contracts: [
        {
          validFrom: null,
          efficiency: 100,
          mondayHours: 8,
          tuesdayHours: 8,
          wednesdayHours: 8,
          thursdayHours: 8,
          fridayHours: 8,
          saturdayHours: 0,
          sundayHours: 0,
        },
        {
          validFrom: '2026-03-04',
          efficiency: 100,
          mondayHours: 2,
          tuesdayHours: 2,
          wednesdayHours: 2,
          thursdayHours: 2,
          fridayHours: 2,
          saturdayHours: 0,
          sundayHours: 0,
        },
      ],
    };
    // Mon 2, Tue 3 at 8; Wed 4 on the new version at 2.
    const span = { startDate: '2026-03-02', endDate: '2026-03-04', ...full };
    expect(requestHours({ employee: versions, settings: weekdaysOnly, holidays: [], span, isAdditive: false })).toBe(18);
  });

  it('takes nothing for a type that adds hours', () => {
    const span = { startDate: '2026-03-02', endDate: '2026-03-06', ...full };
    expect(requestHours({ employee, settings: weekdaysOnly, holidays: [], span, isAdditive: true })).toBe(0);
  });
});
