import { describe, expect, it } from 'vitest';
import type { TDayExplain } from '../../../shared/contracts/employee-contracts';
import { baseText, dayRule, exceptionText, lineHours, signedHours } from './DayExplain';

const monday: TDayExplain = {
  date: '2026-03-09',
  weekday: 'Monday',
  isPublicHoliday: false,
  publicHolidayName: null,
  isWeekend: false,
  isWorkingWeekend: false,
  isWorkingDay: true,
  employees: [],
  defaultHours: 8,
  availableHours: 6,
  shownHours: 6,
  source: 'computed',
  requiredHours: null,
  shortHours: 0,
};
const isla: TDayExplain['employees'][number] = {
  employeeId: 1,
  name: 'Isla Green',
  contract: { id: 4, validFrom: '2026-03-03', weekdayHours: 8, efficiency: 100 },
  baseHours: 8,
  exceptions: [],
  sumHours: 8,
  adjustedHours: 8,
  floored: false,
};

describe('day explanation text', () => {
  it('writes hours to one decimal, or two where a percentage made them finer', () => {
    expect(lineHours(8)).toBe('8.0');
    expect(lineHours(7.22)).toBe('7.22');
    expect(lineHours(3.5)).toBe('3.5');
    expect(signedHours(-8)).toBe('−8.0');
    expect(signedHours(2.5)).toBe('+2.5');
    expect(signedHours(0)).toBe('0.0');
  });

  it('names the contract version and the multiplication', () => {
    expect(baseText(isla, monday)).toBe('Contract from 3 Mar 2026: 8.0 h × 100%');
    expect(baseText({ ...isla, contract: { ...isla.contract!, validFrom: null, efficiency: 95, weekdayHours: 7.6 } }, monday)).toBe(
      'Contract from start: 7.6 h × 95%',
    );
    expect(baseText({ ...isla, contract: null }, monday)).toBe('Not employed on this day');
  });

  it('says why base hours are 0 on a holiday or a weekend the site does not work', () => {
    const holiday = { ...monday, isPublicHoliday: true, publicHolidayName: 'Easter Monday', isWorkingDay: false };
    expect(dayRule(holiday)).toBe('Easter Monday: a public holiday, so contract hours count as 0.');
    expect(baseText(isla, holiday)).toBe('Contract from 3 Mar 2026: public holiday');
    const sunday = { ...monday, weekday: 'Sunday', isWeekend: true, isWorkingDay: false };
    expect(dayRule(sunday)).toBe('The site does not work on Sundays, so contract hours count as 0.');
    expect(dayRule({ ...sunday, isWorkingWeekend: true, isWorkingDay: true })).toBe(
      "A working weekend: the contracts' Sunday hours count.",
    );
  });

  it('tells a full day taking the contract hours from an exception with its own hours', () => {
    const leave = { id: 1, reasonName: 'Annual Leave', isAdditive: false, isFullDay: true, amount: -8, source: 'contract' as const };
    expect(exceptionText(leave)).toBe('Annual Leave (takes off, full day: contract hours)');
    expect(exceptionText({ ...leave, reasonName: 'Overtime', isAdditive: true, isFullDay: false, amount: 2, source: 'own' })).toBe(
      'Overtime (adds, own hours)',
    );
  });
});
