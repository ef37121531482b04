import { z } from 'zod';
import {
  reportFileName,
  ZEmailReportRequest,
  ZEmailReportResponse,
  ZReportCount,
  ZReportCountQuery,
  ZReportPreview,
  ZReportRequest,
} from '../../../shared/contracts/reports';
import { requireUser } from '../../auth/access';
import type { App, AppDeps } from '../../http/types';
import { assertOutsideBudget, checkUserMail } from '../../mail/quota';
import { limitRequest } from '../../rate-limit/limiters';
import { reportCsv } from './csv';
import { reportHtml } from './html';
import { countExceptions, sitesInScope } from './load';
import { reportMail } from './mail';
import { recordLastUsed } from '../report-recipients';
import { reportPdf } from './pdf/render';
import { buildReport, exceptionCount } from './service';
import { absenceTotals } from './person';
import { ZAbsenceTotals, ZAbsenceTotalsQuery } from '../../../shared/contracts/absence-totals';
import { ZIdParams } from '../../../shared/contracts/common';

/** Decision 019: 20 report e-mails per user per hour (`policies.reportEmail`). */
export const reportRouteMessages = { tooMany: 'Too many report e-mails. Please try again in an hour.' } as const;

const attachment = (name: string) => `attachment; filename="${name}"`;

/** Reports (spec 02 §7): reading and sending a report is open to every signed-in user, read-only included. */
export function registerReportRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;
  // Reports only read: read-only users may make and send them (spec 02 §6), and so may a site whose trial ended.
  const user = { access: 'user' as const, billingExempt: true };

  // The employee's page (decision 088): one person's days and hours away, by the report's own measure.
  app.get(
    '/api/employees/:id/absence-totals',
    { config: { access: 'user' }, schema: { params: ZIdParams, querystring: ZAbsenceTotalsQuery, response: { 200: ZAbsenceTotals } } },
    async (req) => absenceTotals(db, requireUser(req), req.params.id, req.query.startDate, req.query.endDate),
  );

  app.get(
    '/api/reports/count',
    { config: user, schema: { querystring: ZReportCountQuery, response: { 200: ZReportCount } } },
    async (req) => {
      const scoped = await sitesInScope(db, requireUser(req), req.query);
      const count = await countExceptions(db, scoped, req.query.startDate, req.query.endDate);
      return { count, sitesIncluded: scoped.sites.map((s) => s.name), siteCount: scoped.permittedCount };
    },
  );

  app.post('/api/report-preview', { config: user, schema: { body: ZReportRequest, response: { 200: ZReportPreview } } }, async (req) => {
    const report = await buildReport(db, requireUser(req), req.body, deps.now());
    return {
      totalExceptions: exceptionCount(report),
      sitesIncluded: report.sites.map((s) => s.name),
      dateRange: { startDate: report.header.startDate, endDate: report.header.endDate },
      content: reportHtml(report),
    };
  });

  // application/pdf by default; a caller that accepts only JSON gets the spec's { htmlContent }.
  app.post('/api/generate-pdf', { config: user, schema: { body: ZReportRequest } }, async (req, reply) => {
    const report = await buildReport(db, requireUser(req), req.body, deps.now());
    const accept = req.headers.accept ?? '';
    if (accept.includes('application/json') && !accept.includes('application/pdf')) {
      return reply.type('application/json').send(JSON.stringify({ htmlContent: reportHtml(report) }));
    }
    const pdf = await reportPdf(report);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(reportFileName(req.body.reportType, req.body.startDate, req.body.endDate)))
      .send(pdf);
  });

  app.post('/api/reports/csv', { config: user, schema: { body: ZReportRequest } }, async (req, reply) => {
    const report = await buildReport(db, requireUser(req), req.body, deps.now());
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', attachment(reportFileName(req.body.reportType, req.body.startDate, req.body.endDate, 'csv')))
      .send(reportCsv(report));
  });

  app.post(
    '/api/email-report',
    {
      // Session-only, so no token rate: its own limits are the report mails per user and the day's mail budget.
      config: { ...user, refusals: [429] },
      schema: {
        body: ZEmailReportRequest,
        response: { 200: ZEmailReportResponse, 403: z.object({ message: z.string() }), 429: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const actor = requireUser(req);
      const body = req.body;
      // Decision 064: who may be mailed and the site's day budget are checked before the PDF is made.
      const outside = await checkUserMail(db, actor, body.recipients, deps.now());
      await limitRequest(req, app.rateLimits.reportEmail, String(actor.userId), reportRouteMessages.tooMany);
      const report = await buildReport(db, actor, body, deps.now());
      const fileName = reportFileName(body.reportType, body.startDate, body.endDate);
      const mail = {
        ...reportMail(report, body.recipients, await reportPdf(report), fileName),
        requestId: req.id,
        siteId: actor.siteId,
        outsideRecipients: outside,
      };
      // Decision 082: the sender's last used recipients are kept in the transaction that queues the mail.
      await deps.mailer.send(mail, async (tx) => {
        await assertOutsideBudget(tx, actor.siteId, outside, deps.now(), true);
        await recordLastUsed(tx, actor, body.recipients, deps.now());
      });
      const n = body.recipients.length;
      return { message: `Report sent to ${n} ${n === 1 ? 'recipient' : 'recipients'}`, recipients: n };
    },
  );
}
