import type { TCoverageConfirmation } from '../../../shared/contracts/coverage';
import type { DayAvailability } from '../../../shared/domain/availability';
import { worsenedDays, type CoverageRules, type ShortfallDay } from '../../../shared/domain/coverage';
import { shortfallMessage } from '../../../shared/domain/coverage-messages';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import type { Statement } from '../../db/pipelined';
import { coverageAcknowledgements } from '../../db/schema';

/**
 * The rule every change of hours obeys (decision 096): a change that creates or deepens a shortfall is refused
 * with a 409 naming the days, unless it carries a confirmation with a reason, which is then recorded with it.
 */

export type CoverageAction = 'exception.create' | 'exception.update' | 'request.create' | 'request.approve';

export const shortfallConflict = (days: readonly ShortfallDay[]): AppError =>
  new AppError('CONFLICT', shortfallMessage(days), {
    code: 'coverage_shortfall',
    shortfalls: days.map((d) => ({ ...d })),
  });

/**
 * The days a change worsens, given the site's hours before and after it; throws the 409 when there are some
 * and no confirmation came. Answers the days to record (empty: nothing to record).
 */
export function checkCoverage(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  rules: CoverageRules,
  confirmation: TCoverageConfirmation | undefined,
  holidays?: ReadonlySet<string>,
): ShortfallDay[] {
  const worse = worsenedDays(before, after, rules, holidays);
  if (worse.length > 0 && !confirmation) throw shortfallConflict(worse);
  return worse;
}

/** Keeps who saved a change that leaves the site short, why, and the days, in the change's transaction. */
export function recordAcknowledgement(
  tx: Db,
  actor: Actor,
  action: CoverageAction,
  subject: { exceptionId?: number | null; leaveRequestId?: number | null },
  confirmation: TCoverageConfirmation,
  days: readonly ShortfallDay[],
) {
  return tx.insert(coverageAcknowledgements).values({
    siteId: actor.siteId,
    action,
    exceptionId: subject.exceptionId ?? null,
    leaveRequestId: subject.leaveRequestId ?? null,
    reason: confirmation.reason,
    shortfalls: days,
    userId: actor.userId,
    userName: actor.username,
  });
}

/** What a change of hours tells the guard: which kind it is, its confirmation if sent, and the request it decides. */
export interface CoverageGuard {
  action: CoverageAction;
  confirmation?: TCoverageConfirmation;
  leaveRequestId?: number;
}

/** The site's available hours per day, as the calendar shows them. */
export const availableOf = (days: ReadonlyMap<string, DayAvailability>): Map<string, number> =>
  new Map([...days].map(([date, d]) => [date, d.availableHours]));

/** The public holidays among the days: they have no minimum unless an override names them (decision 096). */
export const holidaysOf = (days: ReadonlyMap<string, DayAvailability>): Set<string> =>
  new Set([...days.values()].filter((d) => d.isPublicHoliday).map((d) => d.date));

/**
 * The guard of a pipelined change of some days (decision 097): `inspect` goes to the day ledger's
 * `finishSpanChange`, which runs it on the days before and after the change, inside the transaction after the
 * days' locks; `record` then gives the acknowledgement to send with COMMIT when a confirmed change leaves days
 * short. Null when the site has no rules for those days: the write pays nothing more.
 */
export function spanGuard(rules: CoverageRules | null, guard: CoverageGuard) {
  if (!rules) return null;
  let worse: ShortfallDay[] = [];
  return {
    inspect: (after: ReadonlyMap<string, DayAvailability>, before: () => ReadonlyMap<string, DayAvailability>) => {
      worse = checkCoverage(availableOf(before()), availableOf(after), rules, guard.confirmation, holidaysOf(after));
    },
    record: (tx: Db, actor: Actor, exceptionId: number): Statement[] =>
      worse.length > 0 && guard.confirmation
        ? [recordAcknowledgement(tx, actor, guard.action, { exceptionId, leaveRequestId: guard.leaveRequestId }, guard.confirmation, worse)]
        : [],
  };
}
