import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, siteUsers } from '../../db/schema';

/**
 * The "User email" column of the employee import (decision 091): the user of the site who is that employee.
 * A file without the column leaves every link as it is; an empty cell unlinks; an address names a user of
 * the site (without regard to case). Linking is an administrator's choice in User Management, so a writer's
 * file may only repeat the links there are; and one user is at most one employee.
 */

/** `undefined`: keep the link; `null`: none; a number: that user. */
export type UserChoice = undefined | null | number;

export interface UserReader {
  read(cell: string | undefined, employeeId: number | null, line: number): { choice: UserChoice; error?: string };
  /** The address of a user id, for the preview. */
  emailOf(userId: number | null | undefined): string;
}

export async function userReader(db: Db, actor: Actor): Promise<UserReader> {
  const users = await db.select({ id: siteUsers.id, email: siteUsers.email }).from(siteUsers).where(inSite(actor, siteUsers.siteId));
  const links = await db
    .select({ id: employees.id, name: employees.name, userId: employees.userId })
    .from(employees)
    .where(and(inSite(actor, employees.siteId), isNotNull(employees.userId)));
  const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
  const emails = new Map(users.map((u) => [u.id, u.email]));
  const employeeOfUser = new Map(links.map((l) => [l.userId!, l]));
  const userOfEmployee = new Map(links.map((l) => [l.id, l.userId!]));
  const claimed = new Map<number, number>();
  return {
    emailOf: (userId) => (userId == null ? '' : (emails.get(userId) ?? '')),
    read(cell, employeeId, line) {
      if (cell === undefined) return { choice: undefined };
      const current = employeeId === null ? null : (userOfEmployee.get(employeeId) ?? null);
      const address = cell.trim().toLowerCase();
      const userId = address === '' ? null : byEmail.get(address);
      if (userId === undefined) return { choice: undefined, error: `User email: no user of this site has the address "${cell.trim()}"` };
      if (userId !== current && !actor.isAdmin)
        return { choice: undefined, error: 'User email: only an administrator can link users to employees' };
      if (userId === null) return { choice: null };
      const other = employeeOfUser.get(userId);
      if (other && other.id !== employeeId)
        return { choice: undefined, error: `User email: ${emails.get(userId)} is already linked to ${other.name}; unlink them first` };
      const earlier = claimed.get(userId);
      if (earlier !== undefined) return { choice: undefined, error: `User email: ${emails.get(userId)} is already on line ${earlier}` };
      claimed.set(userId, line);
      return { choice: userId };
    },
  };
}

/** Whether the choice would change the link of an employee now linked to `userId`. */
export const changesUser = (choice: UserChoice, userId: number | null | undefined): boolean =>
  choice !== undefined && choice !== (userId ?? null);

/** Writes the changed links of a plan in the import's transaction: those employees unlinked first, then linked. */
export async function applyUserLinks(tx: Db, actor: Actor, links: ReadonlyArray<{ employeeId: number; userId: number | null }>) {
  if (!links.length) return;
  await tx
    .update(employees)
    .set({ userId: null })
    .where(
      and(
        inSite(actor, employees.siteId),
        inArray(
          employees.id,
          links.map((l) => l.employeeId),
        ),
      ),
    );
  for (const l of links) {
    if (l.userId === null) continue;
    await tx
      .update(employees)
      .set({ userId: l.userId })
      .where(and(inSite(actor, employees.siteId), eq(employees.id, l.employeeId)));
  }
}
