import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { awaitsAuthorisation, isDayChanged } from '../../../shared/domain/day-authorisation';
import { addDaysStr, eachDay } from '../../../shared/domain/dates';
import type { ShortfallStatus } from '../../../shared/domain/coverage-messages';
import { inSiteScope, permittedScope, siteJoin, type SiteScope } from '../../auth/access';
import type { Db } from '../../db/client';
import { dayChanges, employees, exceptionReasons, exceptions, notes, sites, siteUsers } from '../../db/schema';
import { shortDaysOf } from '../coverage';
import { readDays } from '../day-ledger';
import { requestsWaitingFor } from '../leave-requests';
import type { NotificationRow } from './service';

/** What one digest says, gathered from the database for the sites its owner may use now. */

export interface DigestOwner {
  userId: number;
  homeSiteId: number;
  businessId: number;
  /** A read-only owner's digest goes only to users of the business (decision 064). */
  isReadOnly: boolean;
}

export interface SiteRef {
  id: number;
  name: string;
}

export interface UpcomingItem {
  employee: string;
  type: string;
  isFullDay: boolean;
  hours: number | null;
  notes: string | null;
}
export interface UpcomingDay {
  date: string;
  sites: Array<{ site: SiteRef; items: UpcomingItem[]; notes: Array<{ title: string; description: string | null }> }>;
}
export interface AvailabilityDay {
  date: string;
  availableHours: number;
  defaultHours: number;
  holiday: string | null;
  awaitingAuthorisation: boolean;
}
export interface SiteAvailability {
  site: SiteRef;
  days: AvailabilityDay[];
}

export interface SiteShortfalls {
  site: SiteRef;
  days: ShortfallStatus[];
}

/** How far ahead a digest lists short days (issue 38: "shortfalls in the next 14 days"), today included. */
export const DIGEST_SHORTFALL_DAYS = 14;

export interface DigestData {
  today: string;
  upcoming: { days: number; from: string; to: string; includeNotes: boolean; byDay: UpcomingDay[] } | null;
  availability: { days: number; from: string; to: string; sites: SiteAvailability[] } | null;
  /** Time-off requests awaiting the owner's decision, per site where they approve (decision 092); absent or empty: no line. */
  requestsWaiting?: Array<{ site: SiteRef; count: number }>;
  /**
   * Short days of the digest's sites that have minimum hours (decisions 096 and 101), only the sites with a short
   * day listed; null or absent when none of its sites has rules (then the digest says nothing of coverage).
   */
  shortfalls?: { days: number; from: string; to: string; sites: SiteShortfalls[] } | null;
}

type Scope = 'current' | 'selected' | 'all';

/** The sites a section covers: always within the owner's permitted sites at send time. */
export async function scopeSites(db: Db, n: NotificationRow, owner: DigestOwner, scope: Scope, selected: number[]): Promise<SiteScope> {
  if (scope === 'current') return permittedScope(db, owner, (id) => id === n.siteId);
  if (scope === 'selected') return permittedScope(db, owner, (id) => selected.includes(id));
  return permittedScope(db, owner);
}

async function upcomingFor(db: Db, scope: SiteScope, from: string, to: string, includeNotes: boolean): Promise<UpcomingDay[]> {
  const siteList = scope.sites;
  if (siteList.length === 0) return [];
  const spans = await db
    .select({
      siteId: exceptions.siteId,
      startDate: exceptions.startDate,
      endDate: exceptions.endDate,
      isFullDay: exceptions.isFullDay,
      hours: exceptions.hours,
      notes: exceptions.notes,
      employee: employees.name,
      type: exceptionReasons.name,
    })
    .from(exceptions)
    .innerJoin(employees, eq(employees.id, exceptions.employeeId))
    .leftJoin(exceptionReasons, eq(exceptionReasons.id, exceptions.reasonId))
    .where(and(inSiteScope(scope, exceptions.siteId), lte(exceptions.startDate, to), gte(exceptions.endDate, from)))
    .orderBy(asc(employees.name), asc(exceptions.id));
  const dayNotes = includeNotes
    ? await db
        .select({
          siteId: notes.siteId,
          title: notes.title,
          description: notes.description,
          startDate: notes.startDate,
          endDate: notes.endDate,
        })
        .from(notes)
        .where(and(inSiteScope(scope, notes.siteId), lte(notes.startDate, to), gte(notes.endDate, from)))
        .orderBy(asc(notes.startDate), asc(notes.id))
    : [];

  const out: UpcomingDay[] = [];
  for (const date of eachDay(from, to)) {
    const bySite = siteList
      .map((site) => ({
        site,
        items: spans
          .filter((x) => x.siteId === site.id && x.startDate <= date && x.endDate >= date)
          .map((x) => ({
            employee: x.employee,
            type: x.type ?? 'Exception',
            isFullDay: x.isFullDay,
            hours: x.hours,
            notes: includeNotes ? x.notes : null,
          })),
        notes: dayNotes
          .filter((x) => x.siteId === site.id && x.startDate <= date && x.endDate >= date)
          .map((x) => ({ title: x.title, description: x.description })),
      }))
      .filter((s) => s.items.length > 0 || s.notes.length > 0);
    if (bySite.length > 0) out.push({ date, sites: bySite });
  }
  return out;
}

