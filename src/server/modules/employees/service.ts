import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { TEmployee, TEmployeeInput } from '../../../shared/contracts/employees';
import { shownContract } from '../../../shared/domain/contracts';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { reorderRows, type Direction } from '../../db/reorder';
import { employeeContracts, employees } from '../../db/schema';
import { assertCanAddEmployee } from '../subscriptions';
import { assertTeamOfSite } from '../teams';
import { contractHoursColumns, refreshRecorded, todayOf } from '../day-ledger';
import { changeFrom, changeIfPastMoves } from './past-change';
import { defaultHoursOf, hoursOf, insertFirstVersions, NO_HOURS, setHoursFromToday, type VersionRow } from './hours';
import { moveStart } from './start-date';

/**
 * Employees: the spec's calls, on contracts by date (decision 076). The hours and efficiency these calls read
 * and write are those of the version in force today; a change from the employee dialog starts today, never
 * earlier. Versions are managed by ./contracts.ts.
 */

type EmployeeRow = typeof employees.$inferSelect;

export function toEmployee(row: EmployeeRow, versions: readonly VersionRow[], today: string): TEmployee {
  const shown = shownContract(versions, today);
  const hours = shown ? hoursOf(shown) : NO_HOURS;
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    sortOrder: row.sortOrder,
    ...hours,
    defaultHours: defaultHoursOf(hours),
    contractFrom: shown?.validFrom ?? null,
    contractCount: versions.length,
    endDate: row.endDate,
    startDate: row.startDate,
    teamId: row.teamId,
    userId: row.userId,
  };
}

/** The employees of the actor's site with their versions, in the calendar's order. */
async function loadWithVersions(db: Db, actor: Actor, id?: number): Promise<Array<{ row: EmployeeRow; versions: VersionRow[] }>> {
  const rows = await db
    .select({ e: employees, v: contractHoursColumns })
    .from(employees)
    .leftJoin(employeeContracts, and(eq(employeeContracts.employeeId, employees.id), inSite(actor, employeeContracts.siteId)))
    .where(and(inSite(actor, employees.siteId), id === undefined ? undefined : eq(employees.id, id)))
    .orderBy(asc(employees.sortOrder), asc(employees.id), sql`${employeeContracts.validFrom} asc nulls first`);
  const out: Array<{ row: EmployeeRow; versions: VersionRow[] }> = [];
  for (const { e, v } of rows) {
    let last = out[out.length - 1];
    if (!last || last.row.id !== e.id) out.push((last = { row: e, versions: [] }));
    if (v) last.versions.push(v);
  }
  return out;
}

export async function listEmployees(db: Db, actor: Actor, now: Date): Promise<TEmployee[]> {
  const today = todayOf(now);
  return (await loadWithVersions(db, actor)).map((e) => toEmployee(e.row, e.versions, today));
}

/** One employee of the actor's site with its versions (404 otherwise). */
export async function ownedEmployee(db: Db, actor: Actor, id: number): Promise<{ row: EmployeeRow; versions: VersionRow[] }> {
  return found((await loadWithVersions(db, actor, id))[0], 'Employee');
}

async function readEmployee(db: Db, actor: Actor, id: number, now: Date): Promise<TEmployee> {
  const { row, versions } = await ownedEmployee(db, actor, id);
  return toEmployee(row, versions, todayOf(now));
}

/**
 * A new employee's first contract version starts on their start date, by default the day they are added
 * (decision 107), so adding someone moves no earlier day. A start before today is a change of the past.
 */
export async function createEmployee(db: Db, actor: Actor, input: TEmployeeInput, now: Date): Promise<TEmployee> {
  return db.transaction(async (tx) => {
    // Locks the site row: two concurrent creations cannot both pass the plan's limit.
    await assertCanAddEmployee(tx, actor.siteId);
    await assertTeamOfSite(tx, actor, input.teamId);
    const start = input.startDate ?? todayOf(now);
    let id = 0;
    await changeFrom(tx, actor, now, start, input.confirmPast, async () => {
      const [{ top }] = await tx
        .select({ top: max(employees.sortOrder) })
        .from(employees)
        .where(inSite(actor, employees.siteId));
      const [row] = await tx
        .insert(employees)
        .values({
          name: input.name,
          siteId: actor.siteId,
          teamId: input.teamId ?? null,
          startDate: start,
          sortOrder: (top ?? -1) + 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      id = row.id;
      await insertFirstVersions(tx, actor, [{ ...input, employeeId: row.id, startDate: start }], now);
    });
    return readEmployee(tx, actor, id, now);
  });
}

/**
 * PUT /api/employees/{id}: the name, the team when one is sent (decision 085), the start date when one is sent
 * (decision 107, ./start-date.ts), and today's hours from today on. The version in force today is changed in
 * place only when it starts today (or, for a joiner, is still to start); otherwise a version from today takes
 * the new hours and every earlier day keeps its own.
 */
export async function updateEmployee(db: Db, actor: Actor, id: number, input: TEmployeeInput, now: Date): Promise<TEmployee> {
  return db.transaction(async (tx) => {
    const { row, versions } = await ownedEmployee(tx, actor, id);
    await assertTeamOfSite(tx, actor, input.teamId);
    await tx
      .update(employees)
      .set({ name: input.name, ...(input.teamId === undefined ? {} : { teamId: input.teamId }), updatedAt: now })
      .where(and(eq(employees.id, id), inSite(actor, employees.siteId)));
    const moved = await moveStart(tx, actor, row, versions, input.startDate, input.confirmPast, now);
    const current = moved ? (await ownedEmployee(tx, actor, id)).versions : versions;
    if (await setHoursFromToday(tx, actor, id, current, input, now)) await refreshRecorded(tx, actor.siteId, now);
    return readEmployee(tx, actor, id, now);
  });
}

/**
 * Deleting an employee takes their hours off every day they had any. When that moves a past day, it is a change
 * of the past (decision 107): administrators only, confirmed; giving an end date is the way to keep history.
 */
export async function deleteEmployee(db: Db, actor: Actor, id: number, confirmPast: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { versions } = await ownedEmployee(tx, actor, id);
    const from = versions.length > 0 ? versions[0].validFrom : todayOf(now);
    await changeIfPastMoves(tx, actor, now, from, confirmPast, async () => {
      await tx.delete(employees).where(and(eq(employees.id, id), inSite(actor, employees.siteId)));
    });
  });
}

/** Swaps the employee with its neighbour, renumbering the site's order densely so ties cannot stick. */
export async function reorderEmployee(db: Db, actor: Actor, id: number, direction: Direction, now: Date): Promise<TEmployee[]> {
  return db.transaction(async (tx) => {
    await ownedEmployee(tx, actor, id);
    const rows = await tx
      .select()
      .from(employees)
      .where(inSite(actor, employees.siteId))
      .orderBy(asc(employees.sortOrder), asc(employees.id));
    const { changed } = reorderRows(rows, id, direction);
    for (const row of changed) await tx.update(employees).set({ sortOrder: row.sortOrder }).where(eq(employees.id, row.id));
    return listEmployees(tx, actor, now);
  });
}
