import { describe, expect, it } from 'vitest';
import {
  clampDay,
  formatHours,
  formatPartHours,
  fullDateLabel,
  parseDay,
  parseView,
  shiftMonth,
  shortDayLabel,
  stepDate,
  viewDays,
  viewTitle,
} from './dates';

describe('titles', () => {
  it('names the month, the week range or the full date', () => {
    expect(viewTitle('month', '2026-11-21')).toBe('November 2026');
    expect(viewTitle('week', '2026-11-18')).toBe('16 – 22 Nov 2026');
    expect(viewTitle('day', '2026-11-21')).toBe('Saturday, 21 November 2026');
  });

  it('writes both months or both years when a week crosses them', () => {
    expect(viewTitle('week', '2026-12-01')).toBe('30 Nov – 6 Dec 2026');
    expect(viewTitle('week', '2026-12-30')).toBe('28 Dec 2026 – 3 Jan 2027');
  });

  it('labels days', () => {
    expect(shortDayLabel('2026-11-01')).toBe('1 Nov');
    expect(fullDateLabel('2027-01-04')).toBe('Monday, 4 January 2027');
  });
});

describe('views and steps', () => {
  it('shows 42 days from Monday, 7 days from Monday, or one day', () => {
    const month = viewDays('month', '2026-11-21');
    expect(month).toHaveLength(42);
    expect(month[0]).toBe('2026-10-26');
    expect(viewDays('week', '2026-11-21')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(viewDays('day', '2026-11-21')).toEqual(['2026-11-21']);
  });

  it('steps a month to the 1st, a week by seven days, a day by one', () => {
    expect(stepDate('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepDate('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(stepDate('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(stepDate('day', '2026-03-01', -1)).toBe('2026-02-28');
  });

  it('shifts months across years', () => {
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 11, 2)).toEqual({ year: 2027, month: 1 });
  });

  it('reads the URL leniently', () => {
    expect(parseView('week')).toBe('week');
    expect(parseView('year')).toBe('month');
    expect(parseView(null)).toBe('month');
    expect(parseDay('2026-02-30', '2026-11-21')).toBe('2026-11-21');
    expect(parseDay('2026-02-28', '2026-11-21')).toBe('2026-02-28');
    expect(parseDay(null, '2026-11-21')).toBe('2026-11-21');
  });
});

describe('hours', () => {
  it('always shows one decimal', () => {
    expect(formatHours(45.6)).toBe('45.6');
    expect(formatHours(0)).toBe('0.0');
    expect(formatHours(38)).toBe('38.0');
  });

  it('shows part-day hours as entered', () => {
    expect(formatPartHours(3.5)).toBe('3.5h');
    expect(formatPartHours(2)).toBe('2.0h');
    expect(formatPartHours(7.25)).toBe('7.3h');
  });
});

describe('dates from the URL (decision 025: years 1900 to 2200)', () => {
  const today = '2026-11-23';
  it.each([
    ['9999-12-01', today],
    ['2201-01-01', today],
    ['1899-12-31', today],
    ['0000-01-01', today],
    ['2026-02-30', today],
    ['12026-01-01', today],
    ['1900-01-01', '1900-01-01'],
    ['2200-12-31', '2200-12-31'],
    ['2027-03-15', '2027-03-15'],
  ])('%s shows %s', (value, shown) => {
    expect(parseDay(value, today)).toBe(shown);
  });

  it('stops navigation at the window edges', () => {
    expect(clampDay('2201-01-01')).toBe('2200-12-31');
    expect(clampDay('1899-12-01')).toBe('1900-01-01');
    expect(clampDay('2026-11-23')).toBe('2026-11-23');
  });
});
