import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedNotifications } from '../../db/schema';
import type { App, AppDeps } from '../../http/types';
import { escapeHtml as esc } from '../../mail/html';
import { readDisableToken, signingSecret } from './signing';

/**
 * The signed "Turn off this notification" link of every digest (decision 027), public: no sign-in.
 * GET shows the notification and one button; the button's POST turns it off. The GET itself changes
 * nothing, because mail scanners open links in incoming mail before a person does.
 */

const ZTokenQuery = z.object({ token: z.string().max(200).default('') });

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>` +
    `<body style="margin:0;font-family:system-ui,sans-serif;background:#f4f4f5;color:#111"><main style="max-width:480px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;line-height:1.5">` +
    `<h1 style="font-size:20px;margin:0 0 12px">${esc(title)}</h1>${body}</main></body></html>`
  );
}

const invalid = page('This link is not valid', '<p>The link may be incomplete. You can turn notifications off in Settings → Email Notifications.</p>');

export function registerDisableRoutes(app: App, deps: AppDeps) {
  const { db } = deps.database;

  async function lookup(token: string) {
    const id = readDisableToken(await signingSecret(db, deps.config.secret), token);
    if (id === null) return undefined;
    const [row] = await db.select({ id: savedNotifications.id, name: savedNotifications.name, enabled: savedNotifications.enabled }).from(savedNotifications).where(eq(savedNotifications.id, id));
    return row;
  }

  app.get('/api/notifications/disable', { config: { access: 'public' }, schema: { querystring: ZTokenQuery } }, async (req, reply) => {
    reply.type('text/html; charset=utf-8');
    const row = await lookup(req.query.token);
    if (!row) return reply.status(404).send(invalid);
    if (!row.enabled) return page('Notification already off', `<p>“${esc(row.name)}” is turned off. You can turn it on again in Settings → Email Notifications.</p>`);
    const action = `/api/notifications/disable?token=${encodeURIComponent(req.query.token)}`;
    return page(
      'Turn off this notification?',
      `<p>“${esc(row.name)}” will stop being sent to every recipient.</p>` +
        `<form method="post" action="${esc(action)}"><button type="submit" style="font-size:16px;padding:10px 16px;border:0;border-radius:6px;background:#b91c1c;color:#fff;cursor:pointer">Turn off notification</button></form>`,
    );
  });

  // The form posts an empty urlencoded body; these routes alone accept that content type.
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    scope.post('/api/notifications/disable', { config: { access: 'public' }, schema: { querystring: ZTokenQuery } }, async (req, reply) => {
      reply.type('text/html; charset=utf-8');
      const row = await lookup(req.query.token);
      if (!row) return reply.status(404).send(invalid);
      await db.update(savedNotifications).set({ enabled: false, updatedAt: deps.now() }).where(eq(savedNotifications.id, row.id));
      return page('Notification turned off', `<p>“${esc(row.name)}” is turned off. You can turn it on again in Settings → Email Notifications.</p>`);
    });
  });
}
