import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { TLeaveRequest, TLeaveRequestEvent, TLeaveRequestStatus } from '../../../shared/contracts/leave-requests';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, exceptionReasons, leaveRequestApprovals, leaveRequestEvents, leaveRequests } from '../../db/schema';
import { readDays, spanDays, todayOf } from '../day-ledger';
import { isApprover } from '../leave-approvers';
import { leaveHoursTaken } from '../../../shared/domain/leave-hours';
import { pendingShortfalls } from './shortfalls';

/** Requests as the API shows them: labels, history, approvals, and what the signed-in user may do with each. */

export const requestColumns = {
  row: leaveRequests,
  employeeName: employees.name,
  reasonName: exceptionReasons.name,
  reasonColor: exceptionReasons.color,
  isAdditive: exceptionReasons.isAdditive,
  needsTwoApprovals: exceptionReasons.needsTwoApprovals,
};

export type RequestRow = typeof leaveRequests.$inferSelect;
export type LabelledRow = {
  row: RequestRow;
  employeeName: string;
  reasonName: string;
  reasonColor: string;
  isAdditive: boolean;
  needsTwoApprovals: boolean;
};

export const approvalsNeeded = (r: { needsTwoApprovals: boolean }) => (r.needsTwoApprovals ? 2 : 1);

/** Staff see only what they asked for; everyone else the site's requests. */
export const visibleTo = (actor: Actor): SQL | undefined => (actor.isStaff ? eq(leaveRequests.requesterUserId, actor.userId) : undefined);

export function selectRequests(db: Db, actor: Actor, ...where: Array<SQL | undefined>) {
  return db
    .select(requestColumns)
    .from(leaveRequests)
    .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
    .innerJoin(exceptionReasons, eq(exceptionReasons.id, leaveRequests.reasonId))
    .where(and(inSite(actor, leaveRequests.siteId), visibleTo(actor), ...where));
}

/** One request the actor may see, or 404 as for an id that does not exist. */
export async function oneRequest(db: Db, actor: Actor, id: number): Promise<LabelledRow> {
  const [row] = await selectRequests(db, actor, eq(leaveRequests.id, id));
  return found(row, 'Request');
}

export interface ListFilter {
  status?: TLeaveRequestStatus;
  mine?: boolean;
  from?: string;
  to?: string;
  /** False: leave `shortfalls` empty (a reader that shows no warning, such as the calendar's pending pills). */
  weighShortfalls?: boolean;
}

export async function listRequests(db: Db, actor: Actor, f: ListFilter, now: Date): Promise<TLeaveRequest[]> {
  const rows = await selectRequests(
    db,
    actor,
    f.status ? eq(leaveRequests.status, f.status) : undefined,
    f.mine ? eq(leaveRequests.requesterUserId, actor.userId) : undefined,
    f.to ? lte(leaveRequests.startDate, f.to) : undefined,
    f.from ? gte(leaveRequests.endDate, f.from) : undefined,
  ).orderBy(desc(leaveRequests.startDate), desc(leaveRequests.id));
  return toViews(db, actor, rows, now, f.weighShortfalls ?? true);
}

export async function viewOf(db: Db, actor: Actor, id: number, now: Date): Promise<TLeaveRequest> {
  const [view] = await toViews(db, actor, [await oneRequest(db, actor, id)], now);
  return view;
}

/** A requester may cancel while pending, or ask to while approved and not started; a manager cancels either. */
export function mayCancel(actor: Actor, r: RequestRow, today: string): boolean {
  const manager = !actor.isReadOnly;
  if (r.status === 'pending') return r.requesterUserId === actor.userId || manager;
  if (r.status !== 'approved' || r.cancellationPending) return false;
  return manager || (r.requesterUserId === actor.userId && r.startDate > today);
}

export async function toViews(db: Db, actor: Actor, rows: LabelledRow[], now: Date, weigh = true): Promise<TLeaveRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.row.id);
  const [events, approvals, approver, shortfalls] = await Promise.all([
    db
      .select()
      .from(leaveRequestEvents)
      .where(and(inSite(actor, leaveRequestEvents.siteId), inArray(leaveRequestEvents.requestId, ids)))
      .orderBy(asc(leaveRequestEvents.id)),
    db
      .select({ requestId: leaveRequestApprovals.requestId, userId: leaveRequestApprovals.userId })
      .from(leaveRequestApprovals)
      .where(and(inSite(actor, leaveRequestApprovals.siteId), inArray(leaveRequestApprovals.requestId, ids))),
    isApprover(db, actor),
    weigh ? pendingShortfalls(db, actor, rows) : new Map<number, never[]>(),
  ]);
  // People by the name the product gives them (decision 114): a user's linked employee, else the name stored.
  const userIds = [...new Set([...rows.map((r) => r.row.requesterUserId), ...events.map((e) => e.actorUserId)])].filter(
    (id): id is number => id !== null,
  );
  const linked = userIds.length
    ? await db.select({ userId: employees.userId, name: employees.name }).from(employees).where(inArray(employees.userId, userIds))
    : [];
  const nameOf = (userId: number | null, stored: string) => linked.find((l) => l.userId === userId)?.name ?? stored;
  // One engine pass over every day the requests cover, for the hours each takes.
  const engine = await readDays(db, actor.siteId, spanDays(...rows.map((r) => r.row)));
  const today = todayOf(now);
  return rows.map(({ row: r, ...labels }) => {
    const given = approvals.filter((a) => a.requestId === r.id);
    const history: TLeaveRequestEvent[] = events
      .filter((e) => e.requestId === r.id)
      .map((e) => ({
        at: e.createdAt.toISOString(),
        actorName: nameOf(e.actorUserId, e.actorName),
        action: e.action as TLeaveRequestEvent['action'],
        comment: e.comment,
        // The site's hours on each day are the approvers' to weigh; Staff never read them (decision 113).
        days: actor.isStaff ? [] : e.days,
      }));
    const open = r.status === 'pending' || (r.status === 'approved' && r.cancellationPending);
    const canDecide =
      approver && open && r.requesterUserId !== actor.userId && !(r.status === 'pending' && given.some((a) => a.userId === actor.userId));
    return {
      id: r.id,
      employeeId: r.employeeId,
      employeeName: labels.employeeName,
      requesterUserId: r.requesterUserId,
      requesterName: nameOf(r.requesterUserId, r.requesterName),
      reasonId: r.reasonId,
      reasonName: labels.reasonName,
      reasonColor: labels.reasonColor,
      startDate: r.startDate,
      endDate: r.endDate,
      isFullDay: r.isFullDay,
      hours: r.hours,
      totalHours: leaveHoursTaken(r, labels.isAdditive, engine),
      note: r.note,
      status: r.status as TLeaveRequestStatus,
      approvalsNeeded: approvalsNeeded(labels),
      approvalsGiven: given.length,
      cancellationPending: r.cancellationPending,
      exceptionId: r.exceptionId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      canDecide,
      canCancel: mayCancel(actor, r, today),
      shortfalls: shortfalls.get(r.id) ?? [],
      history,
    };
  });
}
