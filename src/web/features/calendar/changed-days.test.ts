import { describe, expect, it } from 'vitest';
import { awaitsAuthorisation, changedDates, indexDayChanges, isDayChanged } from './changed-days';

const today = '2026-11-21';
const row = (date: string, over: Partial<{ authorised: boolean; defaultHours: number }> = {}) => ({ date, authorised: false, defaultHours: 38, ...over });

describe('isDayChanged', () => {
  it('is changed: unauthorised row, default hours above 0, not a holiday, today or later', () => {
    expect(isDayChanged(today, row(today), { isPublicHoliday: false, today })).toBe(true);
    expect(isDayChanged('2027-03-01', row('2027-03-01'), { isPublicHoliday: false, today })).toBe(true);
  });

  it('is not changed without a day-change row', () => {
    expect(isDayChanged(today, undefined, { isPublicHoliday: false, today })).toBe(false);
  });

  it('is not changed once authorised', () => {
    expect(isDayChanged(today, row(today, { authorised: true }), { isPublicHoliday: false, today })).toBe(false);
  });

  it('is not changed with zero default hours', () => {
    expect(isDayChanged(today, row(today, { defaultHours: 0 }), { isPublicHoliday: false, today })).toBe(false);
  });

  it('is not changed on a public holiday', () => {
    expect(isDayChanged('2026-12-25', row('2026-12-25'), { isPublicHoliday: true, today })).toBe(false);
  });

  it('counts past days as authorised', () => {
    expect(isDayChanged('2026-11-20', row('2026-11-20'), { isPublicHoliday: false, today })).toBe(false);
  });

  it('ignores a row of another date', () => {
    expect(isDayChanged('2026-11-22', row('2026-11-23'), { isPublicHoliday: false, today })).toBe(false);
  });
});

describe('awaitsAuthorisation', () => {
  it('highlights a changed day only while it has hours', () => {
    expect(awaitsAuthorisation(12.5, true)).toBe(true);
    expect(awaitsAuthorisation(0, true)).toBe(false);
    expect(awaitsAuthorisation(12.5, false)).toBe(false);
  });
});

describe('changedDates', () => {
  it('picks the changed days among the given ones', () => {
    const days = [
      { date: '2026-11-20', isPublicHoliday: false },
      { date: '2026-11-21', isPublicHoliday: false },
      { date: '2026-11-22', isPublicHoliday: false },
      { date: '2026-12-25', isPublicHoliday: true },
      { date: '2026-12-28', isPublicHoliday: false },
    ];
    const changes = [row('2026-11-20'), row('2026-11-21'), row('2026-11-22', { authorised: true }), row('2026-12-25'), row('2026-12-28', { defaultHours: 0 })];
    expect(changedDates(days, changes, today)).toEqual(['2026-11-21']);
  });

  it('indexes rows by date', () => {
    expect(indexDayChanges([row('2026-11-21')]).get('2026-11-21')?.defaultHours).toBe(38);
  });
});
