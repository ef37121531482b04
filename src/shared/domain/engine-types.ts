/**
 * The engine's input and output shapes that its internals (availability-index.ts, prepared-exceptions.ts)
 * read as well as availability.ts: kept below all three so none imports another for a type (decision 072).
 * availability.ts re-exports them; import them from there.
 */

/** A week of hours (0.1 steps) and an efficiency (whole percent): what a contract version and flat hours both hold. */
export interface WeekHours {
  efficiency: number;
  mondayHours: number;
  tuesdayHours: number;
  wednesdayHours: number;
  thursdayHours: number;
  fridayHours: number;
  saturdayHours: number;
  sundayHours: number;
}

/** One version of an employee's contract (decision 076): weekday hours and efficiency from `validFrom` on. */
export interface EngineContract extends WeekHours {
  /** The stored version's id, for the day explanation; absent for a contract made up from flat hours. */
  id?: number;
  /** yyyy-MM-dd, or null: in force from the beginning of time. */
  validFrom: string | null;
}

/**
 * What the engine reads of an employee: the hours, not the name. Without `contracts`, the flat hours and
 * efficiency are one contract in force from the beginning of time (most employees, and every test written
 * before contracts). With `contracts`, they alone count: the version in force on a day is the latest whose
 * `validFrom` is on or before it, and before the first version the employee has no hours.
 * `endDate` is the last day employed: after it the employee has no hours, and no exception counts.
 */
export interface EngineStaff extends WeekHours {
  id: number;
  /** Ascending by validFrom (null first); at most one version per date. */
  contracts?: readonly EngineContract[] | null;
  endDate?: string | null;
  /** Without `contracts`, the stored version the flat hours are, for the day explanation; the engine never reads it. */
  versionId?: number;
}

export interface EngineException {
  id: number;
  employeeId: number;
  reasonId: number;
  /** yyyy-MM-dd, inclusive */
  startDate: string;
  /** yyyy-MM-dd, inclusive */
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  isAdditive: boolean;
}

export interface EmployeeDayHours {
  employeeId: number;
  /** Weekday hours × efficiency; 0 on a holiday or a non-working weekend. */
  baseHours: number;
  /** Base plus/minus that day's exceptions, floored at 0. */
  adjustedHours: number;
  /** Exceptions covering the day, in input order. */
  exceptionIds: readonly number[];
  /** Each of those exceptions' signed hours on the day (the engine's amount rule), before the floor. */
  amounts: readonly number[];
  /** The version in force's raw hours for the weekday (not scaled by efficiency); 0 when not employed. */
  weekdayHours: number;
}
