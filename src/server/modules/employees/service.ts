import { and, asc, eq, max } from 'drizzle-orm';
import { weekdayFields, type TEmployee, type TEmployeeInput } from '../../../shared/contracts/employees';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { reorderRows, type Direction } from '../../db/reorder';
import { employees } from '../../db/schema';
import { assertCanAddEmployee } from '../subscriptions/limits';
import { refreshRecordedDays } from '../day-changes/service';

type EmployeeRow = typeof employees.$inferSelect;

/** An employee's default hours: the first working weekday's hours, Monday first (0 when none). */
export const defaultHoursOf = (input: TEmployeeInput) => weekdayFields.map((f) => input[f]).find((h) => h > 0) ?? 0;

export function toEmployee(row: EmployeeRow): TEmployee {
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    efficiency: row.efficiency,
    sortOrder: row.sortOrder,
    mondayHours: row.mondayHours,
    tuesdayHours: row.tuesdayHours,
    wednesdayHours: row.wednesdayHours,
    thursdayHours: row.thursdayHours,
    fridayHours: row.fridayHours,
    saturdayHours: row.saturdayHours,
    sundayHours: row.sundayHours,
    defaultHours: row.defaultHours,
  };
}

export async function listEmployees(db: Db, actor: Actor): Promise<TEmployee[]> {
  const rows = await db
    .select()
    .from(employees)
    .where(inSite(actor, employees.siteId))
    .orderBy(asc(employees.sortOrder), asc(employees.id));
  return rows.map(toEmployee);
}

async function getOwned(db: Db, actor: Actor, id: number): Promise<EmployeeRow> {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.id, id), inSite(actor, employees.siteId)));
  return found(row, 'Employee');
}

// Staff changes move the hours of every future day; recorded days are refreshed in the same transaction.

export async function createEmployee(db: Db, actor: Actor, input: TEmployeeInput, now: Date): Promise<TEmployee> {
  return db.transaction(async (tx) => {
    // Locks the site row: two concurrent creations cannot both pass the plan's limit.
    await assertCanAddEmployee(tx, actor.siteId);
    const [{ top }] = await tx
      .select({ top: max(employees.sortOrder) })
      .from(employees)
      .where(inSite(actor, employees.siteId));
    const [row] = await tx
      .insert(employees)
      .values({ ...input, siteId: actor.siteId, sortOrder: (top ?? -1) + 1, defaultHours: defaultHoursOf(input) })
      .returning();
    await refreshRecordedDays(tx, actor.siteId, now);
    return toEmployee(row);
  });
}

export async function updateEmployee(db: Db, actor: Actor, id: number, input: TEmployeeInput, now: Date): Promise<TEmployee> {
  return db.transaction(async (tx) => {
    await getOwned(tx, actor, id);
    const [row] = await tx
      .update(employees)
      .set({ ...input, defaultHours: defaultHoursOf(input), updatedAt: now })
      .where(and(eq(employees.id, id), inSite(actor, employees.siteId)))
      .returning();
    await refreshRecordedDays(tx, actor.siteId, now);
    return toEmployee(found(row, 'Employee'));
  });
}

export async function deleteEmployee(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await getOwned(tx, actor, id);
    await tx.delete(employees).where(and(eq(employees.id, id), inSite(actor, employees.siteId)));
    await refreshRecordedDays(tx, actor.siteId, now);
  });
}

/** Swaps the employee with its neighbour, renumbering the site's order densely so ties cannot stick. */
export async function reorderEmployee(db: Db, actor: Actor, id: number, direction: Direction): Promise<TEmployee[]> {
  return db.transaction(async (tx) => {
    await getOwned(tx, actor, id);
    const rows = await tx
      .select()
      .from(employees)
      .where(inSite(actor, employees.siteId))
      .orderBy(asc(employees.sortOrder), asc(employees.id));
    const { ordered, changed } = reorderRows(rows, id, direction);
    for (const row of changed) await tx.update(employees).set({ sortOrder: row.sortOrder }).where(eq(employees.id, row.id));
    return ordered.map(toEmployee);
  });
}
