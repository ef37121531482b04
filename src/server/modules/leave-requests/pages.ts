import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEAVE_COMMENT_MAX,
  leaveRequestMessages,
  type TLeaveImpact,
  type TLeaveRequestEvent,
} from '../../../shared/contracts/leave-requests';
import { AppError, errorStatus } from '../../../shared/errors';
import { shortBy, type ShortfallDay } from '../../../shared/domain/coverage';
import { approveInAppMessage, oneDecimal, shortDay } from '../../../shared/domain/coverage-messages';
import { inSiteId, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { leaveLinkUses, sites, siteUsers } from '../../db/schema';
import type { App, AppDeps } from '../../http/types';
import { escapeHtml as esc } from '../../mail/html';
import { signingSecret } from '../../mail/link-secret';
import { assertSiteAcceptsChanges } from '../subscriptions';
import { requestImpact } from './impact';
import { DECISION_PAGE, readLinkToken, unsafeSiteOfSignedRequest, type LinkClaims } from './links';
import { requestWords, type RequestWords } from './mail';
import { approveRequest, declineRequest } from './service';
import { oneRequest, type LabelledRow } from './views';

/**
 * The app's `no-referrer` makes a browser send `Origin: null` with a form's POST, which the origin check
 * refuses; `same-origin` sends the real origin to this page alone and still keeps the token in its address
 * from travelling to any other site in a Referer.
 */
const FORM_PAGE_REFERRER_POLICY = 'same-origin';

/**
 * The pages an approver's Approve and Decline buttons open (decision 092), public: the signed link is the key.
 * GET shows the request and a form, and changes nothing (mail scanners open links before people do); the form's
 * POST decides, as the approver the link was made for, once, and only while the request is as it was mailed.
 */

const ZTokenQuery = z.object({ token: z.string().max(300).default('') });
const ZDecisionForm = z.object({
  comment: z
    .string()
    .max(LEAVE_COMMENT_MAX * 2)
    .optional(),
});

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>` +
    `<body style="margin:0;font-family:system-ui,sans-serif;background:#f4f4f5;color:#111"><main style="max-width:520px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;line-height:1.5">` +
    `<h1 style="font-size:20px;margin:0 0 12px">${esc(title)}</h1>${body}</main></body></html>`
  );
}

const refusal = (message: string) =>
  page('This link cannot be used', `<p>${esc(message)}</p><p><a href="/requests">Open Hoursight</a></p>`);

interface Opened {
  claims: LinkClaims & { mac: string };
  actor: Actor;
  request: LabelledRow;
}

/** The link's approver acting on the link's request, or an AppError saying why the link is refused. */
async function open(db: Db, secret: string, token: string, now: Date): Promise<Opened> {
  const claims = readLinkToken(secret, token, now);
  const siteId = claims && (await unsafeSiteOfSignedRequest(db, claims.requestId));
  if (!claims || !siteId) throw new AppError('NOT_FOUND', leaveRequestMessages.linkInvalid);
  const [user] = await db
    .select({ user: siteUsers, businessId: sites.businessId })
    .from(siteUsers)
    .innerJoin(sites, inSiteId(siteId, sites.id))
    .where(eq(siteUsers.id, claims.userId));
  if (!user?.user.isActive) throw new AppError('NOT_FOUND', leaveRequestMessages.linkInvalid);
  const u = user.user;
  const actor: Actor = {
    sessionId: '',
    userId: u.id,
    homeSiteId: u.siteId,
    currentSiteId: siteId,
    businessId: user.businessId,
    username: u.username,
    email: u.email,
    isAdmin: u.isAdmin,
    isReadOnly: u.isReadOnly,
    isStaff: u.isStaff,
    employeeId: null,
    siteId,
  };
  const request = await oneRequest(db, actor, claims.requestId);
  const [used] = await db.select({ mac: leaveLinkUses.mac }).from(leaveLinkUses).where(eq(leaveLinkUses.mac, claims.mac));
  if (used) throw new AppError('CONFLICT', leaveRequestMessages.linkUsed);
  const open = request.row.status === 'pending' || (request.row.status === 'approved' && request.row.cancellationPending);
  if (request.row.version !== claims.version || !open) throw new AppError('CONFLICT', leaveRequestMessages.changed);
  return { claims, actor, request };
}

function summary({ row: r, employeeName }: LabelledRow, words: RequestWords, decided = false): string {
  const what = decided
    ? `${r.cancellationPending ? 'asked to cancel approved time off' : 'asked for time off'}`
    : r.cancellationPending
      ? 'asks to cancel approved time off'
      : 'asks for time off';
  // The person asking is the request's employee, named as the product names people (decision 114).
  return `<p><strong>${esc(employeeName)}</strong> ${what}: ${esc(words.what)}.</p>${r.note ? `<p>Note: ${esc(r.note)}</p>` : ''}`;
}

/** What the request's mails said of it, for the page to say the same. */
const wordsOf = (db: Db, o: Opened, now: Date) =>
  requestWords(
    db,
    o.actor.siteId,
    { ...o.request.row, employeeName: o.request.employeeName, reasonName: o.request.reasonName, isAdditive: o.request.isAdditive },
    now,
  );

const CELL_CSS = 'text-align:left;padding:4px 8px 4px 0;border-bottom:1px solid #e4e4e7;vertical-align:top';
const cell = `style="${CELL_CSS}"`;
const dayCell = `style="${CELL_CSS};white-space:nowrap"`;

/**
 * The app's approval screen in brief (decision 092's impact), so an approver deciding from a phone sees what the
 * request does to the site's hours: each day's available hours now and if approved, the minimum, who else is away.
 */
function impactTable(impact: TLeaveImpact): string {
  const rows = impact.days.map((d) => {
    const short = shortBy(d.availableIfApproved, d.minimumHours) > 0;
    const away = d.away.length ? d.away.map((a) => `${esc(a.employeeName)}${a.pending ? ' (pending)' : ''}`).join(', ') : 'Nobody';
    const minimum = d.minimumHours === null ? '' : `, minimum ${oneDecimal(d.minimumHours)}${short ? ' <strong>(short)</strong>' : ''}`;
    return `<tr><th scope="row" ${dayCell}>${esc(shortDay(d.date))}</th><td ${cell}>${oneDecimal(d.availableNow)} → ${oneDecimal(d.availableIfApproved)}${minimum}</td><td ${cell}>${away}</td></tr>`;
  });
  return (
    `<table style="border-collapse:collapse;width:100%;font-size:14px;margin:8px 0"><caption style="text-align:left;font-weight:600;padding-bottom:4px">The site's available hours</caption>` +
    `<thead><tr><th scope="col" ${cell}>Day</th><th scope="col" ${cell}>Hours now → if approved</th><th scope="col" ${cell}>Also away</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function form(o: Opened, token: string, words: RequestWords, impact?: TLeaveImpact): string {
  const action = `${DECISION_PAGE}?token=${encodeURIComponent(token)}`;
  const approve = o.claims.action === 'approve';
  const label = approve ? (o.request.row.cancellationPending ? 'Approve cancellation' : 'Approve') : 'Decline';
  const comment = approve
    ? '<label for="comment" style="display:block;margin:12px 0 4px">Comment (optional)</label>'
    : '<label for="comment" style="display:block;margin:12px 0 4px">Comment (required)</label>';
  return (
    `${summary(o.request, words)}${impact ? impactTable(impact) : ''}<form method="post" action="${esc(action)}">${comment}` +
    `<textarea id="comment" name="comment" rows="3" maxlength="${LEAVE_COMMENT_MAX}"${approve ? '' : ' required'} style="width:100%;box-sizing:border-box;font:inherit"></textarea>` +
    `<button type="submit" style="margin-top:12px;font-size:16px;padding:10px 16px;border:0;border-radius:6px;background:${approve ? '#15803d' : '#b91c1c'};color:#fff;cursor:pointer">${label}</button></form>`
  );
}

const DONE_TITLES: Record<TLeaveRequestEvent['action'], string> = {
  requested: 'Requested',
  approved: 'Request approved',
  'first-approval': 'Approval recorded',
  declined: 'Request declined',
  cancelled: 'Cancellation approved',
  'cancellation-requested': 'Cancellation requested',
  'cancellation-declined': 'Cancellation declined',
};

export function registerDecisionPages(app: App, deps: AppDeps) {
  const { db } = deps.database;
  const secret = () => signingSecret(db, deps.config.secret);

  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(DECISION_PAGE, { config: { access: 'public' }, schema: { querystring: ZTokenQuery } }, async (req, reply) => {
      reply.type('text/html; charset=utf-8');
      reply.header('Referrer-Policy', FORM_PAGE_REFERRER_POLICY);
      try {
        const now = deps.now();
        const o = await open(db, await secret(), req.query.token, now);
        const title = o.claims.action === 'approve' ? 'Approve this request?' : 'Decline this request?';
        const words = await wordsOf(db, o, now);
        return page(title, form(o, req.query.token, words, await requestImpact(db, o.actor, o.claims.requestId)));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.status(errorStatus[err.code]).send(refusal(err.message));
      }
    });

    scope.post(
      DECISION_PAGE,
      { config: { access: 'public' }, schema: { querystring: ZTokenQuery, body: ZDecisionForm } },
      async (req, reply) => {
        reply.type('text/html; charset=utf-8');
        reply.header('Referrer-Policy', FORM_PAGE_REFERRER_POLICY);
        const now = deps.now();
        try {
          const key = await secret();
          const o = await open(db, key, req.query.token, now);
          // Public, so the trial gate of the API does not see it: the link's site is checked here (decision 024).
          await assertSiteAcceptsChanges(db, o.actor.siteId, now);
          const ctx = {
            now,
            mail: { mailer: deps.mailer, appUrl: deps.config.appUrl, secret: key, requestId: req.id },
            link: { mac: o.claims.mac, version: o.claims.version },
          };
          const comment = req.body.comment?.trim() ?? '';
          const problem =
            o.claims.action === 'decline' && !comment
              ? leaveRequestMessages.commentRequired
              : comment.length > LEAVE_COMMENT_MAX
                ? `Comment must be ${LEAVE_COMMENT_MAX.toLocaleString('en')} characters or fewer`
                : null;
          const words = await wordsOf(db, o, now);
          if (problem)
            return reply
              .status(400)
              .send(
                page(
                  'Decline this request?',
                  `<p role="alert" style="color:#b91c1c">${esc(problem)}</p>${form(o, req.query.token, words)}`,
                ),
              );
          const done =
            o.claims.action === 'approve'
              ? await approveRequest(db, o.actor, o.claims.requestId, comment || null, ctx)
              : await declineRequest(db, o.actor, o.claims.requestId, comment, ctx);
          const last = done.history.at(-1)?.action;
          const title = last ? DONE_TITLES[last] : 'Done';
          const more = last === 'first-approval' ? '<p>This type of time off needs a second approver before it is approved.</p>' : '';
          return page(title, `${summary(o.request, words, true)}${more}<p><a href="/requests">Open Hoursight</a></p>`);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          // The page has no place for a reason: an approval that leaves the site short is made in the app (decision 097).
          const short = err.details?.code === 'coverage_shortfall' ? (err.details.shortfalls as unknown as ShortfallDay[]) : null;
          const message = short ? approveInAppMessage(short) : err.message;
          return reply.status(errorStatus[err.code]).send(refusal(message));
        }
      },
    );
  });
}
