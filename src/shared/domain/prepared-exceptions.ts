/**
 * Exceptions in the engine's working form: dates as day numbers, hours as signed units, and the list
 * grouped by employee. Built once when a list of exceptions arrives (a query result, a fetched page),
 * so each availability computation over it does no string parsing and no per-exception lookups.
 */
import { toDayNumber } from './dates';
import type { EngineException } from './engine-types';
import { UNITS_PER_MILLI, milli } from './hour-units';

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

/** Employees' groups in order of first appearance: each position's group, and where each group starts. */
function groupByEmployee(count: number, employeeIdAt: (x: number) => number) {
  const group = new Int32Array(count);
  const groupOf = new Map<number, number>();
  const groupEmployeeIds: number[] = [];
  const counts: number[] = [];
  for (let x = 0; x < count; x++) {
    const id = employeeIdAt(x);
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
  return { group, groupEmployeeIds, groupStart, fill: groupStart.slice(0, G) };
}

type Columns = Pick<PreparedExceptions, 'ids' | 'startDay' | 'endDay' | 'kind' | 'units'>;

const emptyColumns = (count: number): Columns => ({
  ids: new Float64Array(count),
  startDay: new Int32Array(count),
  endDay: new Int32Array(count),
  kind: new Int8Array(count),
  units: new Float64Array(count),
});

/** One exception's amount at position k: its own hours as signed units, or the sign of the raw weekday hours. */
function setAmount(c: Columns, k: number, isAdditive: boolean, isFullDay: boolean, hours: number | null) {
  const sign = isAdditive ? 1 : -1;
  const own = isFullDay ? hours : (hours ?? 0);
  // Negative hours count as 0 so a deduction can never add hours.
  if (own === null) c.kind[k] = sign;
  else c.units[k] = sign * Math.max(0, milli(own)) * UNITS_PER_MILLI;
}

/** Position k from an exception in the list form, its dates parsed (a RangeError for a bad one). */
function setFromException(c: Columns, k: number, ex: EngineException) {
  c.ids[k] = ex.id;
  c.startDay[k] = toDayNumber(ex.startDate);
  c.endDay[k] = toDayNumber(ex.endDate);
  setAmount(c, k, ex.isAdditive, ex.isFullDay, ex.hours);
}

/**
 * Parses and groups the exceptions in O(n). Throws a RangeError on any malformed or impossible date,
 * whoever the exception belongs to, so bad data is caught where it enters rather than when drawn.
 */
export function prepareExceptions(exceptions: readonly EngineException[]): PreparedExceptions {
  const X = exceptions.length;
  const { group, groupEmployeeIds, groupStart, fill } = groupByEmployee(X, (x) => exceptions[x].employeeId);
  const c = emptyColumns(X);
  for (let x = 0; x < X; x++) setFromException(c, fill[group[x]]++, exceptions[x]);
  return { prepared: true, ...c, groupEmployeeIds, groupStart };
}

/**
 * Exceptions as one flat list of numbers, SPAN_FIELDS per exception: id, employee id, first and last day
 * as day numbers, isFullDay (1 or 0), hours or null, isAdditive (1 or 0). The server's write path reads
 * them so from the database: no date text to build there or to parse here.
 */
export type FlatSpans = ReadonlyArray<number | null>;
const SPAN_FIELDS = 7;

/** A change the caller made that its data does not show yet: the exception `removeId` gone, `add` added at the end. */
export interface SpanChange {
  add?: EngineException;
  removeId?: number;
}

/** `prepareExceptions` for the flat form, with the caller's own change applied. */
export function prepareFlatSpans(flat: FlatSpans, change: SpanChange = {}): PreparedExceptions {
  const { add, removeId } = change;
  const at: number[] = [];
  for (let i = 0; i + SPAN_FIELDS <= flat.length; i += SPAN_FIELDS) if (flat[i] !== removeId) at.push(i);
  const X = at.length + (add ? 1 : 0);
  const { group, groupEmployeeIds, groupStart, fill } = groupByEmployee(X, (x) =>
    x < at.length ? (flat[at[x] + 1] as number) : add!.employeeId,
  );
  const c = emptyColumns(X);
  for (let x = 0; x < at.length; x++) {
    const i = at[x];
    const k = fill[group[x]]++;
    c.ids[k] = flat[i] as number;
    c.startDay[k] = flat[i + 2] as number;
    c.endDay[k] = flat[i + 3] as number;
    setAmount(c, k, flat[i + 6] === 1, flat[i + 4] === 1, flat[i + 5]);
  }
  if (add) setFromException(c, fill[group[at.length]]++, add);
  return { prepared: true, ...c, groupEmployeeIds, groupStart };
}

/** The input as prepared exceptions: a prepared list is used as is, a plain one is prepared now. */
export function asPrepared(exceptions: readonly EngineException[] | PreparedExceptions): PreparedExceptions {
  return 'prepared' in exceptions ? exceptions : prepareExceptions(exceptions);
}
