import type { TDayExplain } from '../../../shared/contracts/employee-contracts';
import { requiredHours, shortBy } from '../../../shared/domain/coverage';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { explainDay } from '../day-ledger';
import { readCoverageRules } from './rules';

/**
 * `GET /api/day-explain` with the day's minimum beside its hours (decision 099): the shortfall is measured on the
 * hours the calendar shows (a past day's stored hours where they stand), as the cell's marker is.
 */
export async function explainDayCoverage(db: Db, actor: Actor, date: string): Promise<TDayExplain> {
  const [day, rules] = await Promise.all([explainDay(db, actor, date), readCoverageRules(db, actor.siteId, { from: date, to: date })]);
  const required = requiredHours(rules, date, day.isPublicHoliday);
  return { ...day, requiredHours: required, shortHours: shortBy(day.shownHours, required) };
}
