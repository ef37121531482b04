import { versionPeriods } from './contract-periods';
import { fromDayNumber } from './dates';
import type { WeekHours } from './engine-types';

/** A week without hours at full efficiency: an employee who has no contract version. */
export const NO_WEEK_HOURS: Readonly<WeekHours> = {
  efficiency: 100,
  mondayHours: 0,
  tuesdayHours: 0,
  wednesdayHours: 0,
  thursdayHours: 0,
  fridayHours: 0,
  saturdayHours: 0,
  sundayHours: 0,
};

/**
 * Which contract version an employee list shows (decision 076): the one in force today, or for a joiner whose
 * first version starts later, that first version. Versions ascending by `validFrom` (null first).
 */
export function shownContract<T extends { validFrom: string | null }>(versions: readonly T[], today: string): T | undefined {
  let inForce: T | undefined;
  for (const v of versions) if (v.validFrom === null || v.validFrom <= today) inForce = v;
  return inForce ?? versions[0];
}

/** The last day each version is in force: the day before the next one starts, or the end date for the last. */
export function validTo(versions: ReadonlyArray<{ validFrom: string | null }>, index: number, endDate: string | null): string | null {
  const to = versionPeriods(versions, endDate)[index].to;
  return to === Infinity ? null : fromDayNumber(to);
}
