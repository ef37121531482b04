import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { decideSlot, type DigestSchedule } from '../../../shared/domain/digest-schedule';
import { siteIdForJob } from '../../auth/access';
import type { Db } from '../../db/client';
import { notificationDeliveries, savedNotifications } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { activeOwner, gatherDigest } from './digest-data';
import { digestRecipients, fitToBudget, pastDigestCap } from './digest-limits';
import { renderDigest } from './digest-render';
import type { NotificationRow } from './service';
import { signingSecret } from '../../mail/link-secret';
import { disableToken } from './signing';

/**
 * Sends the saved notifications that are due (decision 027). Runs every minute on the job runner; safe
 * to run on several instances at once, again after a crash, or as a retry:
 *
 * - each notification's latest slot is decided by the pure rule in `digest-schedule` from "now";
 * - the slot is claimed by inserting (notification, slot) into `notification_deliveries`, whose unique
 *   key admits one row, in the same transaction that writes the slot's mail into the outbox and sets
 *   `last_sent_at`: either the claim and its mail both exist, or neither does;
 * - a slot found more than 6 hours late is recorded as skipped (and logged once) instead of sent;
 * - the mail caps of decision 064 are applied again at send time (`digest-limits`): what does not fit
 *   is left out and logged, and a slot with no recipient left is recorded as skipped.
 */

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  appUrl: string;
  /** APP_SECRET; when unset the key stored in the database signs the links. */
  secret?: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export const DIGEST_JOB = 'notification-digests';

const localDate = (at: Date, zone: string) => {
  const z = new TZDate(at.getTime(), zone);
  return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, '0')}-${String(z.getDate()).padStart(2, '0')}`;
};

export const disableUrl = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}/api/notifications/disable?token=${encodeURIComponent(token)}`;

const scheduleOf = (n: NotificationRow): DigestSchedule => ({
  digestFrequency: n.digestFrequency as DigestSchedule['digestFrequency'],
  sendTime: n.sendTime,
  userTimezone: n.userTimezone,
  weeklyDay: n.weeklyDay,
  monthlyDate: n.monthlyDate,
});

/** Writes (notification, slot) once; true when this call wrote it. */
async function claim(tx: Db, notificationId: number, slot: Date, status: 'sent' | 'skipped'): Promise<boolean> {
  const rows = await tx
    .insert(notificationDeliveries)
    .values({ notificationId, slotAt: slot, status })
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  return rows.length === 1;
}

/** The List-Unsubscribe pair of RFC 2369 and RFC 8058: mail providers show an unsubscribe button that posts to the link. */
const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

async function sendOne(deps: DigestDeps, n: NotificationRow, slot: Date, now: Date): Promise<'sent' | 'skipped' | null> {
  const { db } = deps;
  const [done] = await db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.notificationId, n.id), eq(notificationDeliveries.slotAt, slot)));
  if (done) return null;
  // Permissions are read now, not when the notification was saved.
  const owner = await activeOwner(db, n.userId);
  if (!owner) return null;
  if (await pastDigestCap(db, n)) return skipSlot(deps, n, slot, ['the owner has more digests than the cap']);
  const planned = await digestRecipients(db, n, owner);
  const data = await gatherDigest(db, n, owner, localDate(slot, n.userTimezone));
  const secret = await signingSecret(db, deps.secret);
  return db.transaction(async (tx) => {
    const r = await fitToBudget(tx, siteIdForJob(n.siteId), planned, now);
    if (r.send.length === 0) return (await claim(tx, n.id, slot, 'skipped')) ? logged(deps, n, slot, r.dropped, 'skipped') : null;
    if (!(await claim(tx, n.id, slot, 'sent'))) return null;
    for (const { to, outside } of r.send) {
      // Each recipient's own turn-off link: it takes only that address off the notification.
      const url = disableUrl(deps.appUrl, disableToken(secret, n.id, to));
      const mail = renderDigest(data, { name: n.name, appUrl: deps.appUrl, disableUrl: url });
      const subject = mail.subject.replace(/[\r\n\t]+/g, ' ');
      await deps.mailer.enqueue(tx, {
        ...mail,
        subject,
        to,
        siteId: n.siteId,
        outsideRecipients: outside ? 1 : 0,
        headers: unsubscribeHeaders(url),
      });
    }
    await tx.update(savedNotifications).set({ lastSentAt: now }).where(eq(savedNotifications.id, n.id));
    return r.dropped.length > 0 ? logged(deps, n, slot, r.dropped, 'sent') : 'sent';
  });
}

function logged<T extends 'sent' | 'skipped'>(deps: DigestDeps, n: NotificationRow, slot: Date, dropped: string[], outcome: T): T {
  deps.log.info(
    { notificationId: n.id, siteId: n.siteId, slot: slot.toISOString(), dropped },
    `digest recipients left out by the mail caps; slot ${outcome}`,
  );
  return outcome;
}

async function skipSlot(deps: DigestDeps, n: NotificationRow, slot: Date, why: string[]): Promise<'skipped' | null> {
  return (await claim(deps.db, n.id, slot, 'skipped')) ? logged(deps, n, slot, why, 'skipped') : null;
}

export async function runDueDigests(deps: DigestDeps): Promise<{ sent: number; skipped: number }> {
  const now = deps.now();
  const enabled = await deps.db.select().from(savedNotifications).where(eq(savedNotifications.enabled, true));
  let sent = 0;
  let skipped = 0;
  for (const n of enabled) {
    try {
      const decision = decideSlot(scheduleOf(n), now, { lastSentAt: n.lastSentAt, activeSince: n.updatedAt });
      if (decision.action === 'skip') {
        if (await claim(deps.db, n.id, decision.slot, 'skipped')) {
          skipped += 1;
          deps.log.info({ notificationId: n.id, slot: decision.slot.toISOString() }, 'digest slot skipped: found more than 6 hours late');
        }
      } else if (decision.action === 'send') {
        const outcome = await sendOne(deps, n, decision.slot, now);
        if (outcome === 'sent') sent += 1;
        if (outcome === 'skipped') skipped += 1;
      }
    } catch (err) {
      // One broken notification must not hold up the others; the next minute's run tries it again.
      deps.log.error({ notificationId: n.id, err: String((err as Error)?.message ?? err) }, 'digest failed');
    }
  }
  if (sent > 0) await deps.mailer.deliverPending();
  return { sent, skipped };
}
