import { count, desc, eq } from 'drizzle-orm';
import type { TBugReportRow } from '../../../shared/contracts/super-admin';
import { notFound } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { bugReports, sites, siteUsers } from '../../db/schema';
import { recordAudit } from './audit';
import type { SuperAdminSession } from './sessions';

/** Bug reports sent from the app (`POST /api/bug-report`), newest first, optionally of one status. */
export async function listBugReports(db: Db, query: { page: number; pageSize: number; status?: TBugReportRow['status'] }) {
  const where = query.status ? eq(bugReports.status, query.status) : undefined;
  const [{ n }] = await db.select({ n: count() }).from(bugReports).where(where);
  const rows = await db
    .select({ report: bugReports, siteName: sites.name, userEmail: siteUsers.email })
    .from(bugReports)
    .leftJoin(sites, eq(sites.id, bugReports.siteId))
    .leftJoin(siteUsers, eq(siteUsers.id, bugReports.userId))
    .where(where)
    .orderBy(desc(bugReports.createdAt), desc(bugReports.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items: TBugReportRow[] = rows.map(({ report, siteName, userEmail }) => ({
    id: report.id,
    subject: report.subject,
    details: report.details,
    status: report.status as TBugReportRow['status'],
    siteName,
    userEmail,
    createdAt: report.createdAt.toISOString(),
  }));
  return { items, total: n, page: query.page, pageSize: query.pageSize };
}

export async function setBugStatus(db: Db, who: SuperAdminSession, id: number, status: TBugReportRow['status'], now: Date) {
  await db.transaction(async (tx) => {
    const [report] = await tx
      .select({ status: bugReports.status, businessId: sites.businessId })
      .from(bugReports)
      .leftJoin(sites, eq(sites.id, bugReports.siteId))
      .where(eq(bugReports.id, id));
    if (!report) throw notFound('Bug report');
    await tx.update(bugReports).set({ status }).where(eq(bugReports.id, id));
    await recordAudit(
      tx,
      who,
      {
        businessId: report.businessId,
        entity: 'bug_report',
        entityId: id,
        action: 'bug_report.status',
        before: { status: report.status },
        after: { status },
      },
      now,
    );
  });
}
