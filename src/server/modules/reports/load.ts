import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { resolveScope, type TSiteScope } from '../../../shared/contracts/reports';
import { inSiteScope, permittedScope, type Actor, type SiteScope } from '../../auth/access';
import type { Db } from '../../db/client';
import { businesses, coverageOverrides, coverageRules, dayChanges, exceptions, notes, siteUsers } from '../../db/schema';
import { weekdaysOf } from '../coverage';
import { exceptionsOf, readSiteDays, type SiteDays } from '../day-ledger';
import type { ReportExceptionRow, SiteData } from './types';

/**
 * Reads for reports. The scope is decided here and only here: `current` is the session's site, `all`
 * is `permittedSites` (home site plus granted active sites of the same business). Every query below is
 * filtered by that list of site ids, so no row of a site the user may not use can reach a report.
 */

/** The sites of a report, and every site the user may use (the "All Sites" count). */
export type ScopedSites = SiteScope & { permittedCount: number };

export async function sitesInScope(
  db: Db,
  actor: Actor,
  scope: { siteScope?: TSiteScope; includeAllSites?: boolean },
): Promise<ScopedSites> {
  const scoped = await permittedScope(db, actor, resolveScope(scope) === 'all' ? undefined : (id) => id === actor.siteId);
  if (scoped.sites.length === 0) throw new AppError('FORBIDDEN', 'You may not use this site');
  return scoped;
}

export async function businessName(db: Db, actor: Actor): Promise<string> {
  const [row] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, actor.businessId));
  return row?.name ?? '';
}

/** Exceptions overlapping the range in these sites (the page's count). */
export async function countExceptions(db: Db, scope: SiteScope, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(exceptions)
    .where(and(inSiteScope(scope, exceptions.siteId), lte(exceptions.startDate, to), gte(exceptions.endDate, from)));
  return row?.n ?? 0;
}

/**
 * The day ledger's facts of every site at once (decision 110), with the names and particulars the pages list,
 * and beside them what only reports show: stored day rows, notes and the minimums. Split by site in memory.
 */
export async function loadSites(db: Db, scope: SiteScope, from: string, to: string, withNotes: boolean): Promise<SiteData[]> {
  const [facts, changes, noteRows, ruleRows, overrideRows] = await Promise.all([
    readSiteDays(db, scope, from, to, { detail: true }),
    db
      .select({
        siteId: dayChanges.siteId,
        date: dayChanges.date,
        currentHours: dayChanges.currentHours,
        defaultHours: dayChanges.defaultHours,
        authorisedHours: dayChanges.authorisedHours,
        isAuthorised: dayChanges.isAuthorised,
        authorisedBy: siteUsers.username,
        authorisedAt: dayChanges.authorisedAt,
      })
      .from(dayChanges)
      .leftJoin(siteUsers, eq(siteUsers.id, dayChanges.authorisedBy))
      .where(and(inSiteScope(scope, dayChanges.siteId), gte(dayChanges.date, from), lte(dayChanges.date, to)))
      .orderBy(asc(dayChanges.date)),
    withNotes
      ? db
          .select({
            siteId: notes.siteId,
            id: notes.id,
            title: notes.title,
            description: notes.description,
            startDate: notes.startDate,
            endDate: notes.endDate,
          })
          .from(notes)
          .where(and(inSiteScope(scope, notes.siteId), lte(notes.startDate, to), gte(notes.endDate, from)))
          .orderBy(asc(notes.startDate), asc(notes.id))
      : Promise.resolve([]),
    db.select().from(coverageRules).where(inSiteScope(scope, coverageRules.siteId)).orderBy(asc(coverageRules.validFrom)),
    db
      .select({ siteId: coverageOverrides.siteId, date: coverageOverrides.date, hours: coverageOverrides.hours })
      .from(coverageOverrides)
      .where(and(inSiteScope(scope, coverageOverrides.siteId), gte(coverageOverrides.date, from), lte(coverageOverrides.date, to))),
  ]);
  const of = <T extends { siteId: number }>(rows: T[], id: number) => rows.filter((r) => r.siteId === id);
  return scope.sites.map((s) => {
    const days = facts.get(s.id)!;
    return {
      id: s.id,
      name: s.name,
      settings: days.settings,
      employees: days.employees.map((e) => ({ ...e, name: days.names.get(e.id) ?? '' })),
      exceptions: reportExceptions(days),
      holidays: days.holidays,
      dayChanges: of(changes, s.id),
      notes: of(noteRows, s.id),
      coverage: {
        versions: of(ruleRows, s.id).map((r) => ({ validFrom: r.validFrom, weekdays: weekdaysOf(r) })),
        overrides: Object.fromEntries(of(overrideRows, s.id).map((o) => [o.date, o.hours])),
      },
    };
  });
}

/** The facts' exceptions with their type and notes, in the reports' order (first day, then id). */
function reportExceptions(days: SiteDays): ReportExceptionRow[] {
  return exceptionsOf(days)
    .map((x) => {
      const d = days.details.get(x.id);
      return {
        ...x,
        reasonId: d?.reasonId ?? 0,
        reasonName: d?.reasonName ?? 'Unknown type',
        isAdditive: x.isAdditive ?? false,
        notes: d?.notes ?? null,
      };
    })
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id));
}
