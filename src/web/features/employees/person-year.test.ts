import { describe, expect, it } from 'vitest';
import { contractHoursOn, daysIn, exceptionsByDay, totalsByType, yearFromSearch, yearMonths } from './person-year';

const week = { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 6, saturdayHours: 0, sundayHours: 0 };
const contracts = [
  { ...week, validFrom: null, validTo: '2026-02-28' },
  { ...week, mondayHours: 4, validFrom: '2026-03-01', validTo: null },
];
const ex = (id: number, reasonId: number, startDate: string, endDate: string, isFullDay: boolean, hours: number | null) => ({
  id,
  reasonId,
  reasonName: reasonId === 1 ? 'Vacation' : 'Sick',
  reasonColor: '#000000',
  startDate,
  endDate,
  isFullDay,
  hours,
});

describe('year strip', () => {
  it('clips a span to the period', () => {
    expect(daysIn('2025-12-30', '2026-01-02', '2026-01-01', '2026-12-31')).toEqual(['2026-01-01', '2026-01-02']);
    expect(daysIn('2025-01-01', '2025-01-02', '2026-01-01', '2026-12-31')).toEqual([]);
  });

  it('reads the hours of the version in force on the day', () => {
    expect(contractHoursOn('2026-02-23', contracts)).toBe(8); // Monday, first version
    expect(contractHoursOn('2026-03-02', contracts)).toBe(4); // Monday, second version
    expect(contractHoursOn('2026-03-06', contracts)).toBe(6); // Friday
    expect(contractHoursOn('2026-03-07', contracts)).toBe(0); // Saturday
  });

  it('totals hours per type within the period', () => {
    const list = [
      ex(1, 1, '2026-03-02', '2026-03-06', true, null), // Mon 4 + Tue-Thu 24 + Fri 6 = 34 h, 5 days
      ex(2, 2, '2026-02-27', '2026-02-27', false, 3), // 3 h, 1 day
      ex(3, 1, '2025-12-31', '2026-01-01', false, 2), // only 1 Jan counts: 2 h, 1 day
    ];
    expect(totalsByType(list, contracts, '2026-01-01', '2026-12-31')).toEqual([
      { reasonId: 2, reasonName: 'Sick', reasonColor: '#000000', days: 1, hours: 3 },
      { reasonId: 1, reasonName: 'Vacation', reasonColor: '#000000', days: 6, hours: 36 },
    ]);
  });

  it('files each exception under every day it covers', () => {
    const byDay = exceptionsByDay([ex(1, 1, '2026-03-30', '2026-04-01', true, null)], '2026-01-01', '2026-12-31');
    expect([...byDay.keys()]).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
  });

  it('lays out twelve months with their lengths', () => {
    const months = yearMonths(2028);
    expect(months.map((m) => m.days.length)).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(months[1].days[28]).toBe('2028-02-29');
  });

  it('takes the year from the address or falls back', () => {
    expect(yearFromSearch('2025', 2026)).toBe(2025);
    expect(yearFromSearch('abc', 2026)).toBe(2026);
    expect(yearFromSearch(null, 2026)).toBe(2026);
  });
});
