import type { TDayChange } from '../../../shared/contracts/calendar';
import type { dayChanges } from '../../db/schema';

/** A day's change as the API shows it, in the calendar's window and in the replies of the authorising routes. */

type DayChangeRow = typeof dayChanges.$inferSelect;

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
