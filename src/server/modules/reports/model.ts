import { employeeDayTakes, roundDays } from '../../../shared/domain/absence-takes';
import { NO_COVERAGE_RULES, requiredHours, shortBy } from '../../../shared/domain/coverage';
import { isDayChanged } from '../../../shared/domain/day-authorisation';
import { eachDay, startOfWeekStr, toDayNumber } from '../../../shared/domain/dates';
import { toUnits, unitsToOneDecimal } from '../../../shared/domain/hour-units';
import type {
  DayKind,
  EmployeeSection,
  ExceptionsReport,
  ExceptionsSiteSection,
  HoursDay,
  HoursPeriod,
  HoursReport,
  HoursSiteSection,
  ReportException,
  ReportExceptionRow,
  ReportHeader,
  ReportNote,
  SiteData,
  Totals,
  TypeTotal,
} from './types';
import { hoursOfInput } from '../day-ledger';

/**
 * The one report model (decision 019): pure functions from loaded rows to a report, shared by the
 * preview, the PDF, the CSV and the e-mail. Hours come from the calendar's engine and its helpers.
 */

/* Sums are kept in the engine's units (1e-5 h, integers, hour-units.ts) and rounded to one decimal once, at the end. */
const oneDp = unitsToOneDecimal;

export interface UnitTotals {
  days: number;
  away: number;
  extra: number;
  count: number;
}
export const zero = (): UnitTotals => ({ days: 0, away: 0, extra: 0, count: 0 });
export const add = (into: UnitTotals, t: UnitTotals) => {
  into.days += t.days;
  into.away += t.away;
  into.extra += t.extra;
  into.count += t.count;
};
export const finish = (t: UnitTotals): Totals & { count: number } => ({
  daysAway: roundDays(t.days),
  hoursAway: oneDp(t.away),
  hoursExtra: oneDp(t.extra),
  count: t.count,
});

/**
 * What each exception means inside the range: the engine's own day detail (decision 076) read through the one
 * rule of what a day is worth and what an absence takes (shared/domain/absence-takes.ts), the same rule the
 * employee's page, a request's hours and the balance read. Overlapping absences never take a day twice, a day
 * away counts once (a part day as its share), and nothing counts on a public holiday, a day off at the weekend
 * or outside employment.
 */
export function measureSite(site: SiteData, from: string, to: string): Map<number, UnitTotals> {
  const inRange = site.exceptions.filter((x) => x.endDate >= from && x.startDate <= to);
  const totals = new Map(inRange.map((x) => [x.id, { ...zero(), count: 1 }]));
  if (inRange.length === 0) return totals;
  // The engine computes the whole range once; its per-employee detail is built per day on first read, so
  // only the days some exception covers are read (marked by index, without a date string per exception-day).
  const days = eachDay(from, to);
  const first = toDayNumber(from);
  const covered = new Uint8Array(days.length);
  for (const x of inRange) {
    const a = Math.max(0, toDayNumber(x.startDate) - first);
    const b = Math.min(days.length - 1, toDayNumber(x.endDate) - first);
    covered.fill(1, a, b + 1);
  }
  const computed = hoursOfInput({
    days,
    settings: site.settings,
    employees: site.employees,
    exceptions: inRange,
    holidays: site.holidays,
  });
  for (let d = 0; d < days.length; d++) {
    if (covered[d] === 0) continue;
    const day = computed.get(days[d])!;
    for (const e of day.employees) {
      if (e.exceptionIds.length === 0) continue;
      for (const take of employeeDayTakes(day, e).takes) {
        const t = totals.get(take.exceptionId);
        if (!t) continue;
        t.away += take.awayUnits;
        t.extra += take.extraUnits;
        t.days += take.dayShare;
      }
    }
  }
  return totals;
}

