/**
 * An independent reference for one employee-day (issue 47): whether the person is employed, the contract in
 * force, what the day is worth, what each absence on it takes, the extra hours, the share of the day away, and
 * the site's available and default hours. Written naively from the rules in plain words (docs/balances.md,
 * decisions 076, 107 and 108) for tests to compare every reader with. It imports nothing: plain loops over
 * date strings, a linear search for the version in force, hours kept in whole units of 1/100,000 h so that
 * sums are exact, and rounding only where a figure is shown.
 *
 * The rules, for one employee and one day:
 * - Employed: on or after the start date and on or before the end date, with a contract version in force. The
 *   start date is the first version's validFrom (null: from the beginning of time). The version in force is the
 *   one with the latest validFrom on or before the day.
 * - The site works Monday to Friday, Saturday and Sunday when its settings say so, and never on a public holiday.
 * - Worth: the version's hours for the weekday, on a working day while employed; else 0. Efficiency plays no part.
 * - Base (the calendar's default): the worth × efficiency / 100.
 * - What an absence (a non-additive exception) asks: a full day without hours, the version's hours for the
 *   weekday; otherwise its own hours (≥ 0; a part day without hours, 0).
 * - The day's absences take from its worth one after the other, in the order given, each at most what is left, so
 *   overlapping absences never count a day twice. Decision 108 says "in their order" without saying which; the
 *   exceptions report and the employee's totals take them by first day, then in the order they were recorded
 *   (`inTakingOrder`), and so does every test of this reference. Its share of the day is what it took ÷ the
 *   worth (0 on a day worth nothing): a full day 1, half the hours 0.5.
 * - Additive exceptions take nothing; they add their amount (the same rule as "asks") as extra hours, except on a
 *   public holiday. Outside employment nothing counts at all: no worth, no takes, no extra.
 * - The employee's available hours: 0 when not employed or on a public holiday; else max(0, base − the absences'
 *   asks + the additive amounts). Note the asks, not the takes: a full day off takes the raw weekday hours off
 *   the efficiency-scaled base, and the floor keeps the day at 0.
 * - The site's day: the sum over its employees, shown to one decimal (rounded once).
 * - Over a period: hours are summed in units and rounded once to one decimal; days (shares) are summed and
 *   rounded once to a tenth.
 * - A time-off request's hours: each day of it worth anything gives its worth, or the request's hours when
 *   fewer (a full-day request: the worth); other absences that day do not change it.
 * - For the leave allowance only the types that count against it take, approved ones first and pending requests
 *   from what is left (docs/balances.md); `allowanceTake` gives one day's figures.
 */

export interface AbsVersion {
  validFrom: string | null;
  efficiency: number;
  /** Monday … Sunday. */
  hours: readonly [number, number, number, number, number, number, number];
}

export interface AbsEmployee {
  id: number;
  /** In any order. */
  versions: readonly AbsVersion[];
  endDate: string | null;
}

export interface AbsException {
  id: number;
  employeeId: number;
  reasonId: number;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  isAdditive: boolean;
  countsAgainstAllowance: boolean;
}

export interface AbsSite {
  saturdayWorkday: boolean;
  sundayWorkday: boolean;
  holidays: readonly string[];
  employees: readonly AbsEmployee[];
  /** In the order absences take from a day. */
  exceptions: readonly AbsException[];
}

export interface AbsTake {
  exceptionId: number;
  /** Units the exception moves the employee's day by, before the floor: + additive, − an absence; 0 when not employed. */
  amount: number;
  /** Units of absence taken from the day's worth. */
  away: number;
  /** Share of the day taken, 0 to 1. */
  share: number;
  /** Units of extra hours (additive types). */
  extra: number;
}

export interface AbsEmployeeDay {
  employed: boolean;
  version: AbsVersion | null;
  /** The site works the day (not a holiday, not a weekend day off). */
  working: boolean;
  holiday: boolean;
  /** The version's raw hours for the weekday, in units (0 when not employed). */
  weekday: number;
  /** Units. */
  worth: number;
  /** Units, worth × efficiency / 100 (0 on a day off). */
  base: number;
  /** Units, the employee's part of the site's available hours. */
  available: number;
  /** Every exception covering the day, in the site's order. */
  takes: AbsTake[];
}

