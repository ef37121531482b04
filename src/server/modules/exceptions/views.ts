import { UNKNOWN_EMPLOYEE, UNKNOWN_REASON, UNKNOWN_REASON_COLOR, type TExceptionView } from '../../../shared/contracts/calendar';
import type { exceptions } from '../../db/schema';

/** An exception as the API shows it, in the calendar's window and in the replies of the routes that change exceptions. */

/** The stored fields an exception's view shows (a full row, or the window read's compact tuple). */
type ExceptionRow = Pick<
  typeof exceptions.$inferSelect,
  'id' | 'siteId' | 'employeeId' | 'reasonId' | 'startDate' | 'endDate' | 'isFullDay' | 'hours' | 'notes' | 'version'
>;

interface ExceptionLabels {
  employeeName: string | null;
  reasonName: string | null;
  reasonColor: string | null;
  isAdditive: boolean | null;
}

/** Missing joins fall back to the spec's "Unknown Employee" / "Unknown Reason" (#ccc); the range flags say whether the span starts and ends inside the window read. */
export function toExceptionView(e: ExceptionRow, labels: ExceptionLabels, window?: { startDate: string; endDate: string }): TExceptionView {
  return {
    id: e.id,
    siteId: e.siteId,
    employeeId: e.employeeId,
    reasonId: e.reasonId,
    startDate: e.startDate,
    endDate: e.endDate,
    isFullDay: e.isFullDay,
    hours: e.hours,
    notes: e.notes,
    version: e.version,
    employeeName: labels.employeeName ?? UNKNOWN_EMPLOYEE,
    reasonName: labels.reasonName ?? UNKNOWN_REASON,
    reasonColor: labels.reasonColor ?? UNKNOWN_REASON_COLOR,
    isAdditive: labels.isAdditive ?? false,
    isRangeStart: window ? e.startDate >= window.startDate : true,
    isRangeEnd: window ? e.endDate <= window.endDate : true,
  };
}
