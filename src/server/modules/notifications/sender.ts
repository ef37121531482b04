import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { decideSlot, type DigestSchedule } from '../../../shared/domain/digest-schedule';
import type { Db } from '../../db/client';
import { notificationDeliveries, savedNotifications } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { activeOwner, gatherDigest } from './digest-data';
import { renderDigest } from './digest-render';
import type { NotificationRow } from './service';
import { disableToken, signingSecret } from './signing';

/**
 * Sends the saved notifications that are due (decision 027). Runs every minute on the job runner; safe
 * to run on several instances at once, again after a crash, or as a retry:
 *
 * - each notification's latest slot is decided by the pure rule in `digest-schedule` from "now";
 * - the slot is claimed by inserting (notification, slot) into `notification_deliveries`, whose unique
 *   key admits one row, in the same transaction that writes the slot's mail into the outbox and sets
 *   `last_sent_at`: either the claim and its mail both exist, or neither does;
 * - a slot found more than 6 hours late is recorded as skipped (and logged once) instead of sent.
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

export const disableUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/api/notifications/disable?token=${encodeURIComponent(token)}`;

const scheduleOf = (n: NotificationRow): DigestSchedule => ({
  digestFrequency: n.digestFrequency as DigestSchedule['digestFrequency'],
  sendTime: n.sendTime,
  userTimezone: n.userTimezone,
  weeklyDay: n.weeklyDay,
  monthlyDate: n.monthlyDate,
});

/** Writes (notification, slot) once; true when this call wrote it. */
async function claim(tx: Db, notificationId: number, slot: Date, status: 'sent' | 'skipped'): Promise<boolean> {
  const rows = await tx.insert(notificationDeliveries).values({ notificationId, slotAt: slot, status }).onConflictDoNothing().returning({ id: notificationDeliveries.id });
  return rows.length === 1;
}

async function sendOne(deps: DigestDeps, n: NotificationRow, slot: Date, now: Date): Promise<boolean> {
  const { db } = deps;
  const [done] = await db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.notificationId, n.id), eq(notificationDeliveries.slotAt, slot)));
  if (done) return false;
  // Permissions are read now, not when the notification was saved.
  const owner = await activeOwner(db, n.userId);
  if (!owner) return false;
  const data = await gatherDigest(db, n, owner, localDate(slot, n.userTimezone));
  const secret = await signingSecret(db, deps.secret);
  const mail = renderDigest(data, { name: n.name, appUrl: deps.appUrl, disableUrl: disableUrl(deps.appUrl, disableToken(secret, n.id)) });
  const subject = mail.subject.replace(/[\r\n\t]+/g, ' ');
  return db.transaction(async (tx) => {
    if (!(await claim(tx, n.id, slot, 'sent'))) return false;
    for (const to of n.recipientEmails) await deps.mailer.enqueue(tx, { ...mail, subject, to });
    await tx.update(savedNotifications).set({ lastSentAt: now }).where(eq(savedNotifications.id, n.id));
    return true;
  });
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
      } else if (decision.action === 'send' && (await sendOne(deps, n, decision.slot, now))) {
        sent += 1;
      }
    } catch (err) {
      // One broken notification must not hold up the others; the next minute's run tries it again.
      deps.log.error({ notificationId: n.id, err: String((err as Error)?.message ?? err) }, 'digest failed');
    }
  }
  if (sent > 0) await deps.mailer.deliverPending();
  return { sent, skipped };
}
