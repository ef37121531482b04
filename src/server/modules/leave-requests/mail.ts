import { eq } from 'drizzle-orm';
import type { Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { siteUsers } from '../../db/schema';
import { escapeHtml as esc, htmlEmail } from '../../mail/html';
import type { Mailer } from '../../mail/mailer';
import { currentApprovers } from '../leave-approvers';
import { DECISION_PAGE, linkToken } from './links';

/**
 * The mails of time-off requests (decision 092), written to the outbox in the transaction of the change they tell
 * of (`enqueue`), so a rolled-back change mails no one. Every recipient is a user of the site, never an outside
 * address, so none of them counts against the site's daily budget of outside mail (decision 064).
 */

export interface RequestMail {
  mailer: Mailer;
  appUrl: string;
  /** The link secret (mail/link-secret.ts), resolved by the route. */
  secret: string;
  /** The request that causes the mail, for its outbox row and log lines. */
  requestId?: string;
}

export interface MailedRequest {
  id: number;
  version: number;
  employeeName: string;
  requesterName: string;
  requesterUserId: number | null;
  reasonName: string;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  note: string | null;
}

const span = (r: MailedRequest) =>
  `${r.startDate === r.endDate ? r.startDate : `${r.startDate} to ${r.endDate}`}${r.isFullDay ? '' : `, ${r.hours ?? 0} h a day`}`;

const button = (href: string, label: string, color: string) =>
  `<a href="${esc(href)}" style="display:inline-block;margin-right:12px;padding:10px 16px;border-radius:6px;background:${color};color:#fff;text-decoration:none;font-weight:600">${esc(label)}</a>`;

/** Each approver of the site (but the requester) gets the request with their own Approve and Decline links. */
export async function mailApprovers(
  tx: Db,
  actor: Pick<Actor, 'siteId'>,
  mail: RequestMail,
  r: MailedRequest,
  kind: 'new' | 'cancellation',
  now: Date,
): Promise<void> {
  const approvers = (await currentApprovers(tx, actor)).filter((a) => a.id !== r.requesterUserId);
  const what = kind === 'new' ? 'asks for time off' : 'asks to cancel approved time off';
  const subject =
    kind === 'new' ? `Time off request: ${r.employeeName}, ${span(r)}` : `Cancellation request: ${r.employeeName}, ${span(r)}`;
  const open = `${mail.appUrl}/requests`;
  for (const a of approvers) {
    const link = (action: 'approve' | 'decline') =>
      `${mail.appUrl}${DECISION_PAGE}?token=${encodeURIComponent(linkToken(mail.secret, { requestId: r.id, userId: a.id, action, version: r.version }, now))}`;
    const lines = [
      `${r.requesterName} ${what} for ${r.employeeName}: ${r.reasonName}, ${span(r)}.`,
      ...(r.note ? [`Note: ${r.note}`] : []),
    ];
    await mail.mailer.enqueue(tx, {
      to: a.email,
      subject,
      text: `${lines.join('\n')}\n\nApprove: ${link('approve')}\nDecline: ${link('decline')}\n\nOpen Hoursight: ${open}\n\nThe buttons work once, for 7 days, while the request is unchanged.\n`,
      html: htmlEmail(subject, [
        ...lines.map(esc),
        `${button(link('approve'), 'Approve', '#15803d')}${button(link('decline'), 'Decline', '#b91c1c')}`,
        `Or <a href="${esc(open)}">open Hoursight</a>. The buttons work once, for 7 days, while the request is unchanged.`,
      ]),
      requestId: mail.requestId,
      siteId: actor.siteId,
      outsideRecipients: 0,
    });
  }
}

export type Outcome = 'approved' | 'declined' | 'cancellation-approved' | 'cancellation-declined';

const outcomeText: Record<Outcome, string> = {
  approved: 'was approved',
  declined: 'was declined',
  'cancellation-approved': 'is cancelled: your cancellation was approved',
  'cancellation-declined': 'stays approved: your cancellation was declined',
};

/** The requester hears of each decision, with the decider's comment. */
export async function mailRequester(
  tx: Db,
  actor: Pick<Actor, 'siteId'>,
  mail: RequestMail,
  r: MailedRequest,
  outcome: Outcome,
  decider: string,
  comment: string | null,
): Promise<void> {
  if (r.requesterUserId === null) return;
  // By id: the requester is named by this site's own request row, and may be a user of another site of the business.
  const [to] = await tx
    .select({ email: siteUsers.email, isActive: siteUsers.isActive })
    .from(siteUsers)
    .where(eq(siteUsers.id, r.requesterUserId));
  if (!to?.isActive) return;
  const subject = `Your time off ${outcomeText[outcome].split(':')[0]}: ${r.reasonName}, ${span(r)}`;
  const lines = [
    `Your request for ${r.reasonName}, ${span(r)}, ${outcomeText[outcome]} by ${decider}.`,
    ...(comment ? [`Comment: ${comment}`] : []),
  ];
  await mail.mailer.enqueue(tx, {
    to: to.email,
    subject,
    text: `${lines.join('\n')}\n\nOpen Hoursight: ${mail.appUrl}/time-off\n`,
    html: htmlEmail(subject, [...lines.map(esc), `<a href="${esc(`${mail.appUrl}/time-off`)}">Open Hoursight</a>`]),
    requestId: mail.requestId,
    siteId: actor.siteId,
    outsideRecipients: 0,
  });
}
