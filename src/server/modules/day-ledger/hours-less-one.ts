import { computeAvailability, type AvailabilityInput, type EngineException } from '../../../shared/domain/availability';

/** The engine's input with its exceptions as a plain list, so one employee's can be picked out. */
export type PlainDaysInput = Omit<AvailabilityInput, 'exceptions'> & { exceptions: readonly EngineException[] };

/**
 * The site's available hours each day less one employee's, to one decimal (decision 106): what a Staff member's
 * calendar adds its own hours to, so a colleague's hours are never sent while the day totals still add up. The
 * engine runs here, beside the ledger's other reads, on the input the calendar reply carries. In tenths, so the
 * calendar's own one-decimal figure plus this one is the site's figure exactly. `employeeId` null: the whole site.
 */
export function hoursLessOne(input: PlainDaysInput, employeeId: number | null): number[] {
  const all = computeAvailability(input);
  const mine =
    employeeId === null
      ? null
      : computeAvailability({
          ...input,
          employees: input.employees.filter((e) => e.id === employeeId),
          exceptions: input.exceptions.filter((e) => e.employeeId === employeeId),
        });
  const tenths = (h: number | undefined) => Math.round((h ?? 0) * 10);
  return input.days.map((d) => (tenths(all.get(d)?.availableHours) - tenths(mine?.get(d)?.availableHours)) / 10);
}
