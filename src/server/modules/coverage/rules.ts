import { and, asc, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TCoverageRules, TCoverageRulesInput, TCoverageWeekdays } from '../../../shared/contracts/coverage';
import { COVERAGE_WEEKDAYS, hasCoverageRules, versionOn, type CoverageRules, type CoverageVersion } from '../../../shared/domain/coverage';
import { inSiteId, type Actor, type ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { coverageOverrides, coverageRules, coverageSettings } from '../../db/schema';
import { todayOf } from '../day-ledger';

/** A site's minimum hours (decision 096): versions by weekday, date overrides, and the alert's horizon. */

export const DEFAULT_ALERT_HORIZON_DAYS = 14;

type RuleRow = typeof coverageRules.$inferSelect;
const column = (day: (typeof COVERAGE_WEEKDAYS)[number]) => `${day}Hours` as const;

/** A stored version's minimums by weekday name, the weekdays without one left out. */
export function weekdaysOf(r: RuleRow): TCoverageWeekdays {
  const out: TCoverageWeekdays = {};
  for (const d of COVERAGE_WEEKDAYS) {
    const h = r[column(d)];
    if (h !== null) out[d] = h;
  }
  return out;
}

/**
 * The rules the engine needs for the days from `from` to `to`: every version (there are few; the one holding
 * on `from` may have begun long before) and the overrides in the window. Without a window, every override.
 */
export async function readCoverageRules(db: Db, siteId: ActorSiteId, window?: { from: string; to: string }): Promise<CoverageRules> {
  const [versions, overrides] = await Promise.all([
    db.select().from(coverageRules).where(inSiteId(siteId, coverageRules.siteId)).orderBy(asc(coverageRules.validFrom)),
    db
      .select({ date: coverageOverrides.date, hours: coverageOverrides.hours })
      .from(coverageOverrides)
      .where(
        window
          ? and(
              inSiteId(siteId, coverageOverrides.siteId),
              gte(coverageOverrides.date, window.from),
              lte(coverageOverrides.date, window.to),
            )
          : inSiteId(siteId, coverageOverrides.siteId),
      ),
  ]);
  return {
    versions: versions.map((r): CoverageVersion => ({ validFrom: r.validFrom, weekdays: weekdaysOf(r) })),
    overrides: Object.fromEntries(overrides.map((o) => [o.date, o.hours])),
  };
}

/**
 * The rules of the days from `from` to `to` as one JSON text, `[versions, overrides]` (each null when there are
 * none), for a write to read in its own statement beside the engine's input (decision 097): a site without rules
 * costs two index probes and no round trip. Read with `parseCoverageRules`.
 */
export function coverageRulesSql(siteId: ActorSiteId | Placeholder, from: string | Placeholder, to: string | Placeholder): SQL<string> {
  const r = coverageRules;
  const o = coverageOverrides;
  const versions = sql`select json_agg(json_build_array(${r.validFrom}, ${r.mondayHours}, ${r.tuesdayHours}, ${r.wednesdayHours},
      ${r.thursdayHours}, ${r.fridayHours}, ${r.saturdayHours}, ${r.sundayHours})) from ${r} where ${inSiteId(siteId, r.siteId)}`;
  const overrides = sql`select json_agg(json_build_array(${o.date}, ${o.hours})) from ${o}
      where ${inSiteId(siteId, o.siteId)} and ${o.date} between ${from}::date and ${to}::date`;
  return sql<string>`json_build_array((${versions}), (${overrides}))::text`;
}

type RulesText = [Array<[string, ...Array<number | null>]> | null, Array<[string, number]> | null];

/** The rules `coverageRulesSql` read, or null when the site has none for those days (the write skips the check). */
export function parseCoverageRules(text: string): CoverageRules | null {
  const [versions, overrides] = JSON.parse(text) as RulesText;
  if (!versions && !overrides) return null;
  const rules: CoverageRules = {
    versions: (versions ?? []).map(([validFrom, ...hours]) => {
      const weekdays: TCoverageWeekdays = {};
      COVERAGE_WEEKDAYS.forEach((d, i) => {
        const h = hours[i];
        if (h !== null && h !== undefined) weekdays[d] = Number(h);
      });
      return { validFrom, weekdays };
    }),
    overrides: Object.fromEntries((overrides ?? []).map(([date, hours]) => [date, Number(hours)])),
  };
  return hasCoverageRules(rules) ? rules : null;
}

export async function alertHorizonDays(db: Db, siteId: ActorSiteId): Promise<number> {
  const [row] = await db
    .select({ days: coverageSettings.alertHorizonDays })
    .from(coverageSettings)
    .where(inSiteId(siteId, coverageSettings.siteId));
  return row?.days ?? DEFAULT_ALERT_HORIZON_DAYS;
}

/** `GET /api/coverage-rules`: today's minimums, every version, the overrides from today on. */
export async function getCoverageRules(db: Db, actor: Actor, now: Date): Promise<TCoverageRules> {
  const today = todayOf(now);
  const [rules, horizon] = await Promise.all([readCoverageRules(db, actor.siteId), alertHorizonDays(db, actor.siteId)]);
  const current = versionOn(rules, today);
  return {
    weekdays: current?.weekdays ?? {},
    validFrom: current?.validFrom ?? null,
    overrides: Object.entries(rules.overrides)
      .filter(([date]) => date >= today)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, hours]) => ({ date, hours })),
    versions: rules.versions.map((v) => ({ validFrom: v.validFrom, weekdays: v.weekdays })),
    alertHorizonDays: horizon,
  };
}

/**
 * `PUT /api/coverage-rules`: with `weekdays`, the version starting on `validFrom` (replaced when one starts that
 * day; later versions stay, as with contracts); with `overrides`, the overrides from `validFrom` on become exactly
 * those given. One transaction, so the calendar's data mark moves once.
 */
export async function putCoverageRules(db: Db, actor: Actor, input: TCoverageRulesInput, now: Date): Promise<TCoverageRules> {
  await db.transaction(async (tx) => {
    if (input.weekdays) {
      const values = Object.fromEntries(COVERAGE_WEEKDAYS.map((d) => [column(d), input.weekdays?.[d] ?? null]));
      await tx
        .insert(coverageRules)
        .values({ siteId: actor.siteId, validFrom: input.validFrom, updatedByUserId: actor.userId, ...values })
        .onConflictDoUpdate({ target: [coverageRules.siteId, coverageRules.validFrom], set: { ...values, updatedByUserId: actor.userId } });
    }
    if (input.overrides) {
      await tx
        .delete(coverageOverrides)
        .where(and(inSiteId(actor.siteId, coverageOverrides.siteId), gte(coverageOverrides.date, input.validFrom)));
      if (input.overrides.length > 0) {
        await tx.insert(coverageOverrides).values(input.overrides.map((o) => ({ siteId: actor.siteId, date: o.date, hours: o.hours })));
      }
    }
    if (input.alertHorizonDays !== undefined) {
      await tx
        .insert(coverageSettings)
        .values({ siteId: actor.siteId, alertHorizonDays: input.alertHorizonDays, updatedAt: now })
        .onConflictDoUpdate({ target: coverageSettings.siteId, set: { alertHorizonDays: input.alertHorizonDays, updatedAt: now } });
    }
  });
  return getCoverageRules(db, actor, now);
}
