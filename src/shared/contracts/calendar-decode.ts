import { COVERAGE_WEEKDAYS, type CoverageRules, type CoverageVersion } from '../domain/coverage';
import { addDaysStr } from '../domain/dates';
import type { TExceptionView } from './calendar';
import type { TCalendarQuery, TCalendarResponse } from './calendar-bundle';
import type { TCalendarWire } from './calendar-wire';
import type { TEmployee } from './employees';
import { AWAY_COLOR, AWAY_NAME, AWAY_REASON_ID } from '../domain/staff-view';
import { UNKNOWN_EMPLOYEE, UNKNOWN_REASON, UNKNOWN_REASON_COLOR } from './unknown-names';

/**
 * The compact reply (decision 077) as the lists the calendar draws: every exception joined to its employee's
 * name and its type's name, colour and sign, as the separate list reads answer them. `window` is the query the
 * reply answered: it tells which spans start and end inside it.
 */
export function decodeCalendar(wire: TCalendarWire, window: Pick<TCalendarQuery, 'startDate' | 'endDate'>): TCalendarResponse {
  const { siteId, day0 } = wire;
  const day = memoDays(day0);
  const employees = each(wire.employees, ([id, name, efficiency, sortOrder, week, endDate, contracts, teamId]): TEmployee => {
    const [mondayHours, tuesdayHours, wednesdayHours, thursdayHours, fridayHours, saturdayHours, sundayHours] = week;
    const employee: TEmployee = {
      id,
      siteId,
      name,
      efficiency,
      sortOrder,
      mondayHours,
      tuesdayHours,
      wednesdayHours,
      thursdayHours,
      fridayHours,
      saturdayHours,
      sundayHours,
      // The first weekday with hours, Monday first (spec: an employee's default day).
      defaultHours: week.find((h) => h !== 0) ?? 0,
      teamId,
    };
    return contracts ? { ...employee, endDate, contracts } : employee;
  });
  const names = new Map((employees ?? []).map((e) => [e.id, e.name]));
  // A colleague's absence in a Staff reply names no type (decision 106): it reads "Away".
  const away = { name: AWAY_NAME, color: AWAY_COLOR, isAdditive: false };
  const reasons = new Map<number, { name: string; color: string; isAdditive: boolean }>([
    [AWAY_REASON_ID, away],
    ...(wire.reasons ?? []).map((r) => [r.id, r] as const),
  ]);
  const exceptions = each(wire.exceptions, ([id, employeeId, reasonId, start, end, isFullDay, hours, notes, version]): TExceptionView => {
    const reason = reasons.get(reasonId);
    const [startDate, endDate] = [day(start), day(end)];
    return {
      id,
      siteId,
      employeeId,
      reasonId,
      startDate,
      endDate,
      isFullDay,
      hours,
      notes,
      version,
      employeeName: names.get(employeeId) ?? UNKNOWN_EMPLOYEE,
      reasonName: reason?.name ?? UNKNOWN_REASON,
      reasonColor: reason?.color ?? UNKNOWN_REASON_COLOR,
      isAdditive: reason?.isAdditive ?? false,
      isRangeStart: startDate >= window.startDate,
      isRangeEnd: endDate <= window.endDate,
    };
  });
  const dayChanges = each(
    wire.dayChanges,
    ([d, authorised, defaultHours, currentHours, authorisedHours, authorisedBy, authorisedAt, lastModified]) => ({
      date: day(d),
      authorised,
      defaultHours,
      currentHours,
      authorisedHours,
      authorisedBy,
      authorisedAt,
      lastModified,
    }),
  );
  const decoded: TCalendarResponse = {
    employees,
    reasons: wire.reasons,
    teams: wire.teams,
    exceptions,
    notes: wire.notes,
    holidays: wire.holidays,
    dayChanges,
    settings: wire.settings,
    coverage: wire.coverage && decodeCoverage(wire.coverage, day),
  };
  if (wire.othersHours) decoded.othersHours = Object.fromEntries(wire.othersHours.map((h, i) => [day(i), h]));
  return wire.shell ? { ...decoded, shell: wire.shell } : decoded;
}

/** [versions, overrides] as the coverage engine reads them: a null minimum is a weekday left out. */
export function decodeCoverage(
  [versions, overrides]: TCalendarWire['coverage'],
  day: (n: number) => string,
): CoverageRules & { versions: CoverageVersion[] } {
  return {
    versions: versions.map(([validFrom, week]): CoverageVersion => {
      const weekdays: CoverageVersion['weekdays'] = {};
      week.forEach((h, i) => {
        if (h !== null) weekdays[COVERAGE_WEEKDAYS[i]] = h;
      });
      return { validFrom, weekdays };
    }),
    overrides: Object.fromEntries(overrides.map(([d, h]) => [day(d), h])),
  };
}

/**
 * Each row decoded. A list missing from a reply stays missing, so that list's query alone fails and the
 * others still draw (web/features/calendar/bundle.ts).
 */
function each<R, T>(rows: R[] | undefined, decode: (row: R) => T): T[] {
  return rows?.map(decode) as T[];
}

/** Day number → yyyy-MM-dd, each number worked out once per reply (a window has a few hundred at most). */
function memoDays(day0: string): (n: number) => string {
  const seen = new Map<number, string>();
  return (n) => {
    let d = seen.get(n);
    if (d === undefined) seen.set(n, (d = addDaysStr(day0, n)));
    return d;
  };
}
