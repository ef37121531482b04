import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { balanceMessages, type TBalancePreview, type ZBalancePreviewQuery } from '../../../shared/contracts/balances';
import { leaveRequestMessages } from '../../../shared/contracts/leave-requests';
import { computeBalance, leaveYear, leaveYearOf, type BalanceException, type BalanceRow } from '../../../shared/domain/balances';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { exceptionReasons, leaveRequests } from '../../db/schema';
import { todayOf } from '../day-ledger';
import { reasonsVisibleTo } from '../exception-reasons';
import { readPolicy, toEnginePolicy } from './policy';
import { MAX_YEARS, readBalanceInputs, tooFar, whichEmployees } from './service';

type PreviewQuery = z.output<typeof ZBalancePreviewQuery>;

const tenth = (n: number) => Math.round(n * 10) / 10;

/** Taken and booked: what approved absences take from the allowance (pending is shown beside, never deducted). */
const used = (f: { taken: number; booked: number }) => f.taken + f.booked;

/**
 * `GET /api/balances/preview` (decision 112): what a time-off request would do to its employee's balance, as the
 * balance engine itself counts it. The engine runs twice on the same read: as the balance stands (a sent request
 * left out of what is waiting), and with the request added as an approved absence of its type. So the figure the
 * dialog and the approvers see is the balance once approved: on a day an absence already took, the request takes
 * only what is left of the day (absence-takes.ts, decision 108), never the day twice.
 *
 * Staff preview only their own linked employee (anyone else: 404, as if absent); others any employee of the site.
 * The leave year is the one the request starts in; 409 when the site has no policy, 400 for a year out of reach.
 */
export async function previewBalance(db: Db, actor: Actor, q: PreviewQuery, now: Date): Promise<TBalancePreview> {
  const policy = await readPolicy(db, actor);
  if (!policy) throw new AppError('CONFLICT', balanceMessages.noPolicy);
  const [person] = await whichEmployees(db, actor, q.employeeId);
  const [reasonRows, requestRows] = await Promise.all([
    db
      .select({ counts: exceptionReasons.countsAgainstAllowance, isAdditive: exceptionReasons.isAdditive })
      .from(exceptionReasons)
      .where(and(eq(exceptionReasons.id, q.reasonId), reasonsVisibleTo(actor))),
    q.requestId === undefined
      ? Promise.resolve(null)
      : db
          .select({ employeeId: leaveRequests.employeeId, status: leaveRequests.status })
          .from(leaveRequests)
          .where(and(eq(leaveRequests.id, q.requestId), inSite(actor, leaveRequests.siteId))),
  ]);
  const reason = found(reasonRows[0], 'Exception type');
  if (requestRows !== null) {
    // Another employee's request is not this one's to leave out: as if it did not exist.
    const request = requestRows[0]?.employeeId === person.id ? requestRows[0] : undefined;
    if (found(request, 'Request').status !== 'pending') throw new AppError('CONFLICT', leaveRequestMessages.notPending);
  }

  const today = todayOf(now);
  const year = leaveYearOf(q.startDate, policy.yearStartMonth);
  if (year < policy.firstLeaveYear || year > policy.firstLeaveYear + MAX_YEARS)
    throw new AppError('BAD_REQUEST', tooFar(policy.firstLeaveYear));
  const ly = leaveYear(year, policy.yearStartMonth);
  const from = leaveYear(policy.firstLeaveYear, policy.yearStartMonth).start;
  const inputs = await readBalanceInputs(db, actor, [person.id], from, ly.end);

  const counts = reason.counts && !reason.isAdditive;
  const others: BalanceException[] = (inputs.exceptionsOf.get(person.id) ?? []).filter(
    (x) => q.requestId === undefined || x.requestId !== q.requestId,
  );
  const asApproved: BalanceException = {
    startDate: q.startDate,
    endDate: q.endDate,
    isFullDay: q.isFullDay,
    // Stored as a request is (decision 092): a full day carries no hours of its own.
    hours: q.isFullDay ? null : (q.hours ?? null),
    countsAgainstAllowance: counts,
    status: 'approved',
  };
  const run = (exceptions: BalanceException[]) =>
    computeBalance({
      policy: toEnginePolicy(policy),
      settings: inputs.settings,
      employee: { startDate: person.startDate, endDate: person.endDate, contracts: inputs.contractsOf.get(person.id) ?? [] },
      exceptions,
      holidays: inputs.holidays,
      adjustments: inputs.adjustmentsOf.get(person.id) ?? [],
      year,
      today,
    });
  const before = run(others);
  const after = run([...others, asApproved]);
  return {
    year,
    yearStart: ly.start,
    yearEnd: ly.end,
    currentYear: leaveYearOf(today, policy.yearStartMonth) === year,
    unit: policy.unit,
    counts,
    takes: tenth(
      used({ taken: after.takenHours, booked: after.bookedHours }) - used({ taken: before.takenHours, booked: before.bookedHours }),
    ),
    remaining: before.remainingHours,
    remainingIfApproved: after.remainingHours,
    otherPending: before.pendingHours,
    days: inDays(before.days, after.days),
  };
}

function inDays(before: BalanceRow['days'], after: BalanceRow['days']): TBalancePreview['days'] {
  if (!before || !after) return null;
  return {
    dayHours: before.dayHours,
    takes: tenth(used(after) - used(before)),
    remaining: before.remaining,
    remainingIfApproved: after.remaining,
    otherPending: before.pending,
  };
}
