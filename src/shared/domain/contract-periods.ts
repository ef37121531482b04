/**
 * The contract in force on a day, written once (decision 076, issue 47): each version holds from its `validFrom`
 * (null: the beginning of time) to the day before the next version's, and never after the employee's end date.
 * Before the first version, and after the end date, the employee is not employed. The engine, the balances and
 * the employee's contract history read it from here. Its own module, below the engine (decision 072).
 */
import { toDayNumber } from './dates';

export interface VersionPeriod<T> {
  version: T;
  /** First day number in force (-Infinity: from the beginning of time). */
  from: number;
  /** Last day number in force (Infinity: open); below `from` when the version never holds (the end came first). */
  to: number;
}

/** Each version's period, in the order given; `versions` must be ascending by validFrom (null first). */
export function versionPeriods<T extends { validFrom: string | null }>(
  versions: readonly T[],
  endDate: string | null | undefined,
): VersionPeriod<T>[] {
  const end = endDate ? toDayNumber(endDate) : Infinity;
  return versions.map((version, i) => {
    const next = versions[i + 1]?.validFrom;
    const to = Math.min(next ? toDayNumber(next) - 1 : Infinity, end);
    return { version, from: version.validFrom === null ? -Infinity : toDayNumber(version.validFrom), to };
  });
}

/** The version in force on day number `day`, or null when not employed then. */
export function versionOnDay<T extends { validFrom: string | null }>(
  versions: readonly T[],
  endDate: string | null | undefined,
  day: number,
): T | null {
  for (const p of versionPeriods(versions, endDate)) if (p.from <= day && day <= p.to) return p.version;
  return null;
}
