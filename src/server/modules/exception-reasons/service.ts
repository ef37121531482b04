import { and, asc, count, eq, max } from 'drizzle-orm';
import type { TReason } from '../../../shared/contracts/calendar';
import { reasonInUseMessage, reasonMessages, type TReasonValues } from '../../../shared/contracts/reasons';
import { AppError } from '../../../shared/errors';
import { found, messages, sitesOfActorBusiness, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { moveItem, reorderRows, type Direction } from '../../db/reorder';
import { exceptionReasons, exceptions } from '../../db/schema';
import { reasonsVisibleTo } from './visible';
import { lock, recordDays, spanDays } from '../day-ledger';

/**
 * Exception types (decision 009). New types are site-only. Business-wide types (the starter set) may be
 * edited or deleted by admins only; site-only ones by any writer. The order runs over the visible list.
 */

type ReasonRow = typeof exceptionReasons.$inferSelect;

export const toReason = (r: ReasonRow): TReason => ({
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
});

const visibleRows = (db: Db, actor: Actor) =>
  db.select().from(exceptionReasons).where(reasonsVisibleTo(actor)).orderBy(asc(exceptionReasons.sortOrder), asc(exceptionReasons.id));

async function visibleReason(db: Db, actor: Actor, id: number): Promise<ReasonRow> {
  const [row] = await db
    .select()
    .from(exceptionReasons)
    .where(and(eq(exceptionReasons.id, id), reasonsVisibleTo(actor)));
  return found(row, 'Exception type');
}

/** Business-wide types are shared by every site of the business: only admins change them. */
function assertMayChange(actor: Actor, row: Pick<ReasonRow, 'siteId'>): void {
  if (row.siteId === null && !actor.isAdmin) throw new AppError('FORBIDDEN', messages.adminOnly);
}

async function changeableReason(db: Db, actor: Actor, id: number): Promise<ReasonRow> {
  const row = await visibleReason(db, actor, id);
  assertMayChange(actor, row);
  return row;
}

/**
 * The same refusal before the body is read (decision 105): the route guard of the edit, delete and move
 * routes. A type the actor does not see passes, and the route's lookup answers its 404.
 */
export async function refuseBusinessWideToNonAdmin(db: Db, actor: Actor, id: number): Promise<void> {
  if (actor.isAdmin) return;
  const [row] = await db
    .select({ siteId: exceptionReasons.siteId })
    .from(exceptionReasons)
    .where(and(eq(exceptionReasons.id, id), reasonsVisibleTo(actor)));
  if (row) assertMayChange(actor, row);
}

/**
 * Allowance is taken by absences; a type that adds hours never takes it (decision 095), nor is it time off to ask
 * for (decision 113).
 */
function checkAdditive(isAdditive: boolean, counts: boolean | undefined, requestable: boolean | undefined) {
  if (isAdditive && counts) throw new AppError('BAD_REQUEST', reasonMessages.additiveCounts);
  if (isAdditive && requestable) throw new AppError('BAD_REQUEST', reasonMessages.additiveRequestable);
}

export async function createReason(db: Db, actor: Actor, input: TReasonValues): Promise<TReason> {
  checkAdditive(input.isAdditive, input.countsAgainstAllowance, input.isRequestable);
  // Left out, a new absence type is one staff may ask for; a type that adds hours never is (decision 113).
  const values = { ...input, isRequestable: input.isRequestable ?? !input.isAdditive };
  return db.transaction(async (tx) => {
    const [{ top }] = await tx
      .select({ top: max(exceptionReasons.sortOrder) })
      .from(exceptionReasons)
      .where(reasonsVisibleTo(actor));
    const [row] = await tx
      .insert(exceptionReasons)
      .values({ ...values, siteId: actor.siteId, businessId: null, sortOrder: (top ?? -1) + 1 })
      .returning();
    return toReason(row);
  });
}

/**
 * Renaming or recolouring changes no hours. Flipping isAdditive changes the hours of every day any
 * exception of this type covers — in every site using it — so those days are marked changed with it.
 */
export async function updateReason(db: Db, actor: Actor, id: number, input: TReasonValues, now: Date): Promise<TReason> {
  return db.transaction(async (tx) => {
    const old = await changeableReason(tx, actor, id);
    checkAdditive(input.isAdditive, input.countsAgainstAllowance ?? old.countsAgainstAllowance, input.isRequestable);
    // A type made to add hours stops being requestable unless the edit asks otherwise, which is refused (decision 113).
    const values = { ...input, isRequestable: input.isRequestable ?? (input.isAdditive ? false : undefined) };
    const [row] = await tx.update(exceptionReasons).set(values).where(eq(exceptionReasons.id, old.id)).returning();
    if (old.isAdditive !== row.isAdditive) {
      // Lock first, so an exception of this type created meanwhile is either seen below or computed after us.
      // A site type is visible only in the actor's current site (reasonsVisibleTo); a business-wide one is
      // used by any site of the business, and only those sites' days are recomputed.
      const affected = old.siteId ? [actor.siteId] : await sitesOfActorBusiness(tx, actor);
      for (const siteId of affected) await lock(tx, siteId, 'site');
      const uses = await tx
        .select({ siteId: exceptions.siteId, startDate: exceptions.startDate, endDate: exceptions.endDate })
        .from(exceptions)
        .where(eq(exceptions.reasonId, id))
        .orderBy(asc(exceptions.siteId));
      const bySite = new Map<number, typeof uses>();
      for (const u of uses) bySite.set(u.siteId, [...(bySite.get(u.siteId) ?? []), u]);
      for (const siteId of affected) {
        const spans = bySite.get(siteId);
        if (spans) await recordDays(tx, siteId, spanDays(...spans), now);
      }
    }
    return toReason(row);
  });
}

/** A type still used by exceptions (of any site) is refused with 409 and the count. */
export async function deleteReason(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await changeableReason(tx, actor, id);
    const [{ n }] = await tx.select({ n: count() }).from(exceptions).where(eq(exceptions.reasonId, row.id));
    if (n > 0) throw new AppError('CONFLICT', reasonInUseMessage(n));
    await tx.delete(exceptionReasons).where(eq(exceptionReasons.id, row.id));
  });
}

