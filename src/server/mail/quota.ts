import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../shared/errors';
import { siteJoin, inSiteId, type ActorSiteId } from '../auth/access';
import type { Db } from '../db/client';
import { mailOutbox, sites, siteUsers } from '../db/schema';

/**
 * What one site may mail (decision 064), so that saved digests, report e-mails and test mail cannot be
 * used as an open relay. Only addresses outside the business count against the day's budget: mail to the
 * business's own users is the product working, mail to anyone else is what a relay would send.
 */
export const mailCaps = {
  /** Saved digests per user (the site's older settings record is the site's, not counted). */
  digestsPerUser: 10,
  /** Outside recipients per site in any 24 hours, across reports, digests and test mail. */
  outsidePerDay: 100,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export const mailCapMessages = {
  digestsPerUser: `You can have at most ${mailCaps.digestsPerUser} digests. Delete one to add another.`,
  outsidePerDay: (left: number) =>
    `This site can e-mail at most ${mailCaps.outsidePerDay} addresses outside the business a day; ${left} ${left === 1 ? 'is' : 'are'} left now. Send to fewer outside addresses or try again tomorrow.`,
  readOnlyOutside: 'Read-only users can send e-mail only to users of this business.',
} as const;

/** Lock class of the per-site advisory lock that orders every count-then-queue of outside mail. */
const LOCK_MAIL_QUOTA = 1_752_064;

/**
 * The addresses among `emails` that are not an active user of any site of the business, lower-cased.
 * Deliberately business-wide: a colleague on another site of the same business is not outside.
 */
export async function outsideAddresses(db: Db, businessId: number, emails: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ email: sql<string>`lower(${siteUsers.email})` })
    .from(siteUsers)
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .where(and(eq(sites.businessId, businessId), eq(siteUsers.isActive, true), inArray(sql`lower(${siteUsers.email})`, wanted)));
  const inside = new Set(rows.map((r) => r.email));
  return wanted.filter((e) => !inside.has(e));
}

/**
 * How many outside recipients the site may still mail now. Inside a transaction it first takes the site's
 * advisory lock, so the count and the caller's insert of its mail are one step for every instance sharing
 * the database: two instances cannot both see the last free place.
 */
export async function outsideLeft(db: Db, siteId: ActorSiteId, now: Date, { lock }: { lock: boolean }): Promise<number> {
  if (lock) await db.execute(sql`select pg_advisory_xact_lock(${LOCK_MAIL_QUOTA}, ${siteId})`);
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${mailOutbox.outsideRecipients}), 0)::int` })
    .from(mailOutbox)
    .where(and(inSiteId(siteId, mailOutbox.siteId), gt(mailOutbox.createdAt, new Date(now.getTime() - DAY_MS))));
  return Math.max(0, mailCaps.outsidePerDay - Number(row?.n ?? 0));
}

/** Refuses (429) a mail to `outside` addresses that would take the site past its day's budget. */
export async function assertOutsideBudget(db: Db, siteId: ActorSiteId, outside: number, now: Date, lock: boolean): Promise<void> {
  if (outside === 0) return;
  const left = await outsideLeft(db, siteId, now, { lock });
  if (outside > left) throw new AppError('TOO_MANY_REQUESTS', mailCapMessages.outsidePerDay(left));
}

export interface MailSender {
  siteId: ActorSiteId;
  businessId: number;
  isReadOnly: boolean;
}

/**
 * The checks before a signed-in user's mail (report, test mail) is built: a read-only user mails only the
 * business's users (403), and the site's budget must hold the outside addresses (429, checked again
 * under the lock when the mail is queued). Returns how many recipients are outside.
 */
export async function checkUserMail(db: Db, sender: MailSender, recipients: readonly string[], now: Date): Promise<number> {
  const outside = await outsideAddresses(db, sender.businessId, recipients);
  if (outside.length > 0 && sender.isReadOnly) throw new AppError('FORBIDDEN', mailCapMessages.readOnlyOutside);
  await assertOutsideBudget(db, sender.siteId, outside.length, now, false);
  return outside.length;
}
