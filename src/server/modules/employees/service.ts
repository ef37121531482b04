import { and, asc, count, eq, max } from 'drizzle-orm';
import { weekdayFields, type TEmployee, type TEmployeeInput } from '../../../shared/contracts/employees';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, sites } from '../../db/schema';
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
  const rows = await db.select().from(employees).where(inSite(actor, employees.siteId)).orderBy(asc(employees.sortOrder), asc(employees.id));
  return rows.map(toEmployee);
}

async function getOwned(db: Db, actor: Actor, id: number): Promise<EmployeeRow> {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.id, id), inSite(actor, employees.siteId)));
  return found(row, 'Employee');
}

/** Refuses a new employee past the site plan's limit (-1 means unlimited). */
async function assertWithinPlan(db: Db, actor: Actor): Promise<void> {
  const [site] = await db.select({ maxEmployees: sites.maxEmployees, planType: sites.planType }).from(sites).where(eq(sites.id, actor.siteId));
  if (!site || site.maxEmployees < 0) return;
  const [{ n }] = await db.select({ n: count() }).from(employees).where(inSite(actor, employees.siteId));
  if (n >= site.maxEmployees) {
    throw new AppError(
      'FORBIDDEN',
      `Your ${site.planType} plan allows up to ${site.maxEmployees} employees. Upgrade your subscription to add more.`,
    );
  }
}

// Staff changes move the hours of every future day; recorded days are refreshed in the same transaction.

export async function createEmployee(db: Db, actor: Actor, input: TEmployeeInput, now: Date): Promise<TEmployee> {
  return db.transaction(async (tx) => {
    await assertWithinPlan(tx, actor);
    const [{ top }] = await tx.select({ top: max(employees.sortOrder) }).from(employees).where(inSite(actor, employees.siteId));
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
export async function reorderEmployee(db: Db, actor: Actor, id: number, direction: 'up' | 'down'): Promise<TEmployee[]> {
  return db.transaction(async (tx) => {
    await getOwned(tx, actor, id);
    const rows = await tx.select().from(employees).where(inSite(actor, employees.siteId)).orderBy(asc(employees.sortOrder), asc(employees.id));
    const index = rows.findIndex((r) => r.id === id);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (target >= 0 && target < rows.length) [rows[index], rows[target]] = [rows[target], rows[index]];
    for (const [position, row] of rows.entries()) {
      if (row.sortOrder !== position) {
        await tx.update(employees).set({ sortOrder: position }).where(eq(employees.id, row.id));
        row.sortOrder = position;
      }
    }
    return rows.map(toEmployee);
  });
}
