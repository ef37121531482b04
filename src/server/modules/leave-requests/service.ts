import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import {
  leaveRequestMessages,
  MAX_REQUEST_DAYS,
  type TLeaveRequest,
  type ZLeaveRequestCreate,
} from '../../../shared/contracts/leave-requests';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { pipelinedTransaction, type PipelinedTx, type Statement } from '../../db/pipelined';
import { employees, exceptionReasons, leaveLinkUses, leaveRequestApprovals, leaveRequestEvents, leaveRequests } from '../../db/schema';
import { lock, readDays, spanDays, todayOf } from '../day-ledger';
import { checkExceptionValues, createExceptionIn, deleteExceptionIn } from '../exceptions';
import { refuseBelowZero } from '../balances';
import type { TCoverageConfirmation } from '../../../shared/contracts/coverage';
import { assertDecider, assertLinked, assertOwnIfReadOnly } from './rules';
import { hoursIfApproved, hoursIfRemoved, hoursUnchanged, pairDays, type DayHours } from './hours';
import { mailApprovers, mailRequester, type MailedRequest, type Outcome, type RequestMail } from './mail';
import { approvalsNeeded, mayCancel, oneRequest, viewOf, type LabelledRow } from './views';
import { pendingShortfalls } from './shortfalls';

/**
 * Time-off requests (decision 092): made by a user for their own linked employee, decided by the site's approvers.
 * Approving creates the exception through the exceptions service in the same transaction (day ledger, decision
 * 076), and cancelling an approved request removes it the same way. Every step is recorded with the site's
 * available hours on each day before and after it.
 */

type CreateInput = z.output<typeof ZLeaveRequestCreate>;
export type EventAction = TLeaveRequest['history'][number]['action'] | 'cancellation-declined';

export interface RequestContext {
  now: Date;
  /** Null: no mail (never in the server; the link pages pass theirs too). */
  mail: RequestMail | null;
  /** A decision made through a mailed link: used once, and only while the request is at the link's version. */
  link?: { mac: string; version: number };
}

/** Spends a mailed link in the decision's transaction: a refused decision leaves the link unused. */
async function spendLink(tx: Db, actor: Actor, l: LabelledRow, ctx: RequestContext): Promise<void> {
  if (!ctx.link) return;
  const used = await tx
    .insert(leaveLinkUses)
    .values({ mac: ctx.link.mac, siteId: actor.siteId, usedAt: ctx.now })
    .onConflictDoNothing()
    .returning({ mac: leaveLinkUses.mac });
  if (used.length === 0) throw new AppError('CONFLICT', leaveRequestMessages.linkUsed);
  if (l.row.version !== ctx.link.version) throw new AppError('CONFLICT', leaveRequestMessages.changed);
}

const dayCount = (start: string, end: string) => spanDays({ startDate: start, endDate: end }).length;

async function record(tx: Db, actor: Actor, requestId: number, action: EventAction, comment: string | null, days: DayHours[], now: Date) {
  await tx.insert(leaveRequestEvents).values({
    siteId: actor.siteId,
    requestId,
    actorUserId: actor.userId,
    actorName: actor.username,
    action,
    comment,
    days,
    createdAt: now,
  });
}

const mailed = (l: LabelledRow, version = l.row.version): MailedRequest => ({
  ...l.row,
  version,
  employeeName: l.employeeName,
  reasonName: l.reasonName,
  isAdditive: l.isAdditive,
});

/** Only a type marked requestable is time off to ask for; a type that adds hours never is (decision 113). */
async function assertRequestable(db: Db, reason: { id: number; name: string }): Promise<void> {
  // The type was found among the actor's visible ones just before; this reads only its flag.
  const [type] = await db
    .select({ isRequestable: exceptionReasons.isRequestable })
    .from(exceptionReasons)
    .where(eq(exceptionReasons.id, reason.id));
  if (!type?.isRequestable) throw new AppError('BAD_REQUEST', leaveRequestMessages.notRequestable(reason.name));
}

