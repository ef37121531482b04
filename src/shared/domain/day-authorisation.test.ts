import { describe, expect, it } from 'vitest';
import {
  awaitsAuthorisation,
  changedDays,
  isChangedDay,
  isDayChanged,
  isEffectivelyAuthorised,
  isPastDay,
  type DayAuthState,
} from './day-authorisation';

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

describe('isDayChanged (a calendar day and its day-change row)', () => {
  const row = (over: Partial<{ authorised: boolean; defaultHours: number }> = {}) => ({ authorised: false, defaultHours: 38, ...over });
  const pinned = '2026-11-21';

  it('is changed: unauthorised row, default hours above 0, not a holiday, today or later', () => {
    expect(isDayChanged(pinned, row(), false, pinned)).toBe(true);
    expect(isDayChanged('2027-03-01', row(), false, pinned)).toBe(true);
  });

  it('is not changed without a row, once authorised, with zero default hours, on a holiday, or in the past', () => {
    expect(isDayChanged(pinned, undefined, false, pinned)).toBe(false);
    expect(isDayChanged(pinned, row({ authorised: true }), false, pinned)).toBe(false);
    expect(isDayChanged(pinned, row({ defaultHours: 0 }), false, pinned)).toBe(false);
    expect(isDayChanged('2026-12-25', row(), true, pinned)).toBe(false);
    expect(isDayChanged('2026-11-20', row(), false, pinned)).toBe(false);
  });

  it('moves with the pinned today: yesterday’s change stops counting at midnight', () => {
    expect(isDayChanged('2026-11-21', row(), false, '2026-11-21')).toBe(true);
    expect(isDayChanged('2026-11-21', row(), false, '2026-11-22')).toBe(false);
  });
});

describe('awaitsAuthorisation', () => {
  it('highlights a changed day only while it has hours', () => {
    expect(awaitsAuthorisation(12.5, true)).toBe(true);
    expect(awaitsAuthorisation(0, true)).toBe(false);
    expect(awaitsAuthorisation(12.5, false)).toBe(false);
  });
});
