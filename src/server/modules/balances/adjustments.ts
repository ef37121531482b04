import { and, asc, eq } from 'drizzle-orm';
import { balanceMessages, type TBalanceAdjustment, type TBalanceAdjustmentInput } from '../../../shared/contracts/balances';
import { leaveYear, leaveYearOf } from '../../../shared/domain/balances';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { balanceAdjustments, employees } from '../../db/schema';
import { readPolicy } from './policy';

/** Manual changes to one employee's balance, each with its reason and who recorded it when (decision 095). */

type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

const toAdjustment = (r: AdjustmentRow): TBalanceAdjustment => ({
  id: r.id,
  employeeId: r.employeeId,
  date: r.date,
  hours: r.hours,
  reason: r.reason,
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
});

async function siteEmployee(db: Db, actor: Actor, employeeId: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), inSite(actor, employees.siteId)));
  return found(row, 'Employee');
}

export async function listAdjustments(db: Db, actor: Actor, employeeId: number): Promise<TBalanceAdjustment[]> {
  const employee = await siteEmployee(db, actor, employeeId);
  const rows = await db
    .select()
    .from(balanceAdjustments)
    .where(and(inSite(actor, balanceAdjustments.siteId), eq(balanceAdjustments.employeeId, employee.id)))
    .orderBy(asc(balanceAdjustments.date), asc(balanceAdjustments.id));
  return rows.map(toAdjustment);
}

/**
 * An adjustment counts only in a leave year the site's policy counts (decision 116): with no policy it would change
 * nothing anyone sees (409), and before the first leave year the engine never reads it (400).
 */
export async function createAdjustment(db: Db, actor: Actor, employeeId: number, input: TBalanceAdjustmentInput, now: Date) {
  const employee = await siteEmployee(db, actor, employeeId);
  const policy = await readPolicy(db, actor);
  if (!policy) throw new AppError('CONFLICT', balanceMessages.adjustmentNoPolicy);
  if (leaveYearOf(input.date, policy.yearStartMonth) < policy.firstLeaveYear) {
    throw new AppError(
      'BAD_REQUEST',
      balanceMessages.adjustmentBeforePolicy(leaveYear(policy.firstLeaveYear, policy.yearStartMonth).start),
    );
  }
  const [row] = await db
    .insert(balanceAdjustments)
    .values({
      siteId: actor.siteId,
      employeeId: employee.id,
      date: input.date,
      hours: Math.round(input.hours * 100) / 100,
      reason: input.reason,
      createdByUserId: actor.userId,
      createdByName: actor.username,
      createdAt: now,
    })
    .returning();
  return toAdjustment(row);
}