export async function createRequest(db: Db, actor: Actor, input: CreateInput, ctx: RequestContext): Promise<TLeaveRequest> {
  const employeeId = assertLinked(actor);
  // Staff (and other read-only users) ask for time to come; a manager may record a request after the fact.
  if (actor.isReadOnly && input.startDate < todayOf(ctx.now)) throw new AppError('BAD_REQUEST', leaveRequestMessages.past);
  if (dayCount(input.startDate, input.endDate) > MAX_REQUEST_DAYS) throw new AppError('BAD_REQUEST', leaveRequestMessages.tooLong);
  const values = { ...input, employeeId, siteId: null, notes: null };
  const { reason } = await checkExceptionValues(db, actor, values);
  await assertRequestable(db, reason);
  const id = await db.transaction(async (tx) => {
    // One request at a time per employee, so two at once cannot both pass the overlap check.
    await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, employeeId), inSite(actor, employees.siteId)))
      .for('update');
    const [clash] = await tx
      .select({ startDate: leaveRequests.startDate, endDate: leaveRequests.endDate })
      .from(leaveRequests)
      .where(
        and(
          inSite(actor, leaveRequests.siteId),
          eq(leaveRequests.employeeId, employeeId),
          inArray(leaveRequests.status, ['pending', 'approved']),
          lte(leaveRequests.startDate, input.endDate),
          gte(leaveRequests.endDate, input.startDate),
        ),
      )
      .limit(1);
    if (clash) throw new AppError('CONFLICT', leaveRequestMessages.overlap(clash.startDate, clash.endDate));
    const [row] = await tx
      .insert(leaveRequests)
      .values({
        siteId: actor.siteId,
        employeeId,
        requesterUserId: actor.userId,
        requesterName: actor.username,
        reasonId: input.reasonId,
        startDate: input.startDate,
        endDate: input.endDate,
        isFullDay: input.isFullDay,
        hours: input.isFullDay ? null : input.hours,
        note: input.note ?? null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await refuseBelowZero(tx, actor, row, ctx.now);
    // No coverage question here (decision 113, amending 097): a request that would leave the site short is accepted
    // as pending, and its approver reads the warning on it and gives the reason when approving.
    const { pairs } = await hoursIfApproved(tx, actor.siteId, row, reason.isAdditive);
    await record(tx, actor, row.id, 'requested', null, pairs, ctx.now);
    const labelled = await oneRequest(tx, actor, row.id);
    if (ctx.mail) {
      // Weighed for the approvers the mail goes to (decision 113), as their requests screen weighs it; Staff never read it.
      const shortfall = (await pendingShortfalls(tx, { ...actor, isStaff: false }, [labelled])).get(row.id) ?? [];
      await mailApprovers(tx, actor, ctx.mail, { ...mailed(labelled), shortfall }, 'new', ctx.now);
    }
    return row.id;
  });
  return viewOf(db, actor, id, ctx.now);
}

/** The request, locked for this decision; 404 for one the actor may not see. */
async function lockedRequest(tx: Db, actor: Actor, id: number): Promise<LabelledRow> {
  await tx
    .select({ id: leaveRequests.id })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.id, id), inSite(actor, leaveRequests.siteId)))
    .for('update');
  return oneRequest(tx, actor, id);
}

const isCancellation = (l: LabelledRow) => l.row.status === 'approved' && l.row.cancellationPending;

/** Bumps the version (every mailed link dies with it) and sets the new state. */
async function advance(tx: Db, actor: Actor, l: LabelledRow, set: Partial<typeof leaveRequests.$inferInsert>, now: Date) {
  await tx
    .update(leaveRequests)
    .set({ ...set, version: l.row.version + 1, updatedAt: now })
    .where(and(eq(leaveRequests.id, l.row.id), inSite(actor, leaveRequests.siteId)));
}

async function tellRequester(tx: Db, actor: Actor, ctx: RequestContext, l: LabelledRow, outcome: Outcome, comment: string | null) {
  if (ctx.mail) await mailRequester(tx, actor, ctx.mail, mailed(l), outcome, comment, ctx.now);
}

/**
 * Removes an approved request's exception through the exceptions service and marks the request cancelled, with
 * the hours before and after. Answers the day ledger's statements to send with COMMIT.
 */
async function removeApproved(ptx: PipelinedTx, actor: Actor, l: LabelledRow, comment: string | null, now: Date) {
  const tx = ptx.db;
  const days = spanDays(l.row);
  await lock(tx, actor.siteId, days);
  const before = await readDays(tx, actor.siteId, days);
  let last: readonly Statement[] = [];
  if (l.row.exceptionId !== null) last = (await deleteExceptionIn(ptx, actor, l.row.exceptionId, now)).last ?? [];
  const after = await readDays(tx, actor.siteId, days);
  await advance(tx, actor, l, { status: 'cancelled', cancellationPending: false, exceptionId: null }, now);
  await record(tx, actor, l.row.id, 'cancelled', comment, pairDays(days, before, after), now);
  return last;
}

