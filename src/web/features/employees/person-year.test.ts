import { describe, expect, it } from 'vitest';
import { daysIn, exceptionsByDay, typesOf, yearFromSearch, yearMonths } from './person-year';

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

  it('keys each type once, by name (the server counts the days and hours by the one rule)', () => {
    const list = [
      ex(1, 1, '2026-03-02', '2026-03-06', true, null),
      ex(2, 2, '2026-02-27', '2026-02-27', false, 3),
      ex(3, 1, '2026-01-01', '2026-01-01', false, 2),
    ];
    expect(typesOf(list)).toEqual([
      { reasonId: 2, reasonName: 'Sick', reasonColor: '#000000' },
      { reasonId: 1, reasonName: 'Vacation', reasonColor: '#000000' },
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
