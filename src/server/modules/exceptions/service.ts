import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { TExceptionView } from '../../../shared/contracts/calendar';
import {
  exceptionMessages,
  maxExceptionHours,
  type TExceptionUpdateValues,
  type TExceptionValues,
} from '../../../shared/contracts/exceptions';
import { weekdayIndex } from '../../../shared/domain/dates';
import { AppError } from '../../../shared/errors';
import { actorParams, actorSite, found, inActorSite, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, exceptionReasons, exceptions } from '../../db/schema';
import { reasonsVisibleToBoundActor } from '../exception-reasons';
import { toExceptionView } from './views';
import {
  daysArray,
  finishSpanChange,
  knownStaff,
  lockSql,
  siteDaysInputSql,
  siteDaysStatement,
  spanDays,
  spanTransaction,
} from '../day-ledger';
import { settled, type PipelinedResult, type PipelinedTx } from '../../db/pipelined';
import { coverageRulesSql, parseCoverageRules, spanGuard, type CoverageGuard } from '../coverage';

/**
 * Exceptions: create, edit (also move and resize) and delete. Each change and the marking of every day
 * of the old and new span (day authorisation) happen in one transaction: both or neither.
 */

type ExceptionRow = typeof exceptions.$inferSelect;
/**
 * What a change reads of its employee and type: the labels for the view, and the hours of the contract in force
 * on the first day for the limit (Monday to Sunday; null when the employee is not employed that day).
 */
const employeeColumns = {
  id: employees.id,
  name: employees.name,
  weekHours: sql<number[] | null>`(select json_build_array(c.monday_hours, c.tuesday_hours, c.wednesday_hours, c.thursday_hours,
      c.friday_hours, c.saturday_hours, c.sunday_hours) from employee_contracts c where c.employee_id = ${employees.id}
      and (c.valid_from is null or c.valid_from <= ${sql.placeholder('startDate')}::date)
      and (${employees.endDate} is null or ${employees.endDate} >= ${sql.placeholder('startDate')}::date)
      order by c.valid_from desc nulls last limit 1)`,
};
const reasonColumns = {
  id: exceptionReasons.id,
  name: exceptionReasons.name,
  color: exceptionReasons.color,
  isAdditive: exceptionReasons.isAdditive,
};
type EmployeeRow = { id: number; name: string; weekHours: number[] | null };
type ReasonRow = { [K in keyof typeof reasonColumns]: (typeof reasonColumns)[K]['_']['data'] };

const toView = (e: ExceptionRow, employee: EmployeeRow, reason: ReasonRow): TExceptionView =>
  toExceptionView(e, { employeeName: employee.name, reasonName: reason.name, reasonColor: reason.color, isAdditive: reason.isAdditive });

/** A body may name the site, but only the current one. */
function assertCurrentSite(actor: Actor, siteId: number | null | undefined) {
  if (siteId != null && siteId !== actor.siteId) throw new AppError('NOT_FOUND', 'Site not found');
}

/**
 * The employee must belong to the current site and the type be visible to it. The same statement locks
 * the change's days on the current site once the employee is found, so the write that follows costs no
 * separate lock round trip. Built once per connection, as the insert is: building it per request cost more
 * than running it. Its site and business are parameters bound from the actor (`actorParams`).
 */
const checkAndLock = (db: Db) =>
  db
    // One round trip: the employee, and beside it the type when it exists and is visible (a left join on the
    // type's own conditions only); the employee's absence is reported first.
    .select({ employee: employeeColumns, reason: reasonColumns, locked: sql`${lockSql(actorSite(), sql.placeholder('days'))}` })
    .from(employees)
    .leftJoin(exceptionReasons, and(eq(exceptionReasons.id, sql.placeholder('reasonId')), reasonsVisibleToBoundActor()))
    .where(and(eq(employees.id, sql.placeholder('employeeId')), inActorSite(employees.siteId)))
    .prepare('hs_exception_check');

/** The check of `input`'s employee and type with the lock of `days`, not sent yet: `verifyReferences` reads its answer. */
function referencesAndLock(ptx: Pick<PipelinedTx, 'prepared'>, actor: Actor, input: TExceptionValues, days: readonly string[]) {
  const check = ptx.prepared('exceptions.check', checkAndLock);
  const values = {
    ...actorParams(actor),
    employeeId: input.employeeId,
    reasonId: input.reasonId,
    startDate: input.startDate,
    days: daysArray(days),
  };
  return { execute: () => check.execute(values) };
}

type ReferencesRow = Awaited<ReturnType<ReturnType<typeof checkAndLock>['execute']>>[number];

