import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { exceptionMessages, maxExceptionHours, ZExceptionRequest, type TExceptionValues } from '../../../shared/contracts/exceptions';
import { EXCEPTION_COLUMNS, transferMessages } from '../../../shared/contracts/transfer';
import { weekdayHours } from '../../../shared/domain/availability';
import { localeDateFormat, parseImportDate } from '../../../shared/domain/import-dates';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { exceptionReasons, exceptions } from '../../db/schema';
import { reasonsVisibleTo } from '../exception-reasons';
import { readOneSite, recordDays, spanDays, todayOf } from '../day-ledger';
import { readCsv } from './csv-read';
import { proposeTypes } from './missing-types';
import { issueMessages, nameKey, numberCell, type Plan } from './plan';

/**
 * Exceptions from CSV: employees and types are found by name; a row with an Id (as exported) updates that
 * exception, any other row creates one. Every check of the exception form applies, row by row. Types the
 * site lacks are listed, and with `createTypes` planned as if they existed; an Id that is not an exception of
 * this site is an error, or with `unknownIdsAsNew` a new exception (decision 083).
 */

export interface ExceptionImportOptions {
  createTypes?: boolean;
  unknownIdsAsNew?: boolean;
}

type ExceptionRow = typeof exceptions.$inferSelect;
/** `pendingType`: the name key of a type still to be created; `values.reasonId` is then a stand-in. */
type Op = { id: number | null; values: TExceptionValues; old: ExceptionRow | null; pendingType: string | null };

/** Stands for a type not created yet, so the row passes the form's checks; `withCreatedTypes` replaces it. */
const PENDING_TYPE_ID = Number.MAX_SAFE_INTEGER;

const PREVIEW_COLUMNS = ['Employee', 'Type', 'Start date', 'End date', 'Full day', 'Hours', 'Notes'];
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

function byName<T extends { name: string }>(rows: T[]) {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(nameKey(r.name), [...(map.get(nameKey(r.name)) ?? []), r]);
  return map;
}

const same = (v: TExceptionValues, e: ExceptionRow) =>
  v.employeeId === e.employeeId &&
  v.reasonId === e.reasonId &&
  v.startDate === e.startDate &&
  v.endDate === e.endDate &&
  v.isFullDay === e.isFullDay &&
  v.hours === e.hours &&
  (v.notes ?? null) === e.notes;

