import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../auth/access';
import type { AppDeps } from '../../http/types';
import { escapeHtml, htmlEmail } from '../../mail/html';
import { assertOutsideBudget, checkUserMail } from '../../mail/quota';
import { limitRequest } from '../../rate-limit/limiters';

/** A signed-in user may send a few test mails an hour (`policies.testEmail`), so the call cannot be used to mail strangers in bulk. */
const tooManyTestEmails = 'Too many test emails. Please try again later.';

/**
 * POST /api/test-email: one short mail, so a user can see that mail reaches the address before saving a
 * notification. It counts against the site's outside budget like any other mail (decision 064).
 */
export async function testEmail(deps: AppDeps, actor: Actor, to: string, req: FastifyRequest): Promise<void> {
  const { db } = deps.database;
  const outside = await checkUserMail(db, actor, [to], deps.now());
  await limitRequest(req, req.server.rateLimits.testEmail, String(actor.userId), tooManyTestEmails);
  const lines = [
    'This is a test email from Hoursight.',
    `It was sent by ${actor.email} from Settings → Email Notifications. If it reached you, saved notifications to this address will arrive too.`,
  ];
  const mail = {
    to,
    subject: 'Hoursight test email',
    text: lines.join('\n\n'),
    html: htmlEmail('Hoursight test email', lines.map(escapeHtml)),
    requestId: req.id,
    siteId: actor.siteId,
    outsideRecipients: outside,
  };
  await deps.mailer.send(mail, (tx) => assertOutsideBudget(tx, actor.siteId, outside, deps.now(), true));
}
