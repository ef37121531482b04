/**
 * The render benchmark's data: a large site's month in view, 300 employees and exactly 2,000 exception
 * pills on the 42-day grid (plus a few notes and holidays). Seeded, so every run draws the same month.
 */
import type { TDayChange, TExceptionView, THoliday, TNoteView } from '../../../src/shared/contracts/calendar';
import type { TEmployee } from '../../../src/shared/contracts/employees';
import type { TSettings } from '../../../src/shared/contracts/settings';
import { addDaysStr, monthGrid, toDayNumber } from '../../../src/shared/domain/dates';
import { mulberry32 } from '../../../src/shared/domain/prng';

export const EMPLOYEES = 300;
export const PILLS = 2_000;
export const TODAY = '2026-11-21';
export const YEAR = 2026;
export const MONTH = 11;

const REASONS = [
  { id: 1, name: 'Annual Leave', color: '#3b82f6', isAdditive: false },
  { id: 2, name: 'Sick Leave', color: '#ef4444', isAdditive: false },
  { id: 3, name: 'Training', color: '#8b5cf6', isAdditive: false },
  { id: 4, name: 'Overtime', color: '#10b981', isAdditive: true },
];

export interface Workload {
  days: string[];
  settings: TSettings;
  employees: TEmployee[];
  exceptions: TExceptionView[];
  notes: TNoteView[];
  holidays: THoliday[];
  dayChanges: TDayChange[];
}

export function buildWorkload(): Workload {
  const rand = mulberry32(20261121);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const days = monthGrid(YEAR, MONTH);
  const first = toDayNumber(days[0]);
  const last = toDayNumber(days[days.length - 1]);
  const employees: TEmployee[] = [];
  for (let i = 0; i < EMPLOYEES; i++) {
    const h = rand() < 0.8 ? 7.6 : int(0, 80) / 10;
    employees.push({
      id: i + 1,
      siteId: 1,
      sortOrder: i,
      defaultHours: h,
      name: `Employee ${String(i + 1).padStart(3, '0')}`,
      efficiency: int(60, 120),
      mondayHours: h,
      tuesdayHours: h,
      wednesdayHours: h,
      thursdayHours: h,
      fridayHours: h,
      saturdayHours: 0,
      sundayHours: 0,
    });
  }
  const exceptions: TExceptionView[] = [];
  let pills = 0;
  for (let id = 1; pills < PILLS; id++) {
    const startDate = addDaysStr(days[0], int(-3, days.length - 1));
    let endDate = addDaysStr(startDate, int(0, 4));
    // Clip the last span so the grid holds exactly PILLS exception pills.
    const lo = Math.max(toDayNumber(startDate), first);
    let hi = Math.min(toDayNumber(endDate), last);
    if (pills + (hi - lo + 1) > PILLS) {
      hi = lo + (PILLS - pills) - 1;
      endDate = addDaysStr(startDate, hi - toDayNumber(startDate));
    }
    pills += Math.max(0, hi - lo + 1);
    const reason = REASONS[int(0, REASONS.length - 1)];
    const employee = employees[int(0, EMPLOYEES - 1)];
    const isFullDay = rand() < 0.7;
    exceptions.push({
      id,
      siteId: 1,
      employeeId: employee.id,
      reasonId: reason.id,
      startDate,
      endDate,
      isFullDay,
      hours: isFullDay ? null : int(10, 40) / 10,
      notes: null,
      version: 1,
      employeeName: employee.name,
      reasonName: reason.name,
      reasonColor: reason.color,
      isAdditive: reason.isAdditive,
      isRangeStart: true,
      isRangeEnd: true,
    });
  }
  const notes: TNoteView[] = [];
  for (let id = 1; id <= 20; id++) {
    const startDate = addDaysStr(days[0], int(0, days.length - 1));
    notes.push({
      id,
      siteId: 1,
      title: `Note ${id}`,
      description: null,
      startDate,
      endDate: startDate,
      color: '#f59e0b',
      isFullDay: true,
      version: 1,
      createdAt: '',
      updatedAt: '',
    });
  }
  const holidays: THoliday[] = [{ id: 1, name: 'Founders Day', date: '2026-11-11' }];
  const settings: TSettings = {
    siteName: 'Bench',
    businessName: null,
    saturdayWorkday: false,
    saturdayHours: 0,
    sundayWorkday: false,
    sundayHours: 0,
    defaultDailyHours: 7.6,
    defaultEfficiencyRate: 100,
    dataRetentionDays: 365,
    futureDataDays: 730,
    sidebarCategoryOrder: ['employees', 'notes', 'exceptions'],
    showAbsenceTypesToStaff: false,
  };
  return { days, settings, employees, exceptions, notes, holidays, dayChanges: [] };
}
