import { worsenedDays, hasCoverageRules, type ShortfallDay } from '../../../shared/domain/coverage';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { availableOf, holidaysOf, readCoverageRules } from '../coverage';
import { readOneSite, siteHours, spanDays } from '../day-ledger';
import { asException } from './hours';
import type { LabelledRow } from './views';

/**
 * The days approving each pending request would leave the site short, weighed now (decision 113): the warning an
 * approver reads on the request. Computed on read, not stored, so it follows what happened since the request was
 * made (another absence approved, a minimum changed). Never for Staff: they are not asked about the site's staffing.
 * One read of the facts over the pending requests' days, then two engine runs per request, and nothing at all on a
 * site without minimums for those days.
 */
export async function pendingShortfalls(db: Db, actor: Actor, rows: readonly LabelledRow[]): Promise<Map<number, ShortfallDay[]>> {
  const out = new Map<number, ShortfallDay[]>();
  if (actor.isStaff) return out;
  const open = rows.filter((l) => l.row.status === 'pending');
  if (open.length === 0) return out;
  const from = open.reduce((d, l) => (l.row.startDate < d ? l.row.startDate : d), open[0].row.startDate);
  const to = open.reduce((d, l) => (l.row.endDate > d ? l.row.endDate : d), open[0].row.endDate);
  const rules = await readCoverageRules(db, actor.siteId, { from, to });
  if (!hasCoverageRules(rules)) return out;
  const facts = await readOneSite(db, actor.siteId, from, to);
  for (const l of open) {
    const days = spanDays(l.row);
    const before = siteHours(facts, days);
    const after = siteHours(facts, days, { change: { add: asException(l.row, l.isAdditive) } });
    const worse = worsenedDays(availableOf(before), availableOf(after), rules, holidaysOf(after));
    if (worse.length > 0) out.set(l.row.id, worse);
  }
  return out;
}
