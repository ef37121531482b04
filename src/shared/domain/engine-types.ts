/**
 * The engine's input and output shapes that its internals (availability-index.ts, prepared-exceptions.ts)
 * read as well as availability.ts: kept below all three so none imports another for a type (decision 072).
 * availability.ts re-exports them; import them from there.
 */

/** What the engine reads of an employee: the hours, not the name. */
export interface EngineStaff {
  id: number;
  efficiency: number;
  mondayHours: number;
  tuesdayHours: number;
  wednesdayHours: number;
  thursdayHours: number;
  fridayHours: number;
  saturdayHours: number;
  sundayHours: number;
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
}