export async function planExceptions(
  db: Db,
  actor: Actor,
  csv: string,
  locale: string | undefined,
  { createTypes = false, unknownIdsAsNew = false }: ExceptionImportOptions = {},
): Promise<Plan<Op>> {
  const rows = readCsv(csv, EXCEPTION_COLUMNS, ['Employee', 'Type', 'Start date']);
  const format = localeDateFormat(locale);
  // With every contract version: the hours limit is the version in force on the exception's first day.
  // The staff alone is wanted: any one day's facts hold it, and today's hold few exceptions.
  const today = todayOf(new Date());
  const facts = await readOneSite(db, actor.siteId, today, today, { detail: true });
  const staff = facts.employees.map((e) => ({ ...e, name: facts.names.get(e.id) ?? '' })).sort((a, b) => a.id - b.id);
  const types = await db.select().from(exceptionReasons).where(reasonsVisibleTo(actor)).orderBy(asc(exceptionReasons.id));
  const staffByName = byName(staff);
  const typesByName = byName(types);
  const missingNames = new Map<string, { name: string; rows: number }>();
  for (const row of rows) {
    const name = row.get('Type') ?? '';
    const key = nameKey(name);
    if (!key || typesByName.has(key)) continue;
    const seen = missingNames.get(key);
    missingNames.set(key, { name: seen?.name ?? name.trim(), rows: (seen?.rows ?? 0) + 1 });
  }
  const missingTypes = await proposeTypes(db, actor, missingNames);
  const creatable = new Map(missingTypes.filter((t) => !t.error).map((t) => [nameKey(t.name), t]));
  const uncreatable = new Map(missingTypes.filter((t) => t.error).map((t) => [nameKey(t.name), t]));
  const ids = [
    ...new Set(
      rows
        .map((r) => r.get('Id') ?? '')
        .filter((id) => /^\d{1,9}$/.test(id))
        .map(Number),
    ),
  ];
  const existing = new Map<number, ExceptionRow>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await db
      .select()
      .from(exceptions)
      .where(and(inSite(actor, exceptions.siteId), inArray(exceptions.id, ids.slice(i, i + 1000))));
    for (const e of found) existing.set(e.id, e);
  }

  const plan: Plan<Op> = { columns: PREVIEW_COLUMNS, rows: [], errors: [], missingTypes };
  let unknownIdRows = 0;
  const seenIds = new Map<number, number>();
  const date = (text: string | undefined): string | undefined | null => (text ? parseImportDate(text, format) : undefined);
  for (const row of rows) {
    const problems: string[] = [];
    const one = <T extends { name: string }>(map: Map<string, T[]>, name: string, what: string): T | undefined => {
      const matches = map.get(nameKey(name)) ?? [];
      if (!name) problems.push(`${what} is required`);
      else if (matches.length === 0) problems.push(`No ${what.toLowerCase()} named "${name}"`);
      else if (matches.length > 1) problems.push(`Several ${what.toLowerCase()}s are named "${name}"`);
      return matches.length === 1 ? matches[0] : undefined;
    };
    const employee = one(staffByName, row.get('Employee') ?? '', 'Employee');
    const typeName = row.get('Type') ?? '';
    const pending = createTypes ? (creatable.get(nameKey(typeName)) ?? null) : null;
    const refused = createTypes ? uncreatable.get(nameKey(typeName)) : undefined;
    let reason: { id: number; name: string } | undefined;
    if (pending) reason = { id: PENDING_TYPE_ID, name: pending.name };
    else if (refused) problems.push(transferMessages.typeCannotBeCreated(refused.name, refused.error!));
    else reason = one(typesByName, typeName, 'Exception type');

    let old: ExceptionRow | null = null;
    const idText = row.get('Id');
    if (idText && !/^\d{1,9}$/.test(idText)) problems.push(`No exception with id ${idText} on this site`);
    else if (idText) {
      const id = Number(idText);
      old = existing.get(id) ?? null;
      // Only this site is read: another site's id reads exactly like one that does not exist, and is never touched.
      if (!old) unknownIdRows += 1;
      if (!old && !unknownIdsAsNew) problems.push(transferMessages.noExceptionWithId(idText));
      // An export holds each id once, so a repeated one is a copied line, whichever site the id is from.
      else if (seenIds.has(id)) problems.push(`Exception ${id} is already on line ${seenIds.get(id)}`);
      else seenIds.set(id, row.line);
    }

    const startText = row.get('Start date');
    const endText = row.get('End date');
    const startDate = date(startText);
    const endDate = endText ? date(endText) : startDate;
    if (startText && startDate === null) problems.push(`Start date "${startText}" is not a date: use yyyy-MM-dd or ${format.pattern}`);
    if (!startText) problems.push(exceptionMessages.startDate);
    if (endText && endDate === null) problems.push(`End date "${endText}" is not a date: use yyyy-MM-dd or ${format.pattern}`);

    const fullDayText = (row.get('Full day') ?? '').toLowerCase();
    const isFullDay = fullDayText === '' ? true : YES.has(fullDayText) ? true : NO.has(fullDayText) ? false : null;
    if (isFullDay === null) problems.push(`Full day: "${row.get('Full day')}" must be yes or no`);
    const hours = numberCell(row.get('Hours'), 'Hours');
    if (hours.error) problems.push(hours.error);
    const notesCell = row.get('Notes');
    const notes = notesCell === undefined ? (old?.notes ?? null) : notesCell || null;

    if (problems.length === 0 && employee && reason && startDate && endDate) {
      const parsed = ZExceptionRequest.safeParse({
        employeeId: employee.id,
        reasonId: reason.id,
        startDate,
        endDate,
        isFullDay,
        hours: hours.value ?? null,
        notes,
      });
      if (!parsed.success) problems.push(...issueMessages(parsed.error));
      else {
        const values = parsed.data;
        const max = maxExceptionHours(weekdayHours(employee, values.startDate));
        if (values.hours !== null && values.hours > max) problems.push(exceptionMessages.hoursMax(max));
        else {
          const action = !old ? 'create' : same(values, old) ? 'unchanged' : 'update';
          const cells = [
            employee.name,
            reason.name,
            values.startDate,
            values.endDate,
            values.isFullDay ? 'yes' : 'no',
            values.hours === null ? '' : String(values.hours),
            values.notes ?? '',
          ];
          const op = { id: old?.id ?? null, values, old, pendingType: pending ? nameKey(pending.name) : null };
          plan.rows.push({ line: row.line, action, cells, op });
          continue;
        }
      }
    }
    plan.errors.push({ line: row.line, message: [...new Set(problems)].join('; ') });
  }
  return { ...plan, unknownIdRows };
}

