import { and, asc, eq, max, sql } from 'drizzle-orm';
import { weekdayFields, type TEmployee, type TEmployeeInput } from '../../../shared/contracts/employees';
import { shownContract } from '../../../shared/domain/contracts';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { reorderRows, type Direction } from '../../db/reorder';
import { employeeContracts, employees } from '../../db/schema';
import { assertCanAddEmployee } from '../subscriptions/limits';
import { assertTeamOfSite } from '../teams/service';
import { refreshRecorded, todayOf } from '../day-ledger';
import { contractHoursColumns } from '../day-ledger/staff';

/**
 * Employees: the spec's calls, on contracts by date (decision 076). The hours and efficiency these calls read
 * and write are those of the version in force today; a change from the employee dialog starts today, never
 * earlier. Versions are managed by ./contracts.ts.
 */

type EmployeeRow = typeof employees.$inferSelect;
type HoursRow = Omit<TEmployeeInput, 'name' | 'teamId' | 'startDate'>;
type VersionRow = { id: number; validFrom: string | null } & HoursRow;

/** An employee's default hours: the first working weekday's hours, Monday first (0 when none). */
export const defaultHoursOf = (hours: HoursRow) => weekdayFields.map((f) => hours[f]).find((h) => h > 0) ?? 0;

const hoursOf = (v: HoursRow): HoursRow => ({
  efficiency: v.efficiency,
  mondayHours: v.mondayHours,
  tuesdayHours: v.tuesdayHours,
  wednesdayHours: v.wednesdayHours,
  thursdayHours: v.thursdayHours,
  fridayHours: v.fridayHours,
  saturdayHours: v.saturdayHours,
  sundayHours: v.sundayHours,
});

const NO_HOURS: HoursRow = {
  efficiency: 100,
  mondayHours: 0,
  tuesdayHours: 0,
  wednesdayHours: 0,
  thursdayHours: 0,
  fridayHours: 0,
  saturdayHours: 0,
  sundayHours: 0,
};

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

const sameHours = (a: HoursRow, b: HoursRow) =>
  a.efficiency === b.efficiency && weekdayFields.every((f) => Math.round(a[f] * 10) === Math.round(b[f] * 10));

/**
 * A new employee has one version from the beginning of time, as every employee had before contracts, so the
 * spec's calls keep their meaning; a later start is set in the contract history.
 */
export async function createEmployee(db: Db, actor: Actor, input: TEmployeeInput, now: Date): Promise<TEmployee> {
  return db.transaction(async (tx) => {
    // Locks the site row: two concurrent creations cannot both pass the plan's limit.
    await assertCanAddEmployee(tx, actor.siteId);
    await assertTeamOfSite(tx, actor, input.teamId);
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
        startDate: input.startDate ?? null,
        sortOrder: (top ?? -1) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(employeeContracts).values({ ...hoursOf(input), siteId: actor.siteId, employeeId: row.id, validFrom: null });
    await refreshRecorded(tx, actor.siteId, now);
    return readEmployee(tx, actor, row.id, now);
  });
}

/**
 * PUT /api/employees/{id}: the name, the team when one is sent (decision 085), and today's hours from today on. The version in force today is changed
 * in place only when it starts today (or, for a joiner, is still to start); otherwise a version from today
 * takes the new hours and every earlier day keeps its own.
 */
export async function updateEmployee(db: Db, actor: Actor, id: number, input: TEmployeeInput, now: Date): Promise<TEmployee> {
  return db.transaction(async (tx) => {
    const { versions } = await ownedEmployee(tx, actor, id);
    await assertTeamOfSite(tx, actor, input.teamId);
    await tx
      .update(employees)
      .set({
        name: input.name,
        ...(input.teamId === undefined ? {} : { teamId: input.teamId }),
        ...(input.startDate === undefined ? {} : { startDate: input.startDate }),
        updatedAt: now,
      })
      .where(and(eq(employees.id, id), inSite(actor, employees.siteId)));
    if (await setHoursFromToday(tx, actor, id, versions, input, now)) await refreshRecorded(tx, actor.siteId, now);
    return readEmployee(tx, actor, id, now);
  });
}

/**
 * Gives the employee `hours` from today on; answers whether anything changed. The caller refreshes the
 * recorded days (once, for a whole import).
 */
export async function setHoursFromToday(
  tx: Db,
  actor: Actor,
  id: number,
  versions: readonly VersionRow[],
  input: HoursRow,
  now: Date,
): Promise<boolean> {
  const today = todayOf(now);
  const shown = shownContract(versions, today);
  const hours = hoursOf(input);
  if (shown && sameHours(shown, hours)) return false;
  if (shown && shown.validFrom !== null && shown.validFrom >= today) {
    await tx
      .update(employeeContracts)
      .set({ ...hours, updatedAt: now })
      .where(and(eq(employeeContracts.id, shown.id), inSite(actor, employeeContracts.siteId)));
  } else {
    await tx
      .insert(employeeContracts)
      .values({ ...hours, siteId: actor.siteId, employeeId: id, validFrom: today, createdAt: now, updatedAt: now });
  }
  return true;
}

/** First versions of new employees, from the beginning of time (see createEmployee). */
export async function insertFirstVersions(tx: Db, actor: Actor, rows: ReadonlyArray<{ employeeId: number } & HoursRow>, now: Date) {
  if (rows.length === 0) return;
  await tx
    .insert(employeeContracts)
    .values(
      rows.map((r) => ({ ...hoursOf(r), employeeId: r.employeeId, siteId: actor.siteId, validFrom: null, createdAt: now, updatedAt: now })),
    );
}

export async function deleteEmployee(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await ownedEmployee(tx, actor, id);
    await tx.delete(employees).where(and(eq(employees.id, id), inSite(actor, employees.siteId)));
    await refreshRecorded(tx, actor.siteId, now);
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