export const UNITS = 100_000;
export const toUnits = (hours: number) => Math.round(hours * UNITS);
/** Units to hours shown with one decimal. */
export const shownHours = (units: number) => Math.round(units / 10_000) / 10;
/** A sum of day shares shown to a tenth (absorbing binary noise first). */
export const shownDays = (days: number) => Math.round(Number((days * 10).toPrecision(12))) / 10;

/** Monday 0 … Sunday 6. */
export function weekdayIndex(date: string): number {
  const sunday0 = new Date(`${date}T00:00:00Z`).getUTCDay();
  return sunday0 === 0 ? 6 : sunday0 - 1;
}

export function nextDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function datesFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = nextDate(d)) out.push(d);
  return out;
}

/** The start date: the earliest validFrom (null when some version has none). */
export function startDateOf(employee: AbsEmployee): string | null {
  let start: string | undefined;
  for (const v of employee.versions) {
    if (v.validFrom === null) return null;
    if (start === undefined || v.validFrom < start) start = v.validFrom;
  }
  return start ?? null;
}

export function versionInForce(employee: AbsEmployee, date: string): AbsVersion | null {
  const start = startDateOf(employee);
  if (start !== null && date < start) return null;
  if (employee.endDate !== null && date > employee.endDate) return null;
  let found: AbsVersion | null = null;
  for (const v of employee.versions) {
    if (v.validFrom !== null && v.validFrom > date) continue;
    if (found === null || (found.validFrom ?? '') < (v.validFrom ?? '')) found = v;
  }
  return found;
}

export function siteWorks(site: Pick<AbsSite, 'saturdayWorkday' | 'sundayWorkday' | 'holidays'>, date: string): boolean {
  if (site.holidays.includes(date)) return false;
  const wd = weekdayIndex(date);
  if (wd === 5) return site.saturdayWorkday;
  if (wd === 6) return site.sundayWorkday;
  return true;
}

/** What one exception asks of a day, in units, given the version's raw hours for the weekday. */
function asks(x: AbsException, weekday: number): number {
  if (x.isFullDay && x.hours === null) return weekday;
  return Math.max(0, toUnits(x.hours ?? 0));
}

export function employeeDay(site: AbsSite, employeeId: number, date: string): AbsEmployeeDay {
  const employee = site.employees.find((e) => e.id === employeeId);
  if (!employee) throw new Error(`no employee ${employeeId}`);
  const version = versionInForce(employee, date);
  const holiday = site.holidays.includes(date);
  const working = siteWorks(site, date);
  const covering = site.exceptions.filter((x) => x.employeeId === employeeId && x.startDate <= date && date <= x.endDate);
  if (version === null) {
    return {
      employed: false,
      version,
      working,
      holiday,
      weekday: 0,
      worth: 0,
      base: 0,
      available: 0,
      takes: covering.map((x) => ({ exceptionId: x.id, amount: 0, away: 0, share: 0, extra: 0 })),
    };
  }
  const weekday = toUnits(version.hours[weekdayIndex(date)]);
  const worth = working ? weekday : 0;
  const base = (worth * version.efficiency) / 100;
  let left = worth;
  let sum = base;
  const takes: AbsTake[] = [];
  for (const x of covering) {
    const amount = asks(x, weekday);
    if (x.isAdditive) {
      sum += amount;
      takes.push({ exceptionId: x.id, amount, away: 0, share: 0, extra: holiday ? 0 : amount });
    } else {
      sum -= amount;
      const take = Math.min(amount, left);
      left -= take;
      takes.push({ exceptionId: x.id, amount: -amount, away: take, share: worth > 0 ? take / worth : 0, extra: 0 });
    }
  }
  return { employed: true, version, working, holiday, weekday, worth, base, available: holiday ? 0 : Math.max(0, sum), takes };
}

/** The site's available and default hours for the day, to one decimal. */
export function siteDay(site: AbsSite, date: string): { available: number; default: number } {
  let available = 0;
  let base = 0;
  for (const e of site.employees) {
    const day = employeeDay(site, e.id, date);
    available += day.available;
    base += day.base;
  }
  return { available: shownHours(available), default: shownHours(base) };
}

