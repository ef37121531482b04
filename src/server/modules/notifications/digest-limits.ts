import { and, count, eq, lt } from 'drizzle-orm';
import { MAX_DIGEST_RECIPIENTS } from '../../../shared/contracts/notifications';
import type { ActorSiteId } from '../../auth/access';
import type { Db } from '../../db/client';
import { savedNotifications } from '../../db/schema';
import { mailCaps, outsideAddresses, outsideLeft } from '../../mail/quota';
import type { DigestOwner } from './digest-data';
import type { NotificationRow } from './service';

/**
 * The mail caps of decision 064 applied again when a digest is sent, because a digest saved under them
 * may meet a smaller budget later: the site's outside addresses of the day already used, an owner made
 * read-only, a digest saved before the caps existed. What does not fit is left out and said in `dropped`
 * (for the log); it is never sent late.
 */

export interface DigestRecipients {
  /** Who gets this slot's mail, each with whether the address is outside the business. */
  send: Array<{ to: string; outside: boolean }>;
  /** Why some addresses were left out, for one log line. */
  dropped: string[];
}

/** Whether the owner has more digests older than this one than the cap allows (saved before the cap, or in a race). */
export async function pastDigestCap(db: Db, n: NotificationRow): Promise<boolean> {
  if (n.siteSettingsRecord || n.userId === null) return false;
  const [row] = await db
    .select({ n: count() })
    .from(savedNotifications)
    .where(and(eq(savedNotifications.userId, n.userId), eq(savedNotifications.siteSettingsRecord, false), lt(savedNotifications.id, n.id)));
  return (row?.n ?? 0) >= mailCaps.digestsPerUser;
}

/** Everything that can be decided before the slot's transaction: the per-digest cap and the owner's rights. */
export async function digestRecipients(db: Db, n: NotificationRow, owner: DigestOwner): Promise<DigestRecipients> {
  const dropped: string[] = [];
  let list = n.recipientEmails;
  if (list.length > MAX_DIGEST_RECIPIENTS) {
    dropped.push(`${list.length - MAX_DIGEST_RECIPIENTS} past the ${MAX_DIGEST_RECIPIENTS}-recipient cap`);
    list = list.slice(0, MAX_DIGEST_RECIPIENTS);
  }
  const outside = new Set(await outsideAddresses(db, owner.businessId, list));
  let send = list.map((to) => ({ to, outside: outside.has(to.trim().toLowerCase()) }));
  if (owner.isReadOnly && outside.size > 0) {
    dropped.push(`${send.filter((r) => r.outside).length} outside the business (the owner is read-only)`);
    send = send.filter((r) => !r.outside);
  }
  return { send, dropped };
}

/**
 * Inside the slot's transaction: takes the site's mail lock and leaves the outside addresses out when
 * they do not all fit in what is left of the day's budget (all or none, so no recipient is picked over
 * another by chance). Mail to the business's own users always goes.
 */
export async function fitToBudget(tx: Db, siteId: ActorSiteId, r: DigestRecipients, now: Date): Promise<DigestRecipients> {
  const outside = r.send.filter((s) => s.outside).length;
  if (outside === 0) return r;
  const left = await outsideLeft(tx, siteId, now, { lock: true });
  if (outside <= left) return r;
  return {
    send: r.send.filter((s) => !s.outside),
    dropped: [...r.dropped, `${outside} outside the business (${left} left of the site's ${mailCaps.outsidePerDay} a day)`],
  };
}
