import { and, asc, eq, gte, lte, or } from 'drizzle-orm';
import {
  type TDayChange,
  type TExceptionView,
  type THoliday,
  type TNoteView,
  type TReason,
  type TWindowQuery,
} from '../../../shared/contracts/calendar';
import { inSite, siteJoin, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { overlapsWindow } from '../../db/site-days';
import { dayChanges, employees, exceptionReasons, exceptions, notes, publicHolidays, siteUsers } from '../../db/schema';
import { toDayChangeView, toExceptionView, toNoteView } from './views';

/** Exception types visible in a site: the business's shared ones and the site's own. */
export function reasonsVisibleTo(actor: Actor) {
  return or(eq(exceptionReasons.businessId, actor.businessId), inSite(actor, exceptionReasons.siteId));
}

export async function listReasons(db: Db, actor: Actor): Promise<TReason[]> {
  const rows = await db.select().from(exceptionReasons).where(reasonsVisibleTo(actor)).orderBy(asc(exceptionReasons.sortOrder), asc(exceptionReasons.id));
  return rows.map((r) => ({ id: r.id, name: r.name, color: r.color, isAdditive: r.isAdditive, sortOrder: r.sortOrder, scope: r.siteId ? 'site' : 'business' }));
}

export async function listExceptions(db: Db, actor: Actor, w: TWindowQuery): Promise<TExceptionView[]> {
  const rows = await db
    .select({
      e: exceptions,
      employeeName: employees.name,
      reasonName: exceptionReasons.name,
      reasonColor: exceptionReasons.color,
      isAdditive: exceptionReasons.isAdditive,
    })
    .from(exceptions)
    .leftJoin(employees, and(eq(employees.id, exceptions.employeeId), siteJoin(employees.siteId, exceptions.siteId)))
    .leftJoin(exceptionReasons, and(eq(exceptionReasons.id, exceptions.reasonId), reasonsVisibleTo(actor)))
    .where(and(inSite(actor, exceptions.siteId), overlapsWindow(exceptions, actor.siteId, w.startDate, w.endDate)))
    .orderBy(asc(exceptions.startDate), asc(exceptions.id));
  return rows.map(({ e, ...labels }) => toExceptionView(e, labels, w));
}

export async function listNotes(db: Db, actor: Actor, w: TWindowQuery): Promise<TNoteView[]> {
  const rows = await db
    .select()
    .from(notes)
    .where(and(inSite(actor, notes.siteId), overlapsWindow(notes, actor.siteId, w.startDate, w.endDate)))
    .orderBy(asc(notes.startDate), asc(notes.id));
  return rows.map(toNoteView);
}

export async function listHolidays(db: Db, actor: Actor, w: TWindowQuery): Promise<THoliday[]> {
  return db
    .select({ id: publicHolidays.id, name: publicHolidays.name, date: publicHolidays.date })
    .from(publicHolidays)
    .where(and(inSite(actor, publicHolidays.siteId), gte(publicHolidays.date, w.startDate), lte(publicHolidays.date, w.endDate)))
    .orderBy(asc(publicHolidays.date), asc(publicHolidays.id));
}

export async function listDayChanges(db: Db, actor: Actor, w: TWindowQuery): Promise<TDayChange[]> {
  const rows = await db
    .select({ d: dayChanges, authorisedBy: siteUsers.username })
    .from(dayChanges)
    .leftJoin(siteUsers, eq(siteUsers.id, dayChanges.authorisedBy))
    .where(and(inSite(actor, dayChanges.siteId), gte(dayChanges.date, w.startDate), lte(dayChanges.date, w.endDate)))
    .orderBy(asc(dayChanges.date));
  return rows.map(({ d, authorisedBy }) => toDayChangeView(d, authorisedBy ?? null));
}
