import { and, eq } from 'drizzle-orm';
import { balanceMessages } from '../../../shared/contracts/balances';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { exceptionReasons } from '../../db/schema';
import { reasonsVisibleTo } from '../exception-reasons';
import { readPolicy } from './policy';
import { leaveYearOf } from '../../../shared/domain/balances';
import { listBalances } from './service';

/**
 * A site whose policy refuses going below zero (decision 095) refuses a new request, written but not yet
 * committed in `tx`, that leaves its employee less than nothing in the leave year it starts in once every
 * request still waiting, itself included, is approved. Called inside the request's transaction, so the balance
 * read sees the new request as pending and the refusal rolls it back.
 */
export async function refuseBelowZero(
  tx: Db,
  actor: Actor,
  request: { employeeId: number; reasonId: number; startDate: string },
  now: Date,
): Promise<void> {
  const policy = await readPolicy(tx, actor);
  if (!policy?.refuseBelowZero) return;
  const [reason] = await tx
    .select({ counts: exceptionReasons.countsAgainstAllowance, isAdditive: exceptionReasons.isAdditive })
    .from(exceptionReasons)
    .where(and(eq(exceptionReasons.id, request.reasonId), reasonsVisibleTo(actor)));
  if (!reason?.counts || reason.isAdditive) return;
  const year = leaveYearOf(request.startDate, policy.yearStartMonth);
  if (year < policy.firstLeaveYear) return;
  // Read as the site (Staff may read only their own row, which this is anyway), for the requester's employee only.
  const balances = await listBalances(
    tx,
    { siteId: actor.siteId, isStaff: false, employeeId: null },
    { year, employeeId: request.employeeId },
    now,
  );
  const row = balances.rows.find((r) => r.employeeId === request.employeeId);
  if (!row) return;
  const left = Math.round((row.remaining - row.pending) * 10) / 10;
  if (left < 0) throw new AppError('CONFLICT', balanceMessages.belowZero(left));
}
