import type { TNoteView } from '../../../shared/contracts/calendar';
import type { notes } from '../../db/schema';

/** A note as the API shows it, in the calendar's window and in the replies of the routes that change notes. */

type NoteRow = typeof notes.$inferSelect;

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