/** Both found, and the hours within the employee's maximum for the first day. */
function verifyReferences(rows: ReferencesRow[], input: TExceptionValues): { employee: EmployeeRow; reason: ReasonRow } {
  const [both] = rows;
  const employee = found(both?.employee, 'Employee');
  const reason = found(both?.reason ?? undefined, 'Exception type');
  if (input.hours !== null) {
    const max = maxExceptionHours(employee.weekHours?.[weekdayIndex(input.startDate)] ?? 0);
    if (input.hours > max) throw new AppError('BAD_REQUEST', exceptionMessages.hoursMax(max));
  }
  return { employee, reason };
}

/**
 * The checks of a create without the write or the locks: a time-off request is checked when it is made as its
 * exception will be when it is approved (decision 092). Answers the employee and type found.
 */
export async function checkExceptionValues(db: Db, actor: Actor, input: TExceptionValues) {
  const rows = await db
    .select({ employee: employeeColumns, reason: reasonColumns })
    .from(employees)
    .leftJoin(exceptionReasons, and(eq(exceptionReasons.id, sql.placeholder('reasonId')), reasonsVisibleToBoundActor()))
    .where(and(eq(employees.id, sql.placeholder('employeeId')), inActorSite(employees.siteId)))
    .prepare('hs_exception_values')
    .execute({ ...actorParams(actor), employeeId: input.employeeId, reasonId: input.reasonId, startDate: input.startDate });
  return verifyReferences(rows as ReferencesRow[], input);
}

/** The fields a create or an edit writes as given. */
const changedFields = (input: TExceptionValues) => ({
  employeeId: input.employeeId,
  reasonId: input.reasonId,
  startDate: input.startDate,
  endDate: input.endDate,
  isFullDay: input.isFullDay,
  hours: input.hours,
});

/**
 * The insert of a create, built once per connection: its RETURNING carries the engine's data for the
 * change's days, read by this statement after the check's locks were granted. A statement does not see
 * its own change, so the caller adds the new row to that data.
 */
const insertException = (db: Db) =>
  db
    .insert(exceptions)
    .values({
      siteId: sql.placeholder('siteId'),
      employeeId: sql.placeholder('employeeId'),
      reasonId: sql.placeholder('reasonId'),
      startDate: sql.placeholder('startDate'),
      endDate: sql.placeholder('endDate'),
      isFullDay: sql.placeholder('isFullDay'),
      // Raw, not through the column's encoder: drizzle encodes a placeholder's value even when it is null,
      // and the numeric encoder would send the text "null".
      hours: sql`${sql.placeholder('hours')}`,
      notes: sql.placeholder('notes'),
      createdAt: sql.placeholder('now'),
      updatedAt: sql.placeholder('now'),
    })
    .returning({
      ...getTableColumns(exceptions),
      engineInput: siteDaysInputSql(
        sql.placeholder('siteId'),
        sql.placeholder('firstDay'),
        sql.placeholder('lastDay'),
        sql.placeholder('knownStaff'),
      ),
      // The site's minimums for the same days, for the coverage guard (decision 097).
      coverage: coverageRulesSql(sql.placeholder('siteId'), sql.placeholder('firstDay'), sql.placeholder('lastDay')),
    })
    .prepare('hs_exception_create');

/**
 * Two round trips on PostgreSQL (decision 054): `begin`, the check with the day locks and the insert leave
 * together; the day changes leave with `commit`. The insert is sent before the check has answered, so it
 * may name an employee or type the check then refuses: the refusal throws and the rollback removes the row.
 */
export async function createException(db: Db, actor: Actor, input: TExceptionValues, now: Date): Promise<TExceptionView> {
  return spanTransaction(db, (ptx) =>
    createExceptionIn(ptx, actor, input, now, { action: 'exception.create', confirmation: input.coverageConfirmation }),
  );
}

/**
 * The create inside a caller's pipelined transaction: an approved time-off request (decision 092) makes its
 * exception here, in the transaction that records the approval, so both happen or neither. `guard` says which
 * change the coverage guard weighs (decision 097): a create, or a request's approval.
 */
