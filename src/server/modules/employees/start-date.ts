import { and, asc, eq, sql } from 'drizzle-orm';
import { contractMessages } from '../../../shared/contracts/employee-contracts';
import { AppError } from '../../../shared/errors';
import { inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { employeeContracts, employees } from '../../db/schema';
import { changeFrom, earlier } from './past-change';

/**
 * Employment bounds the contract (decision 107): the first contract version starts on the employee's start
 * date, so moving the start moves that version, as a change of history. Employees from before this rule keep
 * their version from the beginning of time (validFrom null) and their start date as the allowance's only, until
 * someone changes that date: from then on it bounds their hours as everyone's.
 */

type Row = { id: number; startDate: string | null; endDate: string | null };
type Version = { id: number; validFrom: string | null };

/** Refuses a start the versions or the end date leave no room for. */
function checkStart(start: string, versions: readonly Version[], endDate: string | null) {
  const next = versions[1]?.validFrom;
  if (next != null && start >= next) throw new AppError('BAD_REQUEST', contractMessages.startFromNextVersion(next));
  if (endDate !== null && start > endDate) throw new AppError('BAD_REQUEST', contractMessages.startAfterEnd(endDate));
}

const setStartDate = (tx: Db, actor: Actor, id: number, startDate: string | null, now: Date) =>
  tx
    .update(employees)
    .set({ startDate, updatedAt: now })
    .where(and(eq(employees.id, id), inSite(actor, employees.siteId)));

/**
 * PUT /api/employees/{id}'s start date: left out or the same, nothing; otherwise the first version moves to it,
 * from the earlier of the two starts, refused for non-administrators and until confirmed when that reaches past
 * days. Answers whether the first version moved.
 */
export async function moveStart(
  tx: Db,
  actor: Actor,
  row: Row,
  versions: readonly Version[],
  start: string | null | undefined,
  confirmPast: boolean | undefined,
  now: Date,
): Promise<boolean> {
  if (start === undefined || start === row.startDate) return false;
  const first = versions[0];
  if (start === null) {
    // Only an employee counted from the beginning may be without a start; it moves no hours, only the allowance.
    if (first && first.validFrom !== null) throw new AppError('BAD_REQUEST', contractMessages.startRequired);
    await setStartDate(tx, actor, row.id, null, now);
    return false;
  }
  checkStart(start, versions, row.endDate);
  if (!first || first.validFrom === start) {
    await setStartDate(tx, actor, row.id, start, now);
    return false;
  }
  await changeFrom(tx, actor, now, earlier(first.validFrom, start), confirmPast, async () => {
    await tx
      .update(employeeContracts)
      .set({ validFrom: start, updatedAt: now })
      .where(and(eq(employeeContracts.id, first.id), inSite(actor, employeeContracts.siteId)));
    await setStartDate(tx, actor, row.id, start, now);
  });
  return true;
}

/**
 * After a change of versions (contracts.ts): when the first version's start moved, the start date follows it,
 * so the two never disagree (a first version made from the beginning of time clears it). When it did not move,
 * the start date is left alone, which is how employees from before decision 107 keep theirs.
 */
export async function followFirstVersion(tx: Db, actor: Actor, employeeId: number, before: string | null, now: Date): Promise<void> {
  const [first] = await tx
    .select({ validFrom: employeeContracts.validFrom })
    .from(employeeContracts)
    .where(and(eq(employeeContracts.employeeId, employeeId), inSite(actor, employeeContracts.siteId)))
    .orderBy(sql`${employeeContracts.validFrom} asc nulls first`, asc(employeeContracts.id))
    .limit(1);
  if (!first || first.validFrom === before) return;
  await setStartDate(tx, actor, employeeId, first.validFrom, now);
}
