import type { TReportLayout, TReportType, TSiteScope } from '../../../shared/contracts/reports';
import type { Actor, SiteScope } from '../../auth/access';
import type { Db } from '../../db/client';
import { todayOf } from '../day-ledger';
import { businessName, loadSites, sitesInScope } from './load';
import { buildExceptionsReport, buildHoursReport } from './model';
import type { BalancesReport, Report, ReportHeader } from './types';
import { balancesOn } from '../balances';

export interface ReportParams {
  startDate: string;
  endDate: string;
  reportType: TReportType;
  format: TReportLayout;
  siteScope?: TSiteScope;
  includeAllSites?: boolean;
  includeNotes: boolean;
}

/** Loads the scope's rows and builds the one report every rendering uses. */
export async function buildReport(db: Db, actor: Actor, p: ReportParams, now: Date): Promise<Report> {
  const scoped = await sitesInScope(db, actor, p);
  if (p.reportType === 'balances') return buildBalancesReport(db, scoped, header(await businessName(db, actor), actor, p, now), now);
  const withNotes = p.reportType === 'exceptions' && p.includeNotes;
  const [business, sites] = await Promise.all([businessName(db, actor), loadSites(db, scoped, p.startDate, p.endDate, withNotes)]);
  const head = header(business, actor, p, now);
  return p.reportType === 'exceptions' ? buildExceptionsReport(head, sites, withNotes) : buildHoursReport(head, sites, todayOf(now));
}

const header = (business: string, actor: Actor, p: ReportParams, now: Date): ReportHeader => ({
  businessName: business,
  startDate: p.startDate,
  endDate: p.endDate,
  generatedAt: now,
  generatedBy: actor.username || actor.email,
  layout: p.format,
});

/**
 * Each site's balances in the leave year the range ends in (decision 095), as of today: a balance is a running
 * figure, so the range only picks the year. Every site of the scope is read as itself, with its own policy.
 */
async function buildBalancesReport(db: Db, scoped: SiteScope, head: ReportHeader, now: Date): Promise<BalancesReport> {
  const sites = [];
  for (const site of scoped.sites) {
    sites.push({
      id: site.id,
      name: site.name,
      balances: await balancesOn(db, { siteId: site.id, isStaff: false, employeeId: null }, head.endDate, now),
    });
  }
  return { kind: 'balances', header: head, sites };
}

const TITLES = { exceptions: 'Exception Report', hours: 'Available Hours Report', balances: 'Leave Balances Report' } as const;
export const reportTitle = (r: Pick<Report, 'kind'>) => TITLES[r.kind];

/** Exceptions overlapping the range in the report's scope: the preview's totalExceptions (none in a balances report). */
export const exceptionCount = (r: Report) => (r.kind === 'exceptions' ? r.totals.count : r.kind === 'hours' ? r.exceptionCount : 0);
