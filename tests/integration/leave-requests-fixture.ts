import { eq } from 'drizzle-orm';
import { employees, siteUsers } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { createEmployee, createTeam, createUser } from '../factories';

/**
 * The site of the time-off request tests: Ann (8 h) and Bob (6 h) work Monday to Friday at 100%, so a weekday's
 * available hours are 14. Staff user `annUser` is linked to Ann and the regular user (a manager) to Bob. Two
 * admins; no approvers named, so both admins approve.
 */
export const PASSWORD = 'leave-pass-1';
const week = (h: number) => ({
  mondayHours: h,
  tuesdayHours: h,
  wednesdayHours: h,
  thursdayHours: h,
  fridayHours: h,
  saturdayHours: 0,
  sundayHours: 0,
});

export async function staffUser(db: Db, siteId: number, employeeId: number) {
  const user = await createUser(db, siteId, { password: PASSWORD, isReadOnly: true });
  await db.update(siteUsers).set({ isStaff: true }).where(eq(siteUsers.id, user.id));
  await db.update(employees).set({ userId: user.id }).where(eq(employees.id, employeeId));
  return user;
}

export async function leaveSite(db: Db) {
  const team = await createTeam(db, PASSWORD);
  const siteId = team.site.id;
  const ann = await createEmployee(db, siteId, { name: 'Ann', ...week(8), sortOrder: 1 });
  const bob = await createEmployee(db, siteId, { name: 'Bob', ...week(6), sortOrder: 2 });
  const annUser = await staffUser(db, siteId, ann.id);
  const admin2 = await createUser(db, siteId, { password: PASSWORD, isAdmin: true });
  await db.update(employees).set({ userId: team.writer.id }).where(eq(employees.id, bob.id));
  return { ...team, siteId, ann, bob, annUser, admin2, annual: team.reasons[0], training: team.reasons[2] };
}
