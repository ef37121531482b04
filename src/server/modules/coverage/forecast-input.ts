import { and, asc, gte, lte } from 'drizzle-orm';
import { COVERAGE_WEEKDAYS, type CoverageRules, type CoverageVersion, type CoverageWeekday } from '../../../shared/domain/coverage';
import { inSiteScope, type SiteScope } from '../../auth/access';
import type { Db } from '../../db/client';
import { coverageOverrides, coverageRules } from '../../db/schema';
import { readSiteDays, type SiteDays } from '../day-ledger';

/**
 * The forecast's input for every site of a scope at once (decision 100): the day ledger's facts of the window
 * with the pending requests (one statement for all sites, decision 110), and the sites' minimums beside them.
 */

export interface ForecastSiteInput {
  days: SiteDays;
  rules: CoverageRules;
  pendingCount: number;
}

const SPAN_FIELDS = 7;

export async function readForecastInput(db: Db, scope: SiteScope, from: string, to: string): Promise<Map<number, ForecastSiteInput>> {
  const [facts, versions, overrides] = await Promise.all([
    readSiteDays(db, scope, from, to, { pending: true }),
    db.select().from(coverageRules).where(inSiteScope(scope, coverageRules.siteId)).orderBy(asc(coverageRules.validFrom)),
    db
      .select({ siteId: coverageOverrides.siteId, date: coverageOverrides.date, hours: coverageOverrides.hours })
      .from(coverageOverrides)
      .where(and(inSiteScope(scope, coverageOverrides.siteId), gte(coverageOverrides.date, from), lte(coverageOverrides.date, to))),
  ]);
  const out = new Map<number, ForecastSiteInput>();
  for (const [siteId, days] of facts) {
    out.set(siteId, { days, rules: { versions: [], overrides: {} }, pendingCount: days.pending.length / SPAN_FIELDS });
  }
  const at = (siteId: number) => out.get(siteId);
  for (const v of versions) {
    const weekdays: Partial<Record<CoverageWeekday, number>> = {};
    for (const d of COVERAGE_WEEKDAYS) {
      const h = v[`${d}Hours`];
      if (h !== null) weekdays[d] = h;
    }
    (at(v.siteId)?.rules.versions as CoverageVersion[] | undefined)?.push({ validFrom: v.validFrom, weekdays });
  }
  for (const o of overrides) {
    const site = at(o.siteId);
    if (site) (site.rules.overrides as Record<string, number>)[o.date] = o.hours;
  }
  return out;
}