async function availabilityFor(db: Db, scope: SiteScope, from: string, to: string, today: string): Promise<SiteAvailability[]> {
  const days = eachDay(from, to);
  const result: SiteAvailability[] = [];
  const allChanges = await db
    .select({
      siteId: dayChanges.siteId,
      date: dayChanges.date,
      isAuthorised: dayChanges.isAuthorised,
      defaultHours: dayChanges.defaultHours,
    })
    .from(dayChanges)
    .where(and(inSiteScope(scope, dayChanges.siteId), gte(dayChanges.date, from), lte(dayChanges.date, to)));
  for (const site of scope.sites) {
    const computed = await readDays(db, site.id, days);
    const changeOf = new Map(allChanges.filter((c) => c.siteId === site.id).map((c) => [c.date, c]));
    result.push({
      site,
      days: days.map((date) => {
        const d = computed.get(date)!;
        const row = changeOf.get(date);
        const changed = isDayChanged(
          date,
          row ? { authorised: row.isAuthorised, defaultHours: row.defaultHours } : null,
          d.isPublicHoliday,
          today,
        );
        return {
          date,
          availableHours: d.availableHours,
          defaultHours: d.defaultHours,
          holiday: d.isPublicHoliday ? (d.publicHolidayName ?? 'Public holiday') : null,
          awaitingAuthorisation: awaitsAuthorisation(d.availableHours, changed),
        };
      }),
    });
  }
  return result;
}

/** The short days of each site a section of the digest covers; null when none of them has minimum hours. */
async function shortfallsFor(db: Db, scopes: SiteScope[], today: string): Promise<DigestData['shortfalls']> {
  const to = addDaysStr(today, DIGEST_SHORTFALL_DAYS - 1);
  const seen = new Set<number>();
  let withRules = 0;
  const out: SiteShortfalls[] = [];
  for (const site of scopes.flatMap((s) => s.sites)) {
    if (seen.has(site.id)) continue;
    seen.add(site.id);
    const days = await shortDaysOf(db, site.id, today, to);
    if (days === null) continue;
    withRules += 1;
    if (days.length > 0) out.push({ site: { id: site.id, name: site.name }, days });
  }
  return withRules === 0 ? null : { days: DIGEST_SHORTFALL_DAYS, from: today, to, sites: out };
}

/** Everything one digest shows; `today` is the local day in the notification's time zone at send time. */
export async function gatherDigest(db: Db, n: NotificationRow, owner: DigestOwner, today: string): Promise<DigestData> {
  let upcoming: DigestData['upcoming'] = null;
  const covered: SiteScope[] = [];
  if (n.upcomingExceptionsEnabled) {
    const to = addDaysStr(today, n.upcomingExceptionDays - 1);
    const siteList = await scopeSites(db, n, owner, n.upcomingExceptionsSiteScope as Scope, n.upcomingExceptionsSelectedSites);
    covered.push(siteList);
    upcoming = {
      days: n.upcomingExceptionDays,
      from: today,
      to,
      includeNotes: n.upcomingExceptionsIncludeNotes,
      byDay: await upcomingFor(db, siteList, today, to, n.upcomingExceptionsIncludeNotes),
    };
  }
  let availability: DigestData['availability'] = null;
  if (n.teamAvailabilityEnabled) {
    const to = addDaysStr(today, n.teamAvailabilityPeriod - 1);
    const siteList = await scopeSites(db, n, owner, n.teamAvailabilitySiteScope as Scope, n.teamAvailabilitySelectedSites);
    covered.push(siteList);
    availability = { days: n.teamAvailabilityPeriod, from: today, to, sites: await availabilityFor(db, siteList, today, to, today) };
  }
  const requestsWaiting = await requestsWaitingFor(db, owner.userId, await permittedScope(db, owner));
  const shortfalls = await shortfallsFor(db, covered, today);
  return { today, upcoming, availability, requestsWaiting, shortfalls };
}

/** The owner as the sender needs them: null when removed or deactivated (their notifications stop). */
export async function activeOwner(db: Db, userId: number | null): Promise<DigestOwner | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({
      userId: siteUsers.id,
      homeSiteId: siteUsers.siteId,
      businessId: sites.businessId,
      isActive: siteUsers.isActive,
      isReadOnly: siteUsers.isReadOnly,
    })
    .from(siteUsers)
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .where(eq(siteUsers.id, userId));
  if (!row || !row.isActive) return null;
  return { userId: row.userId, homeSiteId: row.homeSiteId, businessId: row.businessId, isReadOnly: row.isReadOnly };
}