/** The plan with each pending type's stand-in replaced by the id of the type created for it. */
export function withCreatedTypes(plan: Plan<Op>, ids: Map<string, number>): Plan<Op> {
  return {
    ...plan,
    rows: plan.rows.map((r) => {
      if (r.op.pendingType === null) return r;
      const reasonId = ids.get(r.op.pendingType);
      if (reasonId === undefined) throw new Error(`No type was created for "${r.op.pendingType}"`);
      return { ...r, op: { ...r.op, values: { ...r.op.values, reasonId }, pendingType: null } };
    }),
  };
}

/** Carries out a plan without errors in the caller's transaction, marking every day it touches changed once. */
export async function applyExceptions(tx: Db, actor: Actor, plan: Plan<Op>, now: Date) {
  if (plan.rows.some((r) => r.op.pendingType !== null)) throw new Error('The plan names exception types not created yet');
  const creates = plan.rows.filter((r) => r.action === 'create').map((r) => r.op.values);
  const updates = plan.rows.filter((r) => r.action === 'update').map((r) => r.op);
  for (let i = 0; i < creates.length; i += 5000) await unsafeInsertExceptions(tx, actor.siteId, creates.slice(i, i + 5000), now);
  for (const op of updates) {
    const v = op.values;
    const [row] = await tx
      .update(exceptions)
      .set({
        employeeId: v.employeeId,
        reasonId: v.reasonId,
        startDate: v.startDate,
        endDate: v.endDate,
        isFullDay: v.isFullDay,
        hours: v.hours,
        notes: v.notes ?? null,
        version: op.old!.version + 1,
        updatedAt: now,
      })
      // The version the plan read: an edit made meanwhile in the calendar is not overwritten unseen.
      .where(and(eq(exceptions.id, op.id!), inSite(actor, exceptions.siteId), eq(exceptions.version, op.old!.version)))
      .returning({ id: exceptions.id });
    if (!row)
      throw new AppError(
        'CONFLICT',
        `Exception ${op.id} was changed by someone else during the import; nothing was imported. Preview the file again.`,
      );
  }
  await recordDays(tx, actor.siteId, spanDays(...creates, ...updates.flatMap((u) => [u.old, u.values])), now);
}

/**
 * Many rows in one statement with one JSON parameter: binding ten parameters per row through the query
 * builder cost about 0.8 ms a row on PGlite, this a small fraction of it. `siteId` is the actor's current
 * site, written into new rows (an insert, not a filter), hence the name the site-scope lint rule asks for.
 */
async function unsafeInsertExceptions(tx: Db, siteId: ActorSiteId, rows: TExceptionValues[], now: Date) {
  const json = JSON.stringify(
    rows.map((v) => ({
      employee_id: v.employeeId,
      reason_id: v.reasonId,
      start_date: v.startDate,
      end_date: v.endDate,
      is_full_day: v.isFullDay,
      hours: v.hours,
      notes: v.notes ?? null,
    })),
  );
  await tx.execute(sql`
    insert into exceptions (site_id, employee_id, reason_id, start_date, end_date, is_full_day, hours, notes, created_at, updated_at)
    select ${siteId}::int, r.employee_id, r.reason_id, r.start_date, r.end_date, r.is_full_day, r.hours, r.notes, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from json_to_recordset(${json}::json) as r(employee_id int, reason_id int, start_date date, end_date date, is_full_day boolean, hours numeric(5,2), notes text)`);
}
