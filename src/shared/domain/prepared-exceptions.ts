/**
 * Exceptions in the engine's working form: dates as day numbers, hours as signed units, and the list
 * grouped by employee. Built once when a list of exceptions arrives (a query result, a fetched page),
 * so each availability computation over it does no string parsing and no per-exception lookups.
 */
import type { EngineException } from './availability';
import { toDayNumber } from './dates';
import { UNITS_PER_MILLI, milli } from './availability-index';

export interface PreparedExceptions {
  readonly prepared: true;
  /*
   * The arrays below are in grouped order: group g (one employee) occupies positions
   * groupStart[g] .. groupStart[g+1], in input order. Reading one employee's exceptions then walks
   * adjacent memory.
   */
  /** The exception's id at each position (a day's staff detail lists them). */
  readonly ids: Float64Array;
  /** Inclusive first and last day numbers. */
  readonly startDay: Int32Array;
  readonly endDay: Int32Array;
  /** OWN_HOURS (0), or +1 / -1: the employee's raw weekday hours added or deducted. */
  readonly kind: Int8Array;
  /**
   * Signed units of the exception's own hours when kind is OWN_HOURS, else 0: so one exception's amount on a
   * day is always units + kind × the employee's raw weekday units.
   */
  readonly units: Float64Array;
  /** Distinct employee ids in order of first appearance. */
  readonly groupEmployeeIds: readonly number[];
  readonly groupStart: Int32Array;
}

/**
 * Parses and groups the exceptions in O(n). Throws a RangeError on any malformed or impossible date,
 * whoever the exception belongs to, so bad data is caught where it enters rather than when drawn.
 */
export function prepareExceptions(exceptions: readonly EngineException[]): PreparedExceptions {
  const X = exceptions.length;
  const group = new Int32Array(X);
  const groupOf = new Map<number, number>();
  const groupEmployeeIds: number[] = [];
  const counts: number[] = [];
  for (let x = 0; x < X; x++) {
    const id = exceptions[x].employeeId;
    let g = groupOf.get(id);
    if (g === undefined) {
      g = groupEmployeeIds.length;
      groupOf.set(id, g);
      groupEmployeeIds.push(id);
      counts.push(0);
    }
    group[x] = g;
    counts[g]++;
  }
  const G = groupEmployeeIds.length;
  const groupStart = new Int32Array(G + 1);
  for (let g = 0; g < G; g++) groupStart[g + 1] = groupStart[g] + counts[g];
  const fill = groupStart.slice(0, G);

  const ids = new Float64Array(X);
  const startDay = new Int32Array(X);
  const endDay = new Int32Array(X);
  const kind = new Int8Array(X);
  const units = new Float64Array(X);
  for (let x = 0; x < X; x++) {
    const ex = exceptions[x];
    const k = fill[group[x]]++;
    ids[k] = ex.id;
    startDay[k] = toDayNumber(ex.startDate);
    endDay[k] = toDayNumber(ex.endDate);
    const sign = ex.isAdditive ? 1 : -1;
    const own = ex.isFullDay ? ex.hours : (ex.hours ?? 0);
    // Negative hours count as 0 so a deduction can never add hours.
    if (own === null) kind[k] = sign;
    else units[k] = sign * Math.max(0, milli(own)) * UNITS_PER_MILLI;
  }
  return { prepared: true, ids, startDay, endDay, kind, units, groupEmployeeIds, groupStart };
}

/** The input as prepared exceptions: a prepared list is used as is, a plain one is prepared now. */
export function asPrepared(exceptions: readonly EngineException[] | PreparedExceptions): PreparedExceptions {
  return 'prepared' in exceptions ? exceptions : prepareExceptions(exceptions);
}
