import { z } from 'zod';
import {
  ZDayChange,
  ZExceptionView,
  ZExceptionWindowQuery,
  ZHoliday,
  ZNoteView,
  ZReason,
  ZWindowQuery,
} from '../../../shared/contracts/calendar';
import { requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { listDayChanges, listExceptions, listHolidays, listNotes, listReasons } from './service';

/** The calendar's reads: each takes a yyyy-MM-dd window and returns what overlaps it in the current site. */
export function registerCalendarReadRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const windowed = <T extends z.ZodType, Q extends z.ZodType = typeof ZWindowQuery>(item: T, query?: Q) => ({
    config: { access: 'staff' as const },
    schema: { querystring: query ?? ZWindowQuery, response: { 200: z.array(item) } },
  });

  app.get('/api/exceptions', windowed(ZExceptionView, ZExceptionWindowQuery), async (req) =>
    listExceptions(db, requireUser(req), req.query),
  );
  app.get('/api/notes', windowed(ZNoteView), async (req) => listNotes(db, requireUser(req), req.query));
  app.get('/api/public-holidays', windowed(ZHoliday), async (req) => listHolidays(db, requireUser(req), req.query));
  app.get('/api/day-changes', windowed(ZDayChange), async (req) => listDayChanges(db, requireUser(req), req.query));
  app.get('/api/exception-reasons', { config: { access: 'staff' }, schema: { response: { 200: z.array(ZReason) } } }, async (req) =>
    listReasons(db, requireUser(req)),
  );
}
