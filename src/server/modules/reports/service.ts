import type { TReportLayout, TReportType, TSiteScope } from '../../../shared/contracts/reports';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { todayOf } from '../day-ledger';
import { businessName, loadSites, sitesInScope } from './load';
import { buildExceptionsReport, buildHoursReport } from './model';
import type { Report } from './types';

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
  const withNotes = p.reportType === 'exceptions' && p.includeNotes;
  const [business, sites] = await Promise.all([businessName(db, actor), loadSites(db, scoped, p.startDate, p.endDate, withNotes)]);
  const header = {
    businessName: business,
    startDate: p.startDate,
    endDate: p.endDate,
    generatedAt: now,
    generatedBy: actor.username || actor.email,
    layout: p.format,
  };
  return p.reportType === 'exceptions' ? buildExceptionsReport(header, sites, withNotes) : buildHoursReport(header, sites, todayOf(now));
}

export const reportTitle = (r: Pick<Report, 'kind'>) => (r.kind === 'exceptions' ? 'Exception Report' : 'Available Hours Report');

/** Exceptions overlapping the range in the report's scope: the preview's totalExceptions. */
export const exceptionCount = (r: Report) => (r.kind === 'exceptions' ? r.totals.count : r.exceptionCount);