export function buildExceptionsReport(header: ReportHeader, sites: readonly SiteData[], includeNotes: boolean): ExceptionsReport {
  const { startDate: from, endDate: to } = header;
  const allTypes = new Map<string, UnitTotals & { isAdditive: boolean }>();
  const grand = zero();
  const sections: ExceptionsSiteSection[] = sites.map((site) => {
    const measured = measureSite(site, from, to);
    const byEmployee = new Map<number, { rows: ReportException[]; t: UnitTotals }>();
    const types = new Map<string, UnitTotals & { isAdditive: boolean }>();
    const siteTotals = zero();
    for (const x of site.exceptions) {
      if (x.endDate < from || x.startDate > to) continue;
      const t = measured.get(x.id)!;
      // Built field by field: spreading each row was the model's largest cost on 5,000-row reports.
      const row: ReportException = {
        id: x.id,
        employeeId: x.employeeId,
        reasonId: x.reasonId,
        reasonName: x.reasonName,
        isAdditive: x.isAdditive,
        startDate: x.startDate,
        endDate: x.endDate,
        isFullDay: x.isFullDay,
        hours: x.hours,
        notes: x.notes,
        fromDate: x.startDate > from ? x.startDate : from,
        toDate: x.endDate < to ? x.endDate : to,
        daysAway: roundDays(t.days),
        hoursAway: oneDp(t.away),
        hoursExtra: oneDp(t.extra),
      };
      const entry = byEmployee.get(x.employeeId) ?? { rows: [], t: zero() };
      entry.rows.push(row);
      add(entry.t, t);
      byEmployee.set(x.employeeId, entry);
      addType(types, x, t);
      addType(allTypes, x, t);
      add(siteTotals, t);
    }
    add(grand, siteTotals);
    // Employees in the calendar's order; only those with an exception in the range.
    const employees: EmployeeSection[] = site.employees
      .filter((e) => byEmployee.has(e.id))
      .map((e) => {
        const entry = byEmployee.get(e.id)!;
        entry.rows.sort((p, q) => (p.startDate < q.startDate ? -1 : p.startDate > q.startDate ? 1 : p.id - q.id));
        return { id: e.id, name: e.name, exceptions: entry.rows, totals: finish(entry.t) };
      });
    return { id: site.id, name: site.name, employees, byType: typeList(types), totals: finish(siteTotals) };
  });

  const notes: ReportNote[] | null = includeNotes
    ? sites.flatMap((s) => s.notes.filter((n) => n.endDate >= from && n.startDate <= to).map((n) => ({ ...n, siteName: s.name })))
    : null;
  return { kind: 'exceptions', header, sites: sections, byType: typeList(allTypes), totals: finish(grand), notes };
}

function addType(map: Map<string, UnitTotals & { isAdditive: boolean }>, x: ReportExceptionRow, t: UnitTotals) {
  let tt = map.get(x.reasonName);
  if (!tt) map.set(x.reasonName, (tt = { ...zero(), isAdditive: x.isAdditive }));
  add(tt, t);
}

function typeList(map: Map<string, UnitTotals & { isAdditive: boolean }>): TypeTotal[] {
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, t]) => ({ name, isAdditive: t.isAdditive, ...finish(t) }));
}

/**
 * Per site and day: the calendar's hours (same engine, same stored hours before the cutoff), its kind and authorisation.
 * `today` is the server's today (the calendar's), which decides what is past and so never awaits.
 */
