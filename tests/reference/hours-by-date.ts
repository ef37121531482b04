/**
 * An independent reference for a site's available hours by date (decision 076), written naively from the
 * rules in plain words, for tests to compare the engine with. It never imports the engine or its helpers:
 * plain loops over employees and exceptions, hours kept in whole units of 1/100,000 h so sums are exact.
 *
 * The rules, for one day:
 * - An employee's version in force is the latest whose validFrom is on or before the day (null: from the
 *   beginning). None in force (a joiner before the first version), or a day after the end date (a leaver):
 *   not employed, so nothing counts that day, exceptions included.
 * - A working day is Monday to Friday, or Saturday/Sunday when the site works it; a public holiday never is.
 * - Base = the version's weekday hours × efficiency / 100 on a working day, else 0.
 * - Each exception covering the day: full day without hours → the version's weekday hours (not scaled by
 *   efficiency, even on a day off); otherwise its own hours (a part day without hours: 0); negative → 0.
 *   Additive types add it, others take it off.
 * - Employee's day = max(0, base + amounts); 0 on a public holiday. The day = the sum, to one decimal.
 */

export interface RefVersion {
  validFrom: string | null;
  efficiency: number;
  hours: [number, number, number, number, number, number, number];
}

export interface RefEmployee {
  id: number;
  versions: RefVersion[];
  endDate: string | null;
}

export interface RefException {
  employeeId: number;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  isAdditive: boolean;
}

export interface RefSite {
  saturdayWorkday: boolean;
  sundayWorkday: boolean;
  employees: RefEmployee[];
  exceptions: RefException[];
  holidays: string[];
}

export interface RefDay {
  available: number;
  default: number;
  /** Per employee listed by the engine's day detail: base > 0 or an exception that day. */
  employees: Map<number, { base: number; adjusted: number }>;
}

/** Monday 0 … Sunday 6, from the calendar date alone. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const sunday0 = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (sunday0 + 6) % 7;
}

const units = (hours: number) => Math.round(hours * 100_000);
const oneDecimal = (u: number) => Math.round(u / 10_000) / 10;

export function versionOn(employee: RefEmployee, date: string): RefVersion | null {
  if (employee.endDate !== null && date > employee.endDate) return null;
  let found: RefVersion | null = null;
  for (const v of employee.versions) {
    if (v.validFrom === null || v.validFrom <= date) {
      if (found === null || (found.validFrom ?? '') <= (v.validFrom ?? '')) found = v;
    }
  }
  return found;
}

export function referenceDay(site: RefSite, date: string): RefDay {
  const wd = weekdayOf(date);
  const holiday = site.holidays.includes(date);
  const working = !holiday && (wd < 5 || (wd === 5 && site.saturdayWorkday) || (wd === 6 && site.sundayWorkday));
  let available = 0;
  let dflt = 0;
  const employees = new Map<number, { base: number; adjusted: number }>();
  for (const employee of site.employees) {
    const version = versionOn(employee, date);
    const covering = site.exceptions.filter((x) => x.employeeId === employee.id && x.startDate <= date && date <= x.endDate);
    let base = 0;
    let adjusted = 0;
    if (version !== null) {
      const weekday = units(version.hours[wd]);
      if (working) base = (weekday * version.efficiency) / 100;
      let value = base;
      for (const x of covering) {
        const own = x.isFullDay ? x.hours : (x.hours ?? 0);
        const amount = own === null ? weekday : Math.max(0, units(own));
        value += x.isAdditive ? amount : -amount;
      }
      adjusted = holiday ? 0 : Math.max(0, value);
    }
    available += adjusted;
    dflt += base;
    if (base > 0 || covering.length > 0) employees.set(employee.id, { base: base / 100_000, adjusted: adjusted / 100_000 });
  }
  return { available: oneDecimal(available), default: oneDecimal(dflt), employees };
}

const WEEK = ['mondayHours', 'tuesdayHours', 'wednesdayHours', 'thursdayHours', 'fridayHours', 'saturdayHours', 'sundayHours'] as const;
type WeekHours = Record<(typeof WEEK)[number], number>;

/** A site as its API answers it (settings, each employee's contract list, exceptions, holidays), for the reference. */
export function siteFromReads(reads: {
  settings: { saturdayWorkday: boolean; sundayWorkday: boolean };
  contracts: ReadonlyArray<{
    employeeId: number;
    endDate: string | null;
    contracts: ReadonlyArray<WeekHours & { validFrom: string | null; efficiency: number }>;
  }>;
  exceptions: ReadonlyArray<Omit<RefException, 'isAdditive'> & { isAdditive?: boolean | null }>;
  holidays: ReadonlyArray<{ date: string }>;
}): RefSite {
  return {
    saturdayWorkday: reads.settings.saturdayWorkday,
    sundayWorkday: reads.settings.sundayWorkday,
    employees: reads.contracts.map((c) => ({
      id: c.employeeId,
      endDate: c.endDate,
      versions: c.contracts.map((v) => ({
        validFrom: v.validFrom,
        efficiency: v.efficiency,
        hours: WEEK.map((f) => v[f]) as RefVersion['hours'],
      })),
    })),
    exceptions: reads.exceptions.map((x) => ({
      employeeId: x.employeeId,
      startDate: x.startDate,
      endDate: x.endDate,
      isFullDay: x.isFullDay,
      hours: x.hours,
      isAdditive: x.isAdditive ?? false,
    })),
    holidays: reads.holidays.map((h) => h.date),
  };
}
