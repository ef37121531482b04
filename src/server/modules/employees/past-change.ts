import { contractMessages } from '../../../shared/contracts/employee-contracts';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { changeHistory, pastMovesConfirmed, todayOf } from '../day-ledger';

/**
 * A change of an employee that may move past days' hours (decisions 076 and 107): a contract version, an end
 * date, a start date, a new employee from a past date, a deletion. All of them run through the day ledger's
 * `changeHistory`, so the past days are computed before and after in the same transaction and stored rows of
 * the days that moved are refreshed, keeping their authorisation.
 */

/** Whether a change from `from` (null: the beginning of time) can reach a day before today. */
export const reachesPast = (from: string | null, today: string) => from === null || from < today;

/** The earlier of two starts, null (the beginning of time) being earliest. */
export const earlier = (a: string | null, b: string | null) => (a === null || b === null ? null : a < b ? a : b);

/**
 * Runs `apply` as a change of history from `from`. Reaching a day before today is for administrators only,
 * whatever it turns out to change (403, before any work), and an administrator confirms it when any past
 * day's hours move (409 with the counts until `confirmPast`).
 */
export async function changeFrom(
  tx: Db,
  actor: Actor,
  now: Date,
  from: string | null,
  confirmPast: boolean | undefined,
  apply: () => Promise<void>,
): Promise<void> {
  if (reachesPast(from, todayOf(now)) && !actor.isAdmin) throw new AppError('FORBIDDEN', contractMessages.pastAdminOnly);
  await changeHistory(tx, actor.siteId, now, from, apply, pastMovesConfirmed(actor, confirmPast));
}

/**
 * As `changeFrom`, but the role is judged on what the change does: a deletion that moves no past day's hours
 * (someone added by mistake today, or who never had hours) stays open to writers, as deleting was before.
 */
export async function changeIfPastMoves(
  tx: Db,
  actor: Actor,
  now: Date,
  from: string | null,
  confirmPast: boolean | undefined,
  apply: () => Promise<void>,
): Promise<void> {
  await changeHistory(tx, actor.siteId, now, from, apply, pastMovesConfirmed(actor, confirmPast));
}
