import { computeAvailability, type EngineEmployee } from '../../../shared/domain/availability';
import { WEEKDAY_FIELDS } from '../../../shared/domain/availability-index';
import { eachDay, startOfWeekStr, toDayNumber, weekdayOfDayNumber } from '../../../shared/domain/dates';
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

/**
 * The one report model (decision 019): pure functions from loaded rows to a report, shared by the
 * preview, the PDF, the CSV and the e-mail. Hours come from the calendar's engine and its helpers.
 */

/* Sums are kept in thousandths of an hour (integers) and rounded to one decimal once, at the end. */
const milli = (h: number) => Math.round(h * 1000);
const oneDp = (m: number) => Math.round(m / 100) / 10;

interface MilliTotals {
  days: number;
  away: number;
  extra: number;
  count: number;
}
const zero = (): MilliTotals => ({ days: 0, away: 0, extra: 0, count: 0 });
const add = (into: MilliTotals, t: MilliTotals) => {
  into.days += t.days;
  into.away += t.away;
  into.extra += t.extra;
  into.count += t.count;
};
const finish = (t: MilliTotals): Totals & { count: number } => ({
  daysAway: t.days,
  hoursAway: oneDp(t.away),
  hoursExtra: oneDp(t.extra),
  count: t.count,
});

/**
 * What one exception means inside the range, day by day, with the engine's own rules: its own hours
 * per day, else the employee's hours for that weekday; nothing on a public holiday; a deduction on a
 * day the site does not work takes nothing away.
 */
function measure(
  x: ReportExceptionRow,
  employee: EngineEmployee | undefined,
  site: SiteData,
  holidays: Set<number>,
  from: string,
  to: string,
): MilliTotals {
  const t = zero();
  t.count = 1;
  const own = x.isFullDay ? x.hours : (x.hours ?? 0);
  const a = toDayNumber(x.startDate > from ? x.startDate : from);
  const b = toDayNumber(x.endDate < to ? x.endDate : to);
  for (let n = a; n <= b; n++) {
    if (holidays.has(n)) continue;
    const wd = weekdayOfDayNumber(n);
    const amount = milli(Math.max(0, own ?? (employee ? employee[WEEKDAY_FIELDS[wd]] : 0)));
    if (x.isAdditive) {
      t.extra += amount;
    } else if (amount > 0 && (wd < 5 || (wd === 5 ? site.settings.saturdayWorkday : site.settings.sundayWorkday))) {
      // The engine's working-day rule (isWorkingWeekday), on day numbers to keep 5,000-row reports fast.
      t.days += 1;
      t.away += amount;
    }
  }
  return t;
}

export function buildExceptionsReport(header: ReportHeader, sites: readonly SiteData[], includeNotes: boolean): ExceptionsReport {
  const { startDate: from, endDate: to } = header;
  const allTypes = new Map<string, MilliTotals & { isAdditive: boolean }>();
  const grand = zero();
  const sections: ExceptionsSiteSection[] = sites.map((site) => {
    const holidays = new Set(site.holidays.map((h) => toDayNumber(h.date)));
    const staff = new Map(site.employees.map((e) => [e.id, e]));
    const byEmployee = new Map<number, { rows: ReportException[]; t: MilliTotals }>();
    const types = new Map<string, MilliTotals & { isAdditive: boolean }>();
    const siteTotals = zero();
    for (const x of site.exceptions) {
      if (x.endDate < from || x.startDate > to) continue;
      const t = measure(x, staff.get(x.employeeId), site, holidays, from, to);
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
        daysAway: t.days,
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

function addType(map: Map<string, MilliTotals & { isAdditive: boolean }>, x: ReportExceptionRow, t: MilliTotals) {
  let tt = map.get(x.reasonName);
  if (!tt) map.set(x.reasonName, (tt = { ...zero(), isAdditive: x.isAdditive }));
  add(tt, t);
}

function typeList(map: Map<string, MilliTotals & { isAdditive: boolean }>): TypeTotal[] {
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, t]) => ({ name, isAdditive: t.isAdditive, ...finish(t) }));
}

/** Per site and day: the calendar's hours (same engine, same stored hours before the cutoff), its kind and authorisation. */
export function buildHoursReport(header: ReportHeader, sites: readonly SiteData[]): HoursReport {
  const days = eachDay(header.startDate, header.endDate);
  const grand = { availableHours: 0, defaultHours: 0, difference: 0, awaiting: 0, workingDays: 0 };
  const sections: HoursSiteSection[] = sites.map((site) => {
    const availability = computeAvailability({
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
      const status = !change ? 'unchanged' : change.isAuthorised ? 'authorised' : 'awaiting';
      rows.push({
        date,
        kind,
        holidayName: a.publicHolidayName,
        availableHours: a.availableHours,
        defaultHours: a.defaultHours,
        difference: oneDp(milli(a.availableHours) - milli(a.defaultHours)),
        status,
        authorisedBy: status === 'authorised' ? change!.authorisedBy : null,
        authorisedAt: status === 'authorised' ? change!.authorisedAt : null,
      });
      avail += milli(a.availableHours);
      dflt += milli(a.defaultHours);
      if (status === 'awaiting') awaiting += 1;
      if (kind === 'working' || kind === 'working-weekend') workingDays += 1;
    }
    const totals = { availableHours: oneDp(avail), defaultHours: oneDp(dflt), difference: oneDp(avail - dflt), awaiting, workingDays };
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
    cur.a += milli(r.availableHours);
    cur.d += milli(r.defaultHours);
    if (r.status === 'awaiting') cur.awaiting += 1;
  }
  return out.map(({ a, d, ...w }) => ({ ...w, availableHours: oneDp(a), defaultHours: oneDp(d), difference: oneDp(a - d) }));
}