export async function approveRequest(
  db: Db,
  actor: Actor,
  id: number,
  comment: string | null,
  ctx: RequestContext,
  coverageConfirmation?: TCoverageConfirmation,
): Promise<TLeaveRequest> {
  const { now } = ctx;
  await pipelinedTransaction(db, async (ptx) => {
    const tx = ptx.db;
    const l = await lockedRequest(tx, actor, id);
    await spendLink(tx, actor, l, ctx);
    await assertDecider(tx, actor, l.row.requesterUserId);
    if (isCancellation(l)) {
      const last = await removeApproved(ptx, actor, l, comment, now);
      await tellRequester(tx, actor, ctx, l, 'cancellation-approved', comment);
      return { value: undefined, last };
    }
    if (l.row.status !== 'pending') throw new AppError('CONFLICT', leaveRequestMessages.notPending);
    const given = await tx
      .select({ userId: leaveRequestApprovals.userId })
      .from(leaveRequestApprovals)
      .where(and(inSite(actor, leaveRequestApprovals.siteId), eq(leaveRequestApprovals.requestId, id)));
    if (given.some((g) => g.userId === actor.userId)) throw new AppError('CONFLICT', leaveRequestMessages.alreadyApprovedByYou);
    await tx.insert(leaveRequestApprovals).values({ siteId: actor.siteId, requestId: id, userId: actor.userId, createdAt: now });
    if (given.length + 1 < approvalsNeeded(l)) {
      // The request itself is unchanged, so the other approvers' mailed links keep working for the second approval.
      const { pairs } = await hoursIfApproved(tx, actor.siteId, l.row, l.isAdditive);
      await tx
        .update(leaveRequests)
        .set({ updatedAt: now })
        .where(and(eq(leaveRequests.id, id), inSite(actor, leaveRequests.siteId)));
      await record(tx, actor, id, 'first-approval', comment, pairs, now);
      return { value: undefined };
    }
    const days = spanDays(l.row);
    await lock(tx, actor.siteId, days);
    const before = await readDays(tx, actor.siteId, days);
    await advance(tx, actor, l, { status: 'approved' }, now);
    const input = { ...l.row, siteId: null, notes: l.row.note };
    // The approval that creates the exception is the one the coverage guard weighs (decision 097); a first of two changes no hours.
    const guard = { action: 'request.approve' as const, confirmation: coverageConfirmation, leaveRequestId: id };
    const created = await createExceptionIn(ptx, actor, input, now, guard);
    await tx
      .update(leaveRequests)
      .set({ exceptionId: created.value.id })
      .where(and(eq(leaveRequests.id, id), inSite(actor, leaveRequests.siteId)));
    const after = await readDays(tx, actor.siteId, days);
    await record(tx, actor, id, 'approved', comment, pairDays(days, before, after), now);
    await tellRequester(tx, actor, ctx, l, 'approved', comment);
    return { value: undefined, last: created.last };
  });
  return viewOf(db, actor, id, now);
}

export async function declineRequest(db: Db, actor: Actor, id: number, comment: string, ctx: RequestContext): Promise<TLeaveRequest> {
  const { now } = ctx;
  await db.transaction(async (tx) => {
    const l = await lockedRequest(tx, actor, id);
    await spendLink(tx, actor, l, ctx);
    await assertDecider(tx, actor, l.row.requesterUserId);
    if (isCancellation(l)) {
      const days = await hoursIfRemoved(tx, actor.siteId, l.row, l.row.exceptionId);
      await advance(tx, actor, l, { cancellationPending: false }, now);
      await record(tx, actor, id, 'cancellation-declined', comment, days, now);
      await tellRequester(tx, actor, ctx, l, 'cancellation-declined', comment);
      return;
    }
    if (l.row.status !== 'pending') throw new AppError('CONFLICT', leaveRequestMessages.notPending);
    const { pairs } = await hoursIfApproved(tx, actor.siteId, l.row, l.isAdditive);
    await advance(tx, actor, l, { status: 'declined' }, now);
    await record(tx, actor, id, 'declined', comment, pairs, now);
    await tellRequester(tx, actor, ctx, l, 'declined', comment);
  });
  return viewOf(db, actor, id, now);
}

/**
 * The requester cancels a pending request, or asks to cancel an approved one that has not started (approvers then
 * decide); a manager (a user who may change data) cancels either at once, the exception going with it.
 */
export async function cancelRequest(db: Db, actor: Actor, id: number, comment: string | null, ctx: RequestContext): Promise<TLeaveRequest> {
  const { now } = ctx;
  await pipelinedTransaction(db, async (ptx) => {
    const tx = ptx.db;
    const l = await lockedRequest(tx, actor, id);
    assertOwnIfReadOnly(actor, l.row);
    if (!mayCancel(actor, l.row, todayOf(now))) throw new AppError('CONFLICT', leaveRequestMessages.cannotCancel);
    if (l.row.status === 'pending') {
      await advance(tx, actor, l, { status: 'cancelled' }, now);
      await record(tx, actor, id, 'cancelled', comment, await hoursUnchanged(tx, actor.siteId, l.row), now);
      return { value: undefined };
    }
    if (!actor.isReadOnly) return { value: undefined, last: await removeApproved(ptx, actor, l, comment, now) };
    const days = await hoursIfRemoved(tx, actor.siteId, l.row, l.row.exceptionId);
    await advance(tx, actor, l, { cancellationPending: true }, now);
    await record(tx, actor, id, 'cancellation-requested', comment, days, now);
    if (ctx.mail) await mailApprovers(tx, actor, ctx.mail, mailed(l, l.row.version + 1), 'cancellation', now);
    return { value: undefined };
  });
  return viewOf(db, actor, id, now);
}
