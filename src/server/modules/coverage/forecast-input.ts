import { and, asc, gte, lte, sql } from 'drizzle-orm';
import type { EngineHoliday, EngineSettings, EngineStaff } from '../../../shared/domain/availability';
import { COVERAGE_WEEKDAYS, type CoverageRules, type CoverageVersion, type CoverageWeekday } from '../../../shared/domain/coverage';
import { inSiteScope, type SiteScope } from '../../auth/access';
import type { Db } from '../../db/client';
import {
  coverageOverrides,
  coverageRules,
  employeeContracts,
  employees,
  exceptionReasons,
  exceptions,
  leaveRequests,
  publicHolidays,
  siteSettings,
} from '../../db/schema';
import { staffFromFlat } from '../day-ledger';

/**
 * The forecast's input for every site of a scope at once (decision 100): seven statements sent together, whatever
 * the number of sites, instead of the day ledger's one statement per site. Staff and exceptions travel in the day
 * ledger's flat number form (input.ts), one text per site, so 12,500 employees are not 12,500 row objects. The
 * forecast needs totals only, which no order changes: the exceptions are not sorted (sorting 75,000 of them per
 * site group cost more than building their text), and staff only by employee, so each one's versions stay together.
 */

export interface ForecastSiteInput {
  settings: EngineSettings;
  employees: EngineStaff[];
  /** The day ledger's flat spans: id, employee, first and last day number, isFullDay, hours, isAdditive. */
  spans: Array<number | null>;
  holidays: EngineHoliday[];
  rules: CoverageRules;
  /** Pending requests in the same flat form, with negative ids (never a stored exception's). */
  pending: Array<number | null>;
  pendingCount: number;
}

type Rows = { rows: Array<{ site: number; body: string }> };
const day = (col: unknown) => sql`coalesce((${col} - '1970-01-01'::date)::text, 'null')`;

export async function readForecastInput(db: Db, scope: SiteScope, from: string, to: string): Promise<Map<number, ForecastSiteInput>> {
  const e = exceptions;
  const c = employeeContracts;
  const r = leaveRequests;
  const [staff, spans, pending, holidays, settings, versions, overrides] = await Promise.all([
    db.execute(sql`select ${employees.siteId} as site, '[' || string_agg(concat_ws(',', ${employees.id}, ${c.id}, ${day(c.validFrom)},
        ${day(employees.endDate)}, ${c.efficiency}, ${c.mondayHours}, ${c.tuesdayHours}, ${c.wednesdayHours}, ${c.thursdayHours},
        ${c.fridayHours}, ${c.saturdayHours}, ${c.sundayHours}), ',' order by ${employees.id}, ${c.validFrom} nulls first) || ']' as body
      from ${employees} join ${c} on ${c.employeeId} = ${employees.id}
      where ${inSiteScope(scope, employees.siteId)} and ${inSiteScope(scope, c.siteId)}
      group by ${employees.siteId}`) as unknown as Promise<Rows>,
    db.execute(sql`select ${e.siteId} as site, '[' || string_agg(concat_ws(',', ${e.id}, ${e.employeeId}, ${e.startDate} - '1970-01-01'::date,
        ${e.endDate} - '1970-01-01'::date, ${e.isFullDay}::int, coalesce(${e.hours}::text, 'null'),
        coalesce(${exceptionReasons.isAdditive}, false)::int), ',') || ']' as body
      from ${e} left join ${exceptionReasons} on ${exceptionReasons.id} = ${e.reasonId}
      where ${inSiteScope(scope, e.siteId)} and ${e.startDate} <= ${to}::date and ${e.endDate} >= ${from}::date
      group by ${e.siteId}`) as unknown as Promise<Rows>,
    db.execute(sql`select ${r.siteId} as site, '[' || string_agg(concat_ws(',', -${r.id}, ${r.employeeId}, ${r.startDate} - '1970-01-01'::date,
        ${r.endDate} - '1970-01-01'::date, ${r.isFullDay}::int, coalesce(${r.hours}::text, 'null'),
        coalesce(${exceptionReasons.isAdditive}, false)::int), ',') || ']' as body
      from ${r} left join ${exceptionReasons} on ${exceptionReasons.id} = ${r.reasonId}
      where ${inSiteScope(scope, r.siteId)} and ${r.status} = 'pending' and ${r.startDate} <= ${to}::date and ${r.endDate} >= ${from}::date
      group by ${r.siteId}`) as unknown as Promise<Rows>,
    db
      .select({ siteId: publicHolidays.siteId, date: publicHolidays.date, name: publicHolidays.name })
      .from(publicHolidays)
      .where(and(inSiteScope(scope, publicHolidays.siteId), gte(publicHolidays.date, from), lte(publicHolidays.date, to)))
      .orderBy(asc(publicHolidays.date), asc(publicHolidays.id)),
    db
      .select({ siteId: siteSettings.siteId, saturdayWorkday: siteSettings.saturdayWorkday, sundayWorkday: siteSettings.sundayWorkday })
      .from(siteSettings)
      .where(inSiteScope(scope, siteSettings.siteId)),
    db.select().from(coverageRules).where(inSiteScope(scope, coverageRules.siteId)).orderBy(asc(coverageRules.validFrom)),
    db
      .select({ siteId: coverageOverrides.siteId, date: coverageOverrides.date, hours: coverageOverrides.hours })
      .from(coverageOverrides)
      .where(and(inSiteScope(scope, coverageOverrides.siteId), gte(coverageOverrides.date, from), lte(coverageOverrides.date, to))),
  ]);

  const out = new Map<number, ForecastSiteInput>();
  for (const s of scope.sites) {
    out.set(s.id, {
      settings: { saturdayWorkday: false, sundayWorkday: false },
      employees: [],
      spans: [],
      holidays: [],
      rules: { versions: [], overrides: {} },
      pending: [],
      pendingCount: 0,
    });
  }
  const at = (siteId: number) => out.get(siteId);
  for (const row of staff.rows) {
    const site = at(Number(row.site));
    if (site) site.employees = staffFromFlat(JSON.parse(row.body) as Array<number | null>);
  }
  for (const row of spans.rows) {
    const site = at(Number(row.site));
    if (site) site.spans = JSON.parse(row.body) as Array<number | null>;
  }
  for (const row of pending.rows) {
    const site = at(Number(row.site));
    if (!site) continue;
    site.pending = JSON.parse(row.body) as Array<number | null>;
    site.pendingCount = site.pending.length / 7;
  }
  for (const h of holidays) at(h.siteId)?.holidays.push({ date: h.date, name: h.name });
  for (const s of settings) {
    const site = at(s.siteId);
    if (site) site.settings = { saturdayWorkday: s.saturdayWorkday, sundayWorkday: s.sundayWorkday };
  }
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