/**
 * A non-admin's move in a list whose business-wide positions are not dense: exchange the positions of the
 * type and its neighbour, both site types, leaving every business-wide row as it is. Refused when the
 * neighbour is business-wide or when exchanging would not give the asked order (ties).
 */
function swapSiteRowsOnly(rows: ReasonRow[], id: number, direction: Direction) {
  const index = rows.findIndex((r) => r.id === id);
  const other = rows[direction === 'up' ? index - 1 : index + 1];
  if (!other) return { ordered: rows, changed: [] };
  const moved = rows[index];
  if (other.siteId === null) throw new AppError('FORBIDDEN', messages.adminOnly);
  const changed = [
    { ...moved, sortOrder: other.sortOrder },
    { ...other, sortOrder: moved.sortOrder },
  ];
  const byId = new Map(changed.map((r) => [r.id, r]));
  const ordered = rows.map((r) => byId.get(r.id) ?? r).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const wanted = moveItem(rows, index, direction).map((r) => r.id);
  if (ordered.some((r, i) => r.id !== wanted[i])) throw new AppError('FORBIDDEN', messages.adminOnly);
  return { ordered, changed };
}

/**
 * Swaps the type with its neighbour in the visible list (business + site types) and renumbers that list
 * densely, writing only the rows whose position changed. Business-wide types' positions are shared by
 * all sites of the business, so a move that would change one is for admins only (decision record 016).
 */
export async function reorderReason(db: Db, actor: Actor, id: number, direction: Direction): Promise<TReason[]> {
  return db.transaction(async (tx) => {
    await changeableReason(tx, actor, id);
    const rows = await visibleRows(tx, actor);
    let { ordered, changed } = reorderRows(rows, id, direction);
    if (!actor.isAdmin && changed.some((r) => r.siteId === null)) {
      // Renumbering would move a shared type; a swap of two site types' positions alone may still do.
      ({ ordered, changed } = swapSiteRowsOnly(rows, id, direction));
    }
    for (const row of changed) await tx.update(exceptionReasons).set({ sortOrder: row.sortOrder }).where(eq(exceptionReasons.id, row.id));
    return ordered.map(toReason);
  });
}
