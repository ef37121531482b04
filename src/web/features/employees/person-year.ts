import type { TContract } from '../../../shared/contracts/employee-contracts';
import { weekdayFields } from '../../../shared/domain/weekdays';

/** The fields of an exception the employee page reads (a subset of the API's exception view). */
export interface PersonException {
  id: number;
  reasonId: number;
  reasonName: string;
  reasonColor: string;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
}

type ContractHours = Pick<TContract, 'validFrom' | 'validTo' | (typeof weekdayFields)[number]>;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Every day of a span clipped to [from, to], as ISO dates. */
export function daysIn(startDate: string, endDate: string, from: string, to: string): string[] {
  const first = Math.max(dayNumber(startDate), dayNumber(from));
  const last = Math.min(dayNumber(endDate), dayNumber(to));
  const days: string[] = [];
  for (let n = first; n <= last; n++) days.push(isoOf(n));
  return days;
}

/** The contract hours for one day: the version whose period holds it, 0 outside every version. */
export function contractHoursOn(day: string, contracts: readonly ContractHours[]): number {
  const c = contracts.find((v) => (v.validFrom === null || v.validFrom <= day) && (v.validTo === null || day <= v.validTo));
  if (!c) return 0;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return c[weekdayFields[weekday]];
}

/** The exceptions of each day in [from, to], keyed by ISO date; a day with none is absent from the map. */
export function exceptionsByDay<T extends PersonException>(exceptions: readonly T[], from: string, to: string): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const e of exceptions) {
    for (const day of daysIn(e.startDate, e.endDate, from, to)) {
      const list = byDay.get(day);
      if (list) list.push(e);
      else byDay.set(day, [e]);
    }
  }
  return byDay;
}

export interface TypeTotal {
  reasonId: number;
  reasonName: string;
  reasonColor: string;
  days: number;
  hours: number;
}

/**
 * Hours per exception type inside [from, to]: an exception with hours counts them once per day it covers
 * (hours are per day, as in the calendar); a full-day one counts the contract's hours of each day it covers.
 */
export function totalsByType(
  exceptions: readonly PersonException[],
  contracts: readonly ContractHours[],
  from: string,
  to: string,
): TypeTotal[] {
  const totals = new Map<number, TypeTotal>();
  for (const e of exceptions) {
    const days = daysIn(e.startDate, e.endDate, from, to);
    if (days.length === 0) continue;
    const t = totals.get(e.reasonId) ?? { reasonId: e.reasonId, reasonName: e.reasonName, reasonColor: e.reasonColor, days: 0, hours: 0 };
    t.days += days.length;
    for (const day of days) t.hours += e.isFullDay || e.hours === null ? contractHoursOn(day, contracts) : e.hours;
    totals.set(e.reasonId, t);
  }
  return [...totals.values()].sort((a, b) => a.reasonName.localeCompare(b.reasonName));
}

/** The twelve months of a year, each with its days as ISO dates. */
export function yearMonths(year: number): { month: number; days: string[] }[] {
  return Array.from({ length: 12 }, (_, m) => {
    const count = new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
    const days = Array.from({ length: count }, (_, d) => `${year}-${String(m + 1).padStart(2, '0')}-${String(d + 1).padStart(2, '0')}`);
    return { month: m, days };
  });
}

/** The year in the address (`?year=2026`), else the current one; a nonsense value falls back too. */
export function yearFromSearch(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1900 && n <= 2200 ? n : fallback;
}
