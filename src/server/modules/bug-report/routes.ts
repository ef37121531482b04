import { ZBugReportRequest } from '../../../shared/contracts/bug-report';
import { ZMessage } from '../../../shared/contracts/common';
import { requireUser } from '../../auth/access';
import { bugReports } from '../../db/schema';
import { escapeHtml, htmlEmail } from '../../mail/html';
import type { App, AppDeps } from '../../http/types';

export function registerBugReportRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  // Read-only users may report bugs too: a report changes no tenant data.
  // Reporting a problem must work most of all when the site is locked.
  app.post(
    '/api/bug-report',
    { config: { access: 'staff', billingExempt: true }, schema: { body: ZBugReportRequest, response: { 200: ZMessage } } },
    async (req) => {
      const actor = requireUser(req);
      const { subject, details } = req.body;
      const [report] = await db.insert(bugReports).values({ siteId: actor.siteId, userId: actor.userId, subject, details }).returning();
      if (deps.config.supportEmail) {
        const from = `${actor.username} <${actor.email}>, site #${actor.siteId}`;
        await deps.mailer.send({
          to: deps.config.supportEmail,
          subject: `[Bug #${report.id}] ${subject}`,
          text: `From: ${from}\n\n${details}`,
          html: htmlEmail(`Bug report #${report.id}: ${subject}`, [
            escapeHtml(`From: ${from}`),
            escapeHtml(details).replace(/\n/g, '<br>'),
          ]),
          requestId: req.id,
        });
      }
      return { message: 'Bug report sent' };
    },
  );
}
