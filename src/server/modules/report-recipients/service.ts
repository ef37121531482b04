import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  MAX_RECIPIENT_LISTS,
  recipientListMessages,
  type TRecipientList,
  type TRecipientLists,
} from '../../../shared/contracts/report-recipients';
import { AppError } from '../../../shared/errors';
import { found, inSite, type Actor } from '../../auth/access';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { reportRecipientLists as lists } from '../../db/schema';
import { mailCapMessages, outsideAddresses } from '../../mail/quota';

/**
 * Saved report recipients (decision 082). Every query is the actor's own rows on the current site: another
 * user's list, or the actor's own on another site, answers 404 as one that does not exist.
 */

/** Lock class of the per-user advisory lock that makes count-then-insert one step under a burst. */
const LOCK_RECIPIENT_LISTS = 1_752_082;

const own = (actor: Actor): SQL => and(inSite(actor, lists.siteId), eq(lists.userId, actor.userId))!;

type Row = typeof lists.$inferSelect;
const toView = (r: Row): TRecipientList => ({ id: r.id, name: r.name ?? '', addresses: r.addresses, updatedAt: r.updatedAt.toISOString() });

export async function listRecipientLists(db: Db, actor: Actor): Promise<TRecipientLists> {
  const rows = await db
    .select()
    .from(lists)
    .where(own(actor))
    .orderBy(asc(sql`lower(${lists.name})`), asc(lists.id));
  const last = rows.find((r) => r.name === null);
  return {
    lastUsed: last ? { addresses: last.addresses, usedAt: last.updatedAt.toISOString() } : null,
    lists: rows.filter((r) => r.name !== null).map(toView),
    maxLists: MAX_RECIPIENT_LISTS,
  };
}

/** Decision 064: a read-only user mails only users of the business, so a list of theirs holds only those. */
async function checkAddresses(db: Db, actor: Actor, addresses: readonly string[]) {
  if (actor.isReadOnly && (await outsideAddresses(db, actor.businessId, addresses)).length > 0) {
    throw new AppError('FORBIDDEN', mailCapMessages.readOnlyOutside);
  }
}

/** A name taken by another of the user's lists on the site (any case) is a 409, whichever request came first. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', recipientListMessages.nameTaken);
    throw err;
  }
}

export async function createRecipientList(db: Db, actor: Actor, req: { name: string; addresses: string[] }, now: Date) {
  await checkAddresses(db, actor, req.addresses);
  return uniqueName(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_RECIPIENT_LISTS}, ${actor.userId})`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(lists)
        .where(and(own(actor), isNotNull(lists.name)));
      if (n >= MAX_RECIPIENT_LISTS) throw new AppError('CONFLICT', recipientListMessages.tooManyLists);
      const [row] = await tx
        .insert(lists)
        .values({ siteId: actor.siteId, userId: actor.userId, name: req.name, addresses: req.addresses, createdAt: now, updatedAt: now })
        .returning();
      return toView(row);
    }),
  );
}

export async function updateRecipientList(db: Db, actor: Actor, id: number, req: { name: string; addresses: string[] }, now: Date) {
  await checkAddresses(db, actor, req.addresses);
  const [row] = await uniqueName(() =>
    db
      .update(lists)
      .set({ name: req.name, addresses: req.addresses, updatedAt: now })
      .where(and(own(actor), eq(lists.id, id), isNotNull(lists.name)))
      .returning(),
  );
  return toView(found(row, 'Recipient list'));
}

export async function deleteRecipientList(db: Db, actor: Actor, id: number): Promise<void> {
  const [row] = await db
    .delete(lists)
    .where(and(own(actor), eq(lists.id, id), isNotNull(lists.name)))
    .returning({ id: lists.id });
  found(row, 'Recipient list');
}

/**
 * The recipients of a report e-mail, kept as the sender's last used on the site. Called inside the
 * transaction that queues the mail, so it is recorded exactly when a report is really sent.
 */
export async function recordLastUsed(tx: Db, actor: Actor, addresses: string[], now: Date): Promise<void> {
  await tx
    .insert(lists)
    .values({ siteId: actor.siteId, userId: actor.userId, name: null, addresses, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [lists.siteId, lists.userId],
      targetWhere: isNull(lists.name),
      set: { addresses, updatedAt: now },
    });
}
