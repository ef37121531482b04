import { eq } from 'drizzle-orm';
import type { ShortfallDay } from '../../../shared/domain/coverage';
import { shortfallLine } from '../../../shared/domain/coverage-messages';
import { leaveTaken } from '../../../shared/domain/leave-hours';
import { formatDayRange, formatDays, formatDaysAndHours, formatHours } from '../../../shared/format';
import type { Actor, ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { employees, siteUsers } from '../../db/schema';
import { escapeHtml as esc, htmlEmail } from '../../mail/html';
import type { Mailer } from '../../mail/mailer';
import { readDays, spanDays, todayOf } from '../day-ledger';
import { currentApprovers } from '../leave-approvers';
import { DECISION_PAGE, linkToken } from './links';

/**
 * The mails of time-off requests (decision 092), written to the outbox in the transaction of the change they tell
 * of (`enqueue`), so a rolled-back change mails no one. Every recipient is a user of the site, never an outside
 * address, so none of them counts against the site's daily budget of outside mail (decision 064).
 *
 * They read like a person wrote them (decision 114): people by their employee name, never the sign-in; the dates
 * as the product writes them ("Mon 14 – Tue 15 Dec 2026"); what the request takes in working days and hours
 * ("2 days, 15.2 h") from the day ledger's read, the same figure the requests screen shows.
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
  employeeId: number;
  employeeName: string;
  requesterUserId: number | null;
  reasonName: string;
  /** Extra hours (an additive type) take nothing from the day: the mail counts their days only. */
  isAdditive?: boolean;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: number | null;
  note: string | null;
  /** The days approving the request would leave the site short, weighed for its approvers (decision 113). */
  shortfall?: readonly ShortfallDay[] | null;
}

/** What the mails say of one request: its dates, and what it takes. */
export interface RequestWords {
  /** "Mon 14 – Tue 15 Dec 2026" */
  dates: string;
  /** "Mon 14 – Tue 15 Dec": the year left out when it is this year (subjects). */
  shortDates: string;
  /** "2 days" */
  days: string;
  /** "2 days, 15.2 h" (extra hours: "2 days") */
  takes: string;
  /** "Annual leave, Mon 14 – Tue 15 Dec 2026 (2 days, 15.2 h)", with ", 4.0 h a day" for part days. */
  what: string;
}

/** The words of a request, its working days and hours read from the day ledger (no second formula). */
export async function requestWords(tx: Db, siteId: ActorSiteId, r: MailedRequest, now: Date): Promise<RequestWords> {
  const taken = leaveTaken(r, await readDays(tx, siteId, spanDays(r)));
  const calendarDays = spanDays(r).length;
  const dayCount = r.isAdditive ? calendarDays : taken.days;
  const thisYear = +todayOf(now).slice(0, 4);
  const dates = formatDayRange(r.startDate, r.endDate);
  const days = formatDays(dayCount);
  const takes = r.isAdditive ? days : formatDaysAndHours(taken.days, taken.hours);
  const partDay = r.isFullDay ? '' : `, ${formatHours(r.hours ?? 0)} a day`;
  return {
    dates,
    shortDates: formatDayRange(r.startDate, r.endDate, { omitYear: thisYear }),
    days,
    takes,
    what: `${r.reasonName}, ${dates}${partDay} (${takes})`,
  };
}

/**
 * How a mail names a user: the name of the employee linked to them, else their user name (what the users list
 * shows for a user with no employee).
 */
export async function personName(tx: Db, user: { userId: number | null; username: string }): Promise<string> {
  if (user.userId === null) return user.username;
  // By user id: a user has at most one linked employee (employees_user_unique), whatever its site.
  const [linked] = await tx.select({ name: employees.name }).from(employees).where(eq(employees.userId, user.userId)).limit(1);
  return linked?.name ?? user.username;
}

