import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  type TDayChange,
  type TExceptionView,
  type THoliday,
  type TNoteView,
  type TReason,
  type TExceptionWindowQuery,
  type TWindowQuery,
} from '../../../shared/contracts/calendar';
import { inSite, siteJoin, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { overlapsWindow } from '../../db/site-days';
import { dayChanges, employees, exceptionReasons, exceptions, notes, publicHolidays, siteUsers } from '../../db/schema';
import { toDayChangeView } from '../day-changes';
import { reasonsVisibleTo } from '../exception-reasons';
import { toExceptionView } from '../exceptions';
import { toNoteView } from '../notes';

export async function listReasons(db: Db, actor: Actor): Promise<TReason[]> {
  const rows = await db
    .select()
    .from(exceptionReasons)
    .where(reasonsVisibleTo(actor))
    .orderBy(asc(exceptionReasons.sortOrder), asc(exceptionReasons.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    isAdditive: r.isAdditive,
    needsTwoApprovals: r.needsTwoApprovals,
    countsAgainstAllowance: r.countsAgainstAllowance,
    isSickness: r.isSickness,
    isRequestable: r.isRequestable,
    sortOrder: r.sortOrder,
    scope: r.siteId ? 'site' : 'business',
  }));
}

/** One exception of the window as the database encodes it: the view's stored fields, then the labels. */
type ExceptionTuple = [
  id: number,
  siteId: number,
  employeeId: number,
  reasonId: number,
  startDate: string,
  endDate: string,
  isFullDay: boolean,
  hours: number | null,
  notes: string | null,
  version: number,
  employeeName: string | null,
  reasonName: string | null,
  reasonColor: string | null,
  isAdditive: boolean | null,
];

/*
 * The month window is the calendar's hottest read. The database answers it as one JSON text of row
 * arrays rather than hundreds of rows of many fields: decoding one value instead of thousands is most
 * of the read's cost on the embedded database, where it decided whether the window met its p99 at 32
 * connections (decision 035). The text stays text (::text) so the driver does not parse it twice.
 */
export async function listExceptions(db: Db, actor: Actor, w: TExceptionWindowQuery): Promise<TExceptionView[]> {
  const e = exceptions;
  const [{ list }] = await db
    .select({
      list: sql<string>`coalesce(json_agg(json_build_array(${e.id}, ${e.siteId}, ${e.employeeId}, ${e.reasonId}, ${e.startDate}, ${e.endDate}, ${e.isFullDay}, ${e.hours}, ${e.notes}, ${e.version}, ${employees.name}, ${exceptionReasons.name}, ${exceptionReasons.color}, ${exceptionReasons.isAdditive}) order by ${e.startDate}, ${e.id}), '[]')::text`,
    })
    .from(e)
    .leftJoin(employees, and(eq(employees.id, e.employeeId), siteJoin(employees.siteId, e.siteId)))
    .leftJoin(exceptionReasons, and(eq(exceptionReasons.id, e.reasonId), reasonsVisibleTo(actor)))
    .where(
      and(
        inSite(actor, e.siteId),
        overlapsWindow(e, actor.siteId, w.startDate, w.endDate),
        w.employeeId === undefined ? undefined : eq(e.employeeId, w.employeeId),
      ),
    );
  return (JSON.parse(list) as ExceptionTuple[]).map((t) =>
    toExceptionView(
      {
        id: t[0],
        siteId: t[1],
        employeeId: t[2],
        reasonId: t[3],
        startDate: t[4],
        endDate: t[5],
        isFullDay: t[6],
        hours: t[7],
        notes: t[8],
        version: t[9],
      },
      { employeeName: t[10], reasonName: t[11], reasonColor: t[12], isAdditive: t[13] },
      w,
    ),
  );
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
