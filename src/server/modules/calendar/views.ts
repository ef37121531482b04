import {
  UNKNOWN_EMPLOYEE,
  UNKNOWN_REASON,
  UNKNOWN_REASON_COLOR,
  type TDayChange,
  type TExceptionView,
  type TNoteView,
} from '../../../shared/contracts/calendar';
import type { dayChanges, exceptions, notes } from '../../db/schema';

/** The API views of calendar rows, shared by the window reads and the routes that change them. */

type NoteRow = typeof notes.$inferSelect;
/** The stored fields an exception's view shows (a full row, or the window read's compact tuple). */
type ExceptionRow = Pick<
  typeof exceptions.$inferSelect,
  'id' | 'siteId' | 'employeeId' | 'reasonId' | 'startDate' | 'endDate' | 'isFullDay' | 'hours' | 'notes' | 'version'
>;
type DayChangeRow = typeof dayChanges.$inferSelect;

export const toNoteView = (n: NoteRow): TNoteView => ({
  id: n.id,
  siteId: n.siteId,
  title: n.title,
  description: n.description,
  startDate: n.startDate,
  endDate: n.endDate,
  color: n.color,
  isFullDay: n.isFullDay,
  version: n.version,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

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

export const toDayChangeView = (d: DayChangeRow, authorisedBy: string | null): TDayChange => ({
  date: d.date,
  authorised: d.isAuthorised,
  defaultHours: d.defaultHours,
  currentHours: d.currentHours,
  authorisedHours: d.authorisedHours,
  authorisedBy,
  authorisedAt: d.authorisedAt ? d.authorisedAt.toISOString() : null,
  lastModified: d.lastModified.toISOString(),
});
