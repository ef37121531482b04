import { describe, expect, it } from 'vitest';
import {
  dayInZone,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatDayShort,
  formatMomentDay,
  formatMonth,
  formatMonthShort,
  formatTime,
  formatWeekdayDay,
  formatWeekdayDayShort,
} from './dates';
import { formatDays, formatDaysAndHours, formatHours, formatHoursChange, formatSignedHours, oneDecimal } from './hours';

describe('days', () => {
  it('writes a day, with and without its weekday', () => {
    expect(formatDay('2026-12-14')).toBe('14 Dec 2026');
    expect(formatDay('2026-01-01')).toBe('1 Jan 2026');
    expect(formatWeekdayDay('2026-12-14')).toBe('Mon 14 Dec 2026');
    expect(formatWeekdayDay('2026-01-01')).toBe('Thu 1 Jan 2026');
    expect(formatWeekdayDay('2024-02-29')).toBe('Thu 29 Feb 2024');
    expect(formatWeekdayDayShort('2026-12-15')).toBe('Tue 15 Dec');
    expect(formatDayShort('2026-12-07')).toBe('7 Dec');
  });

  it('reads the day of a timestamp-shaped string by its first ten characters', () => {
    expect(formatDay('2026-12-07T23:30:00.000Z')).toBe('7 Dec 2026');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDay('2026-02-30')).toThrow(RangeError);
    expect(() => formatDay('yesterday')).toThrow(RangeError);
  });
});

describe('ranges', () => {
  it('says each month and year once', () => {
    expect(formatDayRange('2026-12-14', '2026-12-15')).toBe('Mon 14 – Tue 15 Dec 2026');
    expect(formatDayRange('2026-11-30', '2026-12-01')).toBe('Mon 30 Nov – Tue 1 Dec 2026');
    expect(formatDayRange('2026-12-31', '2027-01-01')).toBe('Thu 31 Dec 2026 – Fri 1 Jan 2027');
  });

  it('writes one day as that day', () => {
    expect(formatDayRange('2026-12-14', '2026-12-14')).toBe('Mon 14 Dec 2026');
    expect(formatDayRange('2026-12-14', '2026-12-14', { omitYear: 2026 })).toBe('Mon 14 Dec');
  });

  it('leaves out the current year only when both ends are in it', () => {
    expect(formatDayRange('2026-12-14', '2026-12-15', { omitYear: 2026 })).toBe('Mon 14 – Tue 15 Dec');
    expect(formatDayRange('2026-11-30', '2026-12-01', { omitYear: 2026 })).toBe('Mon 30 Nov – Tue 1 Dec');
    expect(formatDayRange('2026-12-31', '2027-01-01', { omitYear: 2026 })).toBe('Thu 31 Dec 2026 – Fri 1 Jan 2027');
    expect(formatDayRange('2027-01-04', '2027-01-05', { omitYear: 2026 })).toBe('Mon 4 – Tue 5 Jan 2027');
  });

  it('leaves out the weekdays on request', () => {
    expect(formatDayRange('2026-12-14', '2026-12-15', { weekday: false })).toBe('14 – 15 Dec 2026');
    expect(formatDayRange('2026-11-30', '2026-12-01', { weekday: false })).toBe('30 Nov – 1 Dec 2026');
  });
});

describe('months and moments', () => {
  it('writes a month', () => {
    expect(formatMonth(2026, 12)).toBe('December 2026');
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(formatMonth('2026-03-14')).toBe('March 2026');
    expect(formatMonthShort(2026, 1)).toBe('Jan 2026');
  });

  it('writes a moment as the clock of the zone it is given', () => {
    expect(formatDateTime('2026-12-07T14:05:09.000Z', 'UTC')).toBe('7 Dec 2026, 14:05');
    expect(formatDateTime('2026-12-07T14:05:09.000Z', 'Europe/London')).toBe('7 Dec 2026, 14:05');
    expect(formatDateTime('2026-07-07T14:05:09.000Z', 'Europe/London')).toBe('7 Jul 2026, 15:05');
    expect(formatDateTime('2026-12-07T23:30:00.000Z', 'Australia/Sydney')).toBe('8 Dec 2026, 10:30');
    expect(formatDateTime(new Date('2026-12-07T00:00:00.000Z'), 'America/New_York')).toBe('6 Dec 2026, 19:00');
    expect(formatMomentDay('2026-12-07T23:30:00.000Z', 'Australia/Sydney')).toBe('8 Dec 2026');
    expect(formatTime('2026-12-07T00:05:00.000Z', 'UTC')).toBe('00:05');
    expect(dayInZone('2026-12-31T23:30:00.000Z', 'Europe/Berlin')).toBe('2027-01-01');
  });

  it('refuses a moment that is not one', () => {
    expect(() => formatDateTime('not a time', 'UTC')).toThrow(RangeError);
  });
});

describe('hours', () => {
  it('always writes one decimal', () => {
    expect(formatHours(57)).toBe('57.0 h');
    expect(formatHours(49.75)).toBe('49.8 h');
    expect(formatHours(7.22)).toBe('7.2 h');
    expect(oneDecimal(0)).toBe('0.0');
    expect(oneDecimal(-0.04)).toBe('0.0');
    expect(oneDecimal(-1.25)).toBe('-1.3');
    expect(formatHoursChange(57, 49.8)).toBe('57.0 → 49.8');
  });

  it('signs a change', () => {
    expect(formatSignedHours(2)).toBe('+2.0 h');
    expect(formatSignedHours(-1.5)).toBe('-1.5 h');
    expect(formatSignedHours(0.01)).toBe('0.0 h');
  });

  it('counts days, whole where whole', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(2)).toBe('2 days');
    expect(formatDays(0.5)).toBe('0.5 days');
    expect(formatDays(1.5)).toBe('1.5 days');
    expect(formatDays(0)).toBe('0 days');
    expect(formatDaysAndHours(2, 15.2)).toBe('2 days, 15.2 h');
    expect(formatDaysAndHours(1, 7.6)).toBe('1 day, 7.6 h');
  });
});
