import { eachDay } from '../../../shared/domain/dates';
import { hasCoverageRules, requiredHours, shortBy } from '../../../shared/domain/coverage';
import type { ShortfallStatus } from '../../../shared/domain/coverage-messages';
import type { ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { readDays } from '../day-ledger';
import { readCoverageRules } from './rules';

/**
 * The days of a window a site is short on (decision 096): available hours as the calendar shows them, under the
 * day's minimum. Null when the site has no rules at all, so a caller can leave a site without rules unmentioned.
 */
export async function shortDaysOf(db: Db, siteId: ActorSiteId, from: string, to: string): Promise<ShortfallStatus[] | null> {
  const rules = await readCoverageRules(db, siteId, { from, to });
  if (!hasCoverageRules(rules)) return null;
  const dates = eachDay(from, to).filter((date) => requiredHours(rules, date) !== null);
  if (dates.length === 0) return [];
  const days = await readDays(db, siteId, dates);
  const out: ShortfallStatus[] = [];
  for (const date of dates) {
    const day = days.get(date)!;
    const required = requiredHours(rules, date, day.isPublicHoliday);
    const available = day.availableHours;
    const short = shortBy(available, required);
    if (required !== null && short > 0) out.push({ date, availableHours: available, requiredHours: required, shortHours: short });
  }
  return out;
}
