import { and, eq, isNull } from 'drizzle-orm';
import { userMessages } from '../../../shared/contracts/users';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { employees, siteUsers } from '../../db/schema';

/**
 * Links a user to the employee they are, or unlinks them (`employeeId` null), decision 091. The employee must
 * be on the admin's current site, which must be the user's home site; one employee has at most one user.
 * Runs inside the caller's transaction, after the user row exists.
 */
export async function setEmployeeLink(
  tx: Db,
  actor: Actor,
  user: { id: number; siteId: number },
  employeeId: number | null,
): Promise<void> {
  if (employeeId !== null) {
    const [employee] = await tx
      .select({ id: employees.id, name: employees.name, userId: employees.userId })
      .from(employees)
      .where(and(inSite(actor, employees.siteId), eq(employees.id, employeeId)))
      .limit(1);
    if (!employee) throw new AppError('NOT_FOUND', userMessages.employeeNotFound);
    if (user.siteId !== actor.siteId) throw new AppError('BAD_REQUEST', userMessages.employeeOfHomeSite);
    if (employee.userId !== null && employee.userId !== user.id) throw await taken(tx, actor, employee.name, employee.userId);
  }
  await tx
    .update(employees)
    .set({ userId: null })
    .where(and(inSite(actor, employees.siteId), eq(employees.userId, user.id)));
  if (employeeId === null) return;
  try {
    // Still unlinked in the write itself (this user's own link was just cleared), so a link another admin made
    // since the look above is not overwritten.
    const [linked] = await tx
      .update(employees)
      .set({ userId: user.id })
      .where(and(inSite(actor, employees.siteId), eq(employees.id, employeeId), isNull(employees.userId)))
      .returning({ id: employees.id });
    if (!linked) throw new AppError('CONFLICT', userMessages.employeeTaken('This employee', 'another user'));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', userMessages.employeeTaken('This employee', 'another user'));
    throw err;
  }
}

async function taken(tx: Db, actor: Actor, employeeName: string, otherUserId: number): Promise<AppError> {
  const [other] = await tx
    .select({ email: siteUsers.email })
    .from(siteUsers)
    .where(and(inSite(actor, siteUsers.siteId), eq(siteUsers.id, otherUserId)))
    .limit(1);
  return new AppError('CONFLICT', userMessages.employeeTaken(employeeName, other?.email ?? 'another user'));
}
