import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { EMPLOYEE_COLUMNS, EXCEPTION_COLUMNS } from '../../../shared/contracts/transfer';
import { inSite, siteJoin, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, exceptionReasons, exceptions, siteUsers } from '../../db/schema';
import { listEmployees } from '../employees';
import { listTeams } from '../teams';

/**
 * Exports in the very shape the import reads, Id first, so a file exported, edited in a spreadsheet and
 * imported again updates the rows it came from. UTF-8 with a BOM so spreadsheets read accents; text a
 * spreadsheet would run as a formula gets an apostrophe, which the import takes off again.
 */

const BOM = '\uFEFF';
const safe = (s: string | null) => (s === null ? '' : /^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const csv = (header: readonly string[], rows: Array<Array<string | number>>) =>
  BOM + stringify([[...header], ...rows], { record_delimiter: '\r\n' });

/**
 * Hours as the employee list shows them: the version in force today (decision 076); the team by name (085);
 * the linked user by e-mail (091); the start date (107), empty for someone counted from the beginning.
 */
export async function exportEmployees(db: Db, actor: Actor, now: Date): Promise<string> {
  const rows = await listEmployees(db, actor, now);
  const teamNames = new Map((await listTeams(db, actor)).map((t) => [t.id, t.name]));
  const users = await db.select({ id: siteUsers.id, email: siteUsers.email }).from(siteUsers).where(inSite(actor, siteUsers.siteId));
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return csv(
    EMPLOYEE_COLUMNS,
    rows.map((e) => [
      e.id,
      safe(e.name),
      e.efficiency,
      e.mondayHours,
      e.tuesdayHours,
      e.wednesdayHours,
      e.thursdayHours,
      e.fridayHours,
      e.saturdayHours,
      e.sundayHours,
      safe(teamNames.get(e.teamId ?? 0) ?? null),
      safe(emails.get(e.userId ?? 0) ?? null),
      e.startDate ?? '',
    ]),
  );
}

/** Every exception overlapping the range, whole (not cut to the range), so importing it back changes nothing. */
export async function exportExceptions(db: Db, actor: Actor, startDate: string, endDate: string): Promise<string> {
  const rows = await db
    .select({ e: exceptions, employee: employees.name, type: exceptionReasons.name })
    .from(exceptions)
    .innerJoin(employees, and(eq(employees.id, exceptions.employeeId), siteJoin(employees.siteId, exceptions.siteId)))
    .innerJoin(exceptionReasons, eq(exceptionReasons.id, exceptions.reasonId))
    .where(and(inSite(actor, exceptions.siteId), lte(exceptions.startDate, endDate), gte(exceptions.endDate, startDate)))
    .orderBy(asc(exceptions.startDate), asc(employees.name), asc(exceptions.id));
  return csv(
    EXCEPTION_COLUMNS,
    rows.map(({ e, employee, type }) => [
      e.id,
      safe(employee),
      safe(type),
      e.startDate,
      e.endDate,
      e.isFullDay ? 'yes' : 'no',
      e.hours ?? '',
      safe(e.notes),
    ]),
  );
}
