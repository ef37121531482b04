import type { TCoverageConfirmation } from '../../../shared/contracts/coverage';
import { worsenedDays, type CoverageRules, type ShortfallDay } from '../../../shared/domain/coverage';
import { shortfallMessage } from '../../../shared/domain/coverage-messages';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
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
): ShortfallDay[] {
  const worse = worsenedDays(before, after, rules);
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