export function buildHoursReport(header: ReportHeader, sites: readonly SiteData[], today: string): HoursReport {
  const days = eachDay(header.startDate, header.endDate);
  const grand = { availableHours: 0, defaultHours: 0, difference: 0, awaiting: 0, workingDays: 0 };
  const sections: HoursSiteSection[] = sites.map((site) => {
    const availability = hoursOfInput({
      days,
      settings: site.settings,
      employees: site.employees,
      exceptions: site.exceptions,
      holidays: site.holidays,
      storedDays: site.dayChanges,
    });
    const changes = new Map(site.dayChanges.map((c) => [c.date, c]));
    const rows: HoursDay[] = [];
    let avail = 0;
    let dflt = 0;
    let awaiting = 0;
    let workingDays = 0;
    for (const date of days) {
      const a = availability.get(date)!;
      const kind: DayKind = a.isPublicHoliday ? 'holiday' : a.isWorkingWeekend ? 'working-weekend' : a.isWeekend ? 'weekend' : 'working';
      const change = changes.get(date);
      // The calendar's own rule: awaiting only a changed day (not past, not a holiday, default hours above 0).
      const changed = isDayChanged(
        date,
        change ? { authorised: change.isAuthorised, defaultHours: change.defaultHours } : null,
        a.isPublicHoliday,
        today,
      );
      const status = changed ? 'awaiting' : change?.isAuthorised ? 'authorised' : 'unchanged';
      const required = requiredHours(site.coverage ?? NO_COVERAGE_RULES, date, a.isPublicHoliday);
      const authorisedHours =
        status === 'authorised' && change!.authorisedHours !== null && toUnits(change!.authorisedHours) !== toUnits(a.availableHours)
          ? change!.authorisedHours
          : null;
      rows.push({
        date,
        kind,
        holidayName: a.publicHolidayName,
        availableHours: a.availableHours,
        defaultHours: a.defaultHours,
        difference: oneDp(toUnits(a.availableHours) - toUnits(a.defaultHours)),
        status,
        authorisedBy: status === 'authorised' ? change!.authorisedBy : null,
        authorisedAt: status === 'authorised' ? change!.authorisedAt : null,
        authorisedHours,
        requiredHours: required,
        shortHours: required === null ? null : shortBy(a.availableHours, required),
      });
      avail += toUnits(a.availableHours);
      dflt += toUnits(a.defaultHours);
      if (status === 'awaiting') awaiting += 1;
      if (kind === 'working' || kind === 'working-weekend') workingDays += 1;
    }
    const totals = {
      availableHours: oneDp(avail),
      defaultHours: oneDp(dflt),
      difference: oneDp(avail - dflt),
      awaiting,
      workingDays,
    };
    grand.availableHours += avail;
    grand.defaultHours += dflt;
    grand.awaiting += awaiting;
    grand.workingDays += workingDays;
    const summary = header.layout === 'summary';
    return {
      id: site.id,
      name: site.name,
      employeeCount: site.employees.length,
      days: summary ? [] : rows,
      weeks: summary ? weeksOf(rows) : [],
      totals,
    };
  });
  return {
    kind: 'hours',
    header,
    exceptionCount: sites.reduce(
      (n, s) => n + s.exceptions.filter((x) => x.endDate >= header.startDate && x.startDate <= header.endDate).length,
      0,
    ),
    sites: sections,
    totals: {
      availableHours: oneDp(grand.availableHours),
      defaultHours: oneDp(grand.defaultHours),
      difference: oneDp(grand.availableHours - grand.defaultHours),
      awaiting: grand.awaiting,
      workingDays: grand.workingDays,
    },
  };
}

/** Monday-first weeks, the first and last clipped to the range. */
function weeksOf(rows: readonly HoursDay[]): HoursPeriod[] {
  const out: Array<HoursPeriod & { a: number; d: number }> = [];
  for (const r of rows) {
    const week = startOfWeekStr(r.date);
    let cur = out[out.length - 1];
    if (!cur || startOfWeekStr(cur.startDate) !== week) {
      cur = { startDate: r.date, endDate: r.date, availableHours: 0, defaultHours: 0, difference: 0, awaiting: 0, a: 0, d: 0 };
      out.push(cur);
    }
    cur.endDate = r.date;
    cur.a += toUnits(r.availableHours);
    cur.d += toUnits(r.defaultHours);
    if (r.status === 'awaiting') cur.awaiting += 1;
  }
  return out.map(({ a, d, ...w }) => ({ ...w, availableHours: oneDp(a), defaultHours: oneDp(d), difference: oneDp(a - d) }));
}