export async function createExceptionIn(
  ptx: PipelinedTx,
  actor: Actor,
  input: TExceptionValues,
  now: Date,
  guard: CoverageGuard,
): Promise<PipelinedResult<TExceptionView>> {
  assertCurrentSite(actor, input.siteId);
  const days = spanDays(input);
  const { batch, prepared } = ptx;
  const insert = prepared('exceptions.create', insertException);
  const known = knownStaff(actor.siteId);
  const values = {
    siteId: actor.siteId,
    ...changedFields(input),
    notes: input.notes ?? null,
    now,
    firstDay: days[0],
    lastDay: days[days.length - 1],
    knownStaff: known?.version ?? null,
  };
  const [checked, inserted] = await batch(referencesAndLock(ptx, actor, input, days), { execute: () => insert.execute(values) });
  const { employee, reason } = verifyReferences(settled(checked), input);
  const [{ engineInput, coverage, ...row }] = settled(inserted);
  const covered = spanGuard(parseCoverageRules(coverage), guard);
  const change = { add: { ...row, isAdditive: reason.isAdditive } };
  const last = finishSpanChange(ptx, actor.siteId, days, engineInput, known, change, now, covered?.inspect);
  return { value: toView(row, employee, reason), last: covered ? [...last, ...covered.record(ptx.db, actor, row.id)] : last };
}

/**
 * PUT /api/exceptions/{id} and PUT /api/absences/{id}. A stale `version` answers 409, as does a move that leaves
 * the site short without `coverageConfirmation` (decision 097); every update bumps it.
 * Three round trips on PostgreSQL: the row; the check with the locks of the old and new days, and the
 * update with the days' data; the day changes with `commit`.
 */
export async function updateException(db: Db, actor: Actor, id: number, input: TExceptionUpdateValues, now: Date): Promise<TExceptionView> {
  assertCurrentSite(actor, input.siteId);
  return spanTransaction(db, async (ptx) => {
    const { db: tx, batch } = ptx;
    const [read] = await batch(
      tx
        .select()
        .from(exceptions)
        .where(and(eq(exceptions.id, id), inSite(actor, exceptions.siteId))),
    );
    const old = found(settled(read)[0], 'Exception');
    if (input.version !== old.version) throw new AppError('CONFLICT', exceptionMessages.stale);
    const days = spanDays(old, input);
    const known = knownStaff(actor.siteId);
    const [checked, updated] = await batch(
      referencesAndLock(ptx, actor, input, days),
      tx
        .update(exceptions)
        .set({
          ...changedFields(input),
          notes: input.notes === undefined ? old.notes : input.notes,
          version: old.version + 1,
          updatedAt: now,
        })
        // The version read above must still be the stored one: a concurrent edit in between loses here.
        .where(and(eq(exceptions.id, id), inSite(actor, exceptions.siteId), eq(exceptions.version, old.version)))
        // As for a create, the days' data is read by this statement, before its own change.
        .returning({
          ...getTableColumns(exceptions),
          engineInput: siteDaysInputSql(actor.siteId, days[0], days[days.length - 1], known?.version ?? null),
          coverage: coverageRulesSql(actor.siteId, days[0], days[days.length - 1]),
        }),
    );
    const { employee, reason } = verifyReferences(settled(checked), input);
    const [changed] = settled(updated);
    if (!changed) throw new AppError('CONFLICT', exceptionMessages.stale);
    const { engineInput, coverage, ...row } = changed;
    const change = { removeId: row.id, add: { ...row, isAdditive: reason.isAdditive } };
    const covered = spanGuard(parseCoverageRules(coverage), { action: 'exception.update', confirmation: input.coverageConfirmation });
    const last = finishSpanChange(ptx, actor.siteId, days, engineInput, known, change, now, covered?.inspect);
    return { value: toView(row, employee, reason), last: covered ? [...last, ...covered.record(ptx.db, actor, row.id)] : last };
  });
}

/**
 * A delete never asks the coverage guard (decision 097), not even of an extra-hours exception: it corrects the
 * record, and the calendar and the daily alert show a shortfall it leaves.
 * The deleted row itself tells which days to re-mark: no read before the delete. Three round trips on
 * PostgreSQL: the delete; the day locks and, in the statement after them, the days' data; the day changes
 * with `commit`.
 */
export async function deleteException(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await spanTransaction(db, (ptx) => deleteExceptionIn(ptx, actor, id, now));
}

/** The delete inside a caller's pipelined transaction: a cancelled approved request removes its exception (decision 092). */
export async function deleteExceptionIn(ptx: PipelinedTx, actor: Actor, id: number, now: Date): Promise<PipelinedResult<void>> {
  const { db: tx, batch } = ptx;
  const [deleted] = await batch(
    tx
      .delete(exceptions)
      .where(and(eq(exceptions.id, id), inSite(actor, exceptions.siteId)))
      .returning(),
  );
  const days = spanDays(found(settled(deleted)[0], 'Exception'));
  const [locked, data] = await batch(
    tx.execute(sql`select ${lockSql(actor.siteId, days)}`),
    siteDaysStatement(tx, actor.siteId, days[0], days[days.length - 1]),
  );
  settled(locked);
  return { value: undefined, last: finishSpanChange(ptx, actor.siteId, days, settled(data), undefined, {}, now) };
}
