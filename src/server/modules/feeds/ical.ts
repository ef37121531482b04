import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { addDaysStr } from '../../../shared/domain/dates';
import { roundHours } from '../../../shared/contracts/common';
import { shortfallSummary, type ShortfallStatus } from '../../../shared/domain/coverage-messages';

/**
 * A feed's content as iCalendar text (decision 041). Every event is all-day over calendar dates written
 * as DATE values with no time zone, so a phone shows the same days wherever it is. UIDs come from row ids
 * only, so a calendar app updates an edited exception instead of adding a second one.
 */

export interface FeedException {
  id: number;
  /** Whose and which type: what a Staff creator's feed is redacted by (decision 106); not written out. */
  employeeId: number;
  reasonId: number;
  isAdditive: boolean;
  employeeName: string;
  reasonName: string;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  notes: string | null;
  updatedAt: Date;
}
export interface FeedHoliday {
  id: number;
  name: string;
  date: string;
  createdAt: Date;
}
export interface FeedNote {
  id: number;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string;
  updatedAt: Date;
}
/** A time-off request awaiting its approvers (decision 092), shown only when the feed is asked for them. */
export interface FeedPendingRequest {
  id: number;
  employeeId: number;
  employeeName: string;
  reasonName: string;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  updatedAt: Date;
}
/** A day under the site's minimum hours (decision 099), shown only when the feed is asked for them. */
export type FeedShortfall = ShortfallStatus;
export interface FeedContent {
  calendarName: string;
  exceptions: FeedException[];
  /** Present only when asked for (`?pending=1`). */
  pending?: FeedPendingRequest[];
  holidays: FeedHoliday[];
  /** Present only when asked for (`?shortfalls=1`). */
  shortfalls?: FeedShortfall[];
  /** Present only when the feed includes notes; then exception notes are included too. */
  notes: FeedNote[] | null;
}

const UID_DOMAIN = 'hoursight';
/** Midnight UTC of a calendar day: ical-generator writes a DATE from the UTC date when no time zone is set. */
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);

export const exceptionSummary = (e: Pick<FeedException, 'employeeName' | 'reasonName' | 'isFullDay' | 'hours'>) =>
  `${e.employeeName} — ${e.reasonName}${!e.isFullDay && e.hours !== null ? ` (${roundHours(e.hours)} h)` : ''}`;

export function renderFeed(content: FeedContent): string {
  const cal = ical({ name: content.calendarName, prodId: { company: 'Hoursight', product: 'Hoursight', language: 'EN' } });
  const allDay = (id: string, start: string, end: string, summary: string, stamp: Date, description?: string | null) =>
    cal.createEvent({
      id: `${id}@${UID_DOMAIN}`,
      allDay: true,
      start: dayStart(start),
      // DTEND of an all-day event is the day after the last one (RFC 5545 §3.6.1).
      end: dayStart(addDaysStr(end, 1)),
      summary,
      description: description || null,
      stamp,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  for (const e of content.exceptions) {
    allDay(`exception-${e.id}`, e.startDate, e.endDate, exceptionSummary(e), e.updatedAt, content.notes ? e.notes : null);
  }
  // Tentative until decided: a calendar app shows them as such, and their UID differs from the exception an approval makes.
  for (const r of content.pending ?? []) {
    allDay(`leave-request-${r.id}`, r.startDate, r.endDate, `${exceptionSummary(r)} (pending)`, r.updatedAt).status(
      ICalEventStatus.TENTATIVE,
    );
  }
  for (const h of content.holidays) allDay(`holiday-${h.id}`, h.date, h.date, h.name, h.createdAt);
  // Stamped with the day itself: no row records when a shortfall began, and a stamp of "now" would give every poll a new body.
  for (const s of content.shortfalls ?? []) {
    allDay(`shortfall-${s.date}`, s.date, s.date, shortfallSummary(s.requiredHours, s.availableHours, s.shortHours), dayStart(s.date));
  }
  for (const n of content.notes ?? []) allDay(`note-${n.id}`, n.startDate, n.endDate, n.title, n.updatedAt, n.description);
  return cal.toString();
}
