/**
 * What a balance's absences take, day by day (issue 47, decision 110): the engine's own day detail read through
 * the one rule of what a day is worth and what an absence takes (absence-takes.ts), the rule the exceptions
 * report, the employee's page and a request's hours read. Approved absences take first, pending requests from
 * what is left, so a request never counts a day an approved absence already took. Pure.
 */
import { employeeDayTakes } from './absence-takes';
import { computeAvailability, type EngineContract, type EngineException, type EngineStaff } from './availability';
import { versionOnDay } from './contract-periods';
import { NO_WEEK_HOURS } from './contracts';
import { eachDay, fromDayNumber, toDayNumber } from './dates';
import type { BalanceInput } from './balances-policy';

/** Approved and pending allowance taken on one day, in the engine's units (1e-5 h), with the day's worth. */
export interface DayLeave {
  day: number;
  /** The day's worth in units: what a whole day away takes. */
  worth: number;
  approved: number;
  pending: number;
}

/**
 * The employee as the engine reads them: the versions from the start date on (the version in force then starts
 * on it), ended on the end date. Efficiency does not matter here (a day's worth is its contract hours).
 */
function asEngineStaff(employee: BalanceInput['employee']): EngineStaff {
  const sorted = [...employee.contracts].sort((a, b) => (a.validFrom ?? '').localeCompare(b.validFrom ?? ''));
  const start = employee.startDate ?? null;
  let versions: EngineContract[] = sorted.map((c) => ({ ...c, efficiency: 100 }));
  if (start !== null) {
    const inForce = versionOnDay(versions, null, toDayNumber(start));
    versions = [
      ...(inForce ? [{ ...inForce, validFrom: start }] : []),
      ...versions.filter((v) => v.validFrom !== null && v.validFrom > start),
    ];
  }
  const last = versions[versions.length - 1] ?? { ...NO_WEEK_HOURS, validFrom: null };
  const { id: _id, validFrom: _from, ...hours } = last;
  return { id: 1, ...hours, contracts: versions, endDate: employee.endDate ?? null };
}

/** The days of [from, to] (day numbers) the counting absences cover, with what they take on each. */
export function leaveByDay(input: BalanceInput, from: number, to: number): DayLeave[] {
  const counting = input.exceptions.filter((x) => x.countsAgainstAllowance);
  const ordered = [...counting.filter((x) => x.status === 'approved'), ...counting.filter((x) => x.status === 'pending')];
  const days = new Set<string>();
  const exceptions: EngineException[] = [];
  ordered.forEach((x, i) => {
    const a = Math.max(from, toDayNumber(x.startDate));
    const b = Math.min(to, toDayNumber(x.endDate));
    if (a > b) return;
    for (const d of eachDay(fromDayNumber(a), fromDayNumber(b))) days.add(d);
    exceptions.push({
      id: i + 1,
      employeeId: 1,
      reasonId: 0,
      startDate: x.startDate,
      endDate: x.endDate,
      isFullDay: x.isFullDay,
      hours: x.hours,
      isAdditive: false,
    });
  });
  if (days.size === 0) return [];
  const isPending = (id: number) => ordered[id - 1].status === 'pending';
  const computed = computeAvailability({
    days: [...days].sort(),
    settings: input.settings,
    employees: [asEngineStaff(input.employee)],
    exceptions,
    holidays: input.holidays.map((date) => ({ date, name: '' })),
  });
  const out: DayLeave[] = [];
  for (const [date, day] of computed) {
    const e = day.employees.find((x) => x.employeeId === 1);
    if (!e) continue;
    const t = employeeDayTakes(day, e);
    const entry: DayLeave = { day: toDayNumber(date), worth: t.worthUnits, approved: 0, pending: 0 };
    for (const take of t.takes) {
      if (isPending(take.exceptionId)) entry.pending += take.awayUnits;
      else entry.approved += take.awayUnits;
    }
    out.push(entry);
  }
  return out;
}