/** A subject line never carries a line break, whatever a name holds. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ');

const button = (href: string, label: string, color: string) =>
  `<a href="${esc(href)}" style="display:inline-block;margin-right:12px;padding:10px 16px;border-radius:6px;background:${color};color:#fff;text-decoration:none;font-weight:600">${esc(label)}</a>`;

export interface ApproverMailText {
  subject: string;
  lines: string[];
}

/** The subject and opening lines of an approver's mail: pure, so a snapshot test reads them. */
export function approverMailText(r: MailedRequest, w: RequestWords, kind: 'new' | 'cancellation'): ApproverMailText {
  // The person asking is the request's employee: a request is always for the requester's own linked employee.
  const who = r.employeeName;
  const subject = kind === 'new' ? `${who} asks for ${w.shortDates} (${w.days})` : `${who} asks to cancel ${w.shortDates} (${w.days})`;
  const lines = [
    kind === 'new' ? `${who} asks for time off: ${w.what}.` : `${who} asks to cancel approved time off: ${w.what}.`,
    ...(r.note ? [`Note: ${r.note}`] : []),
  ];
  const short = r.shortfall ?? [];
  if (kind === 'new' && short.length > 0) {
    const more = short.length > 2 ? ` (and ${short.length - 2} more ${short.length - 2 === 1 ? 'day' : 'days'})` : '';
    lines.push(
      `Approving it leaves the site short: ${short.slice(0, 2).map(shortfallLine).join('; ')}${more}. Approve it in Hoursight, with a reason.`,
    );
  }
  return { subject: oneLine(subject), lines };
}

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
  if (approvers.length === 0) return;
  const { subject, lines } = approverMailText(r, await requestWords(tx, actor.siteId, r, now), kind);
  const open = `${mail.appUrl}/requests`;
  for (const a of approvers) {
    const link = (action: 'approve' | 'decline') =>
      `${mail.appUrl}${DECISION_PAGE}?token=${encodeURIComponent(linkToken(mail.secret, { requestId: r.id, userId: a.id, action, version: r.version }, now))}`;
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

const outcomeSubject: Record<Outcome, string> = {
  approved: 'was approved',
  declined: 'was declined',
  'cancellation-approved': 'is cancelled',
  'cancellation-declined': 'stays approved',
};

const outcomeLine: Record<Outcome, (what: string, decider: string) => string> = {
  approved: (what, decider) => `${decider} approved your time off: ${what}.`,
  declined: (what, decider) => `${decider} declined your time off: ${what}.`,
  'cancellation-approved': (what, decider) => `${decider} approved your cancellation, so this time off is cancelled: ${what}.`,
  'cancellation-declined': (what, decider) => `${decider} declined your cancellation, so this time off stays approved: ${what}.`,
};

/** The subject and opening lines of the requester's mail: pure, so a snapshot test reads them. */
export function requesterMailText(w: RequestWords, outcome: Outcome, decider: string, comment: string | null): ApproverMailText {
  return {
    subject: oneLine(`Your time off ${w.shortDates} (${w.days}) ${outcomeSubject[outcome]}`),
    lines: [outcomeLine[outcome](w.what, decider), ...(comment ? [`Comment: ${comment}`] : [])],
  };
}

/** The requester hears of each decision, with the decider's comment; `actor` is the decider. */
export async function mailRequester(
  tx: Db,
  actor: Pick<Actor, 'siteId' | 'userId' | 'username'>,
  mail: RequestMail,
  r: MailedRequest,
  outcome: Outcome,
  comment: string | null,
  now: Date,
): Promise<void> {
  if (r.requesterUserId === null) return;
  // By id: the requester is named by this site's own request row, and may be a user of another site of the business.
  const [to] = await tx
    .select({ email: siteUsers.email, isActive: siteUsers.isActive })
    .from(siteUsers)
    .where(eq(siteUsers.id, r.requesterUserId));
  if (!to?.isActive) return;
  const decider = await personName(tx, actor);
  const { subject, lines } = requesterMailText(await requestWords(tx, actor.siteId, r, now), outcome, decider, comment);
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
