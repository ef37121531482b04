import { useMemo } from 'react';
import type { TDayChange, TExceptionView, THoliday, TNoteView } from '../../../shared/contracts/calendar';
import type { TEmployee } from '../../../shared/contracts/employees';
import type { TSettings } from '../../../shared/contracts/settings';
import { computeAvailability, prepareExceptions, roundHours, type DayAvailability } from '../../../shared/domain/availability';
import type { CoverageRules } from '../../../shared/domain/coverage';
import { buildDays, buildPillsByDay, type CalendarDay } from './model';

export interface CalendarInputs {
  exceptions?: readonly TExceptionView[];
  notes?: readonly TNoteView[];
  holidays?: readonly THoliday[];
  dayChanges?: readonly TDayChange[];
  employees?: readonly TEmployee[];
  settings?: TSettings;
  /** The exceptions drawn as pills when a filter narrows them (decision 087); the hours always count `exceptions`. */
  pillExceptions?: readonly TExceptionView[];
  /** Pending time-off requests as exceptions (decision 093): drawn as tentative pills, counted only when `countPending`. */
  pending?: readonly TExceptionView[];
  /** "Show pending as approved": the hours count the pending requests as exceptions, through the same engine. */
  countPending?: boolean;
  /** The site's minimum hours (decision 099): days under them are flagged. */
  coverage?: CoverageRules;
  /** A Staff reply's hours of everyone but the user, by date (decision 106): added to the hours the engine gives. */
  othersHours?: Readonly<Record<string, number>> | null;
  /** The engine's inputs have loaded (hours are null until then). */
  ready: boolean;
}

const NONE: readonly never[] = [];

/**
 * Days, hours and pills for the visible days. Each step is memoised on its own inputs (spec §9 caches
 * results by period and list sizes; keying on the lists themselves also catches same-size edits).
 */
export function useCalendarModel(
  days: readonly string[],
  viewMonth: number | undefined,
  today: string,
  data: CalendarInputs,
): CalendarDay[] {
  const { exceptions: approved = NONE, notes = NONE, holidays = NONE, dayChanges = NONE, employees = NONE, settings, ready } = data;
  const { pending = NONE, countPending = false, coverage, othersHours } = data;
  const pillExceptions = data.pillExceptions ?? approved;
  const exceptions = useMemo(
    () => (countPending && pending.length ? [...approved, ...pending] : approved),
    [countPending, approved, pending],
  );

  const storedDays = useMemo(() => dayChanges.map((c) => ({ date: c.date, currentHours: c.currentHours })), [dayChanges]);

  // Dates parsed once per fetched list; moving the grid or a settings change reuses them.
  const prepared = useMemo(() => prepareExceptions(exceptions), [exceptions]);

  const availability = useMemo(() => {
    if (!ready || !settings) return null;
    const computed = computeAvailability({
      days,
      settings: { saturdayWorkday: settings.saturdayWorkday, sundayWorkday: settings.sundayWorkday },
      employees,
      exceptions: prepared,
      holidays,
      storedDays,
    });
    return othersHours ? withOthersHours(computed, othersHours) : computed;
  }, [ready, days, settings, employees, prepared, holidays, storedDays, othersHours]);

  const pillsByDay = useMemo(() => buildPillsByDay(days, pillExceptions, notes, pending), [days, pillExceptions, notes, pending]);

  return useMemo(
    () => buildDays({ days, viewMonth, today, availability, pillsByDay, dayChanges, coverage }),
    [days, viewMonth, today, availability, pillsByDay, dayChanges, coverage],
  );
}

/**
 * A Staff user's days (decision 106): the engine ran over their own row only (colleagues come with no hours), so
 * each day's figure is theirs plus what the server says everyone else makes available that day.
 */
export function withOthersHours(
  days: Map<string, DayAvailability>,
  others: Readonly<Record<string, number>>,
): Map<string, DayAvailability> {
  const out = new Map<string, DayAvailability>();
  for (const [date, day] of days) out.set(date, { ...day, availableHours: roundHours(day.availableHours + (others[date] ?? 0)) });
  return out;
}