export interface AbsTotals {
  count: number;
  /** Raw sums: units and shares. */
  away: number;
  extra: number;
  days: number;
}

export const noTotals = (): AbsTotals => ({ count: 0, away: 0, extra: 0, days: 0 });

export const shown = (t: AbsTotals) => ({
  count: t.count,
  daysAway: shownDays(t.days),
  hoursAway: shownHours(t.away),
  hoursExtra: shownHours(t.extra),
});

/**
 * Every exception overlapping [from, to], measured inside it: its days away, hours away and extra hours, raw.
 * Only those exceptions take part: one outside the window changes no day in it.
 */
export function measureExceptions(site: AbsSite, from: string, to: string): Map<number, AbsTotals> {
  const inWindow = site.exceptions.filter((x) => x.startDate <= to && x.endDate >= from);
  const narrowed: AbsSite = { ...site, exceptions: inWindow };
  const out = new Map<number, AbsTotals>(inWindow.map((x) => [x.id, { ...noTotals(), count: 1 }]));
  const people = new Set(inWindow.map((x) => x.employeeId));
  for (const date of datesFrom(from, to)) {
    for (const id of people) {
      if (!inWindow.some((x) => x.employeeId === id && x.startDate <= date && date <= x.endDate)) continue;
      for (const t of employeeDay(narrowed, id, date).takes) {
        const into = out.get(t.exceptionId)!;
        into.away += t.away;
        into.extra += t.extra;
        into.days += t.share;
      }
    }
  }
  return out;
}

export function addTotals(into: AbsTotals, t: AbsTotals): AbsTotals {
  into.count += t.count;
  into.away += t.away;
  into.extra += t.extra;
  into.days += t.days;
  return into;
}

/** The hours a time-off request takes from its employee, on its own: one decimal. */
export function requestHours(
  site: AbsSite,
  r: { employeeId: number; startDate: string; endDate: string; isFullDay: boolean; hours: number | null },
  isAdditive: boolean,
): number {
  if (isAdditive) return 0;
  let units = 0;
  for (const date of datesFrom(r.startDate, r.endDate)) {
    const day = employeeDay({ ...site, exceptions: [] }, r.employeeId, date);
    if (day.worth <= 0) continue;
    units += r.isFullDay || r.hours === null ? day.worth : Math.min(day.worth, Math.max(0, toUnits(r.hours)));
  }
  return shownHours(units);
}

/**
 * One day's leave-allowance figures: approved absences of counting types take first (together at most the
 * worth), pending requests of counting types from what is left. Units. The allowance counts from the recorded
 * start date when there is one (an employee from before decision 107 may have one later than their first
 * version, which the site's hours do not follow): before it the day is worth nothing to the allowance.
 */
export function allowanceTake(
  site: AbsSite,
  employeeId: number,
  date: string,
  pending: readonly AllowanceAsk[],
  startDate: string | null = null,
): { worth: number; approved: number; pending: number } {
  const worth = startDate !== null && date < startDate ? 0 : employeeDay({ ...site, exceptions: [] }, employeeId, date).worth;
  const asked = (xs: readonly AllowanceAsk[]) => {
    let sum = 0;
    for (const x of xs) {
      if (x.employeeId !== employeeId || !x.countsAgainstAllowance || date < x.startDate || date > x.endDate) continue;
      sum += x.isFullDay && x.hours === null ? worth : Math.max(0, toUnits(x.hours ?? 0));
    }
    return sum;
  };
  const approved = Math.min(worth, asked(site.exceptions.filter((x) => !x.isAdditive)));
  return { worth, approved, pending: Math.min(worth - approved, asked(pending)) };
}

type AllowanceAsk = Pick<AbsException, 'employeeId' | 'startDate' | 'endDate' | 'isFullDay' | 'hours' | 'countsAgainstAllowance'>;

/** Exceptions in the order they take from a day: by first day, then in the order they were recorded (id). */
export const inTakingOrder = <T extends { id: number; startDate: string }>(xs: readonly T[]): T[] =>
  [...xs].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id));
