import { eq, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { savedNotifications } from '../../db/schema';
import type { App, AppDeps } from '../../http/types';
import { escapeHtml as esc } from '../../mail/html';
import { signingSecret } from '../../mail/link-secret';
import { tokenNotificationId, tokenRecipient } from './signing';

/**
 * The signed "Turn off this notification" link of every digest (decisions 027 and 064), public: no
 * sign-in. Each recipient has their own link, and turning it off takes only that address off the
 * notification. GET shows the notification and one button; the button's POST (or a mail provider's
 * one-click POST) turns it off. The GET itself changes nothing, because mail scanners open links in
 * incoming mail before a person does.
 */

const ZTokenQuery = z.object({ token: z.string().max(200).default('') });

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>` +
    `<body style="margin:0;font-family:system-ui,sans-serif;background:#f4f4f5;color:#111"><main style="max-width:480px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;line-height:1.5">` +
    `<h1 style="font-size:20px;margin:0 0 12px">${esc(title)}</h1>${body}</main></body></html>`
  );
}

const invalid = page(
  'This link is not valid',
  '<p>The link may be incomplete, the notification may have been deleted, or this address no longer receives it. You can turn notifications off in Settings → Email Notifications.</p>',
);

/**
 * Removes one address from a notification in one statement (so an edit or another recipient's turn-off
 * at the same moment loses nothing); the last address gone turns the notification off. `updated_at` is
 * left alone: it marks from when slots are owed, and the others must still get today's digest.
 */
async function removeRecipient(db: Db, id: number, recipient: string): Promise<void> {
  const remaining = sql`coalesce((select jsonb_agg(e) from jsonb_array_elements_text(${savedNotifications.recipientEmails}) as e where lower(e) <> ${recipient.toLowerCase()}), '[]'::jsonb)`;
  const [row] = await db
    .update(savedNotifications)
    .set({ recipientEmails: remaining })
    .where(eq(savedNotifications.id, id))
    .returning({ recipients: savedNotifications.recipientEmails });
  if (row && row.recipients.length === 0) await db.update(savedNotifications).set({ enabled: false }).where(eq(savedNotifications.id, id));
}

export function registerDisableRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  /** The notification and the recipient the token was made for; undefined for a deleted one or a forged token. */
  async function lookup(token: string) {
    const id = tokenNotificationId(token);
    if (id === null) return undefined;
    const [row] = await db
      .select({
        id: savedNotifications.id,
        name: savedNotifications.name,
        enabled: savedNotifications.enabled,
        recipients: savedNotifications.recipientEmails,
      })
      .from(savedNotifications)
      .where(eq(savedNotifications.id, id));
    const recipient = row && tokenRecipient(await signingSecret(db, deps.config.secret), token, row.recipients);
    return row && recipient ? { ...row, recipient } : undefined;
  }

  app.get('/api/notifications/disable', { config: { access: 'public' }, schema: { querystring: ZTokenQuery } }, async (req, reply) => {
    reply.type('text/html; charset=utf-8');
    const row = await lookup(req.query.token);
    if (!row) return reply.status(404).send(invalid);
    if (!row.enabled)
      return page(
        'Notification already off',
        `<p>“${esc(row.name)}” is turned off. You can turn it on again in Settings → Email Notifications.</p>`,
      );
    const action = `/api/notifications/disable?token=${encodeURIComponent(req.query.token)}`;
    return page(
      'Turn off this notification?',
      `<p>“${esc(row.name)}” will no longer be sent to you. Everyone else who receives it keeps receiving it.</p>` +
        `<form method="post" action="${esc(action)}"><button type="submit" style="font-size:16px;padding:10px 16px;border:0;border-radius:6px;background:#b91c1c;color:#fff;cursor:pointer">Turn off notification</button></form>`,
    );
  });

  // The page's button posts an empty form and a mail provider's one-click unsubscribe posts
  // `List-Unsubscribe=One-Click` (RFC 8058), form- or multipart-encoded, from its own servers: both
  // bodies are ignored, and this route alone is exempt from the origin check (`crossSiteForm`).
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    const ignoreBody = (_req: unknown, _body: unknown, done: (err: null, body: object) => void) => done(null, {});
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, ignoreBody);
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, ignoreBody);
    scope.post(
      '/api/notifications/disable',
      { config: { access: 'public', crossSiteForm: true }, schema: { querystring: ZTokenQuery } },
      async (req, reply) => {
        reply.type('text/html; charset=utf-8');
        const row = await lookup(req.query.token);
        if (!row) return reply.status(404).send(invalid);
        await removeRecipient(db, row.id, row.recipient);
        return page('Notification turned off', `<p>You will no longer receive “${esc(row.name)}”.</p>`);
      },
    );
  });
}
