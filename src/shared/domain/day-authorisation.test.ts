import { describe, expect, it } from 'vitest';
import { changedDays, isChangedDay, isEffectivelyAuthorised, isPastDay, type DayAuthState } from './day-authorisation';

const TODAY = '2025-07-09';
const base: DayAuthState = { date: TODAY, defaultHours: 7.6, authorised: false, isPublicHoliday: false };
const dayOf = (over: Partial<DayAuthState>): DayAuthState => ({ ...base, ...over });

describe('isChangedDay', () => {
  it('is changed today and on future days with default hours, no holiday, not authorised', () => {
    expect(isChangedDay(base, TODAY)).toBe(true);
    expect(isChangedDay(dayOf({ date: '2025-07-10' }), TODAY)).toBe(true);
    expect(isChangedDay(dayOf({ date: '2027-01-01', defaultHours: 0.1 }), TODAY)).toBe(true);
  });

  it('past days count as authorised, whatever their flag', () => {
    expect(isChangedDay(dayOf({ date: '2025-07-08' }), TODAY)).toBe(false);
    expect(isChangedDay(dayOf({ date: '2024-12-31' }), TODAY)).toBe(false);
  });

  it('zero default hours, a public holiday or an authorised flag each make it unchanged', () => {
    expect(isChangedDay(dayOf({ defaultHours: 0 }), TODAY)).toBe(false);
    expect(isChangedDay(dayOf({ isPublicHoliday: true }), TODAY)).toBe(false);
    expect(isChangedDay(dayOf({ authorised: true }), TODAY)).toBe(false);
  });

  it('compares dates as days across month and year boundaries', () => {
    expect(isChangedDay(dayOf({ date: '2026-01-01' }), '2025-12-31')).toBe(true);
    expect(isChangedDay(dayOf({ date: '2025-12-31' }), '2026-01-01')).toBe(false);
    expect(isChangedDay(dayOf({ date: '2025-10-01' }), '2025-09-30')).toBe(true);
  });
});

describe('isPastDay and isEffectivelyAuthorised', () => {
  it('yesterday is past, today is not', () => {
    expect(isPastDay('2025-07-08', TODAY)).toBe(true);
    expect(isPastDay(TODAY, TODAY)).toBe(false);
  });

  it('a past day reads authorised; today reads its flag', () => {
    expect(isEffectivelyAuthorised({ date: '2025-07-01', authorised: false }, TODAY)).toBe(true);
    expect(isEffectivelyAuthorised({ date: TODAY, authorised: false }, TODAY)).toBe(false);
    expect(isEffectivelyAuthorised({ date: TODAY, authorised: true }, TODAY)).toBe(true);
  });
});

describe('changedDays', () => {
  it('keeps only changed days, once each, in input order', () => {
    const days = [
      dayOf({ date: '2025-07-11' }),
      dayOf({ date: '2025-07-08' }), // past
      dayOf({ date: '2025-07-12', defaultHours: 0 }), // weekend, nobody works
      dayOf({ date: '2025-07-14', isPublicHoliday: true }),
      dayOf({ date: '2025-07-15', authorised: true }),
      dayOf({ date: TODAY }),
      dayOf({ date: '2025-07-11' }), // repeated
    ];
    expect(changedDays(days, TODAY).map((d) => d.date)).toEqual(['2025-07-11', TODAY]);
    expect(changedDays([], TODAY)).toEqual([]);
  });
});
