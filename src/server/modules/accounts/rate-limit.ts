import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitEvents } from '../../db/schema';

export interface RateLimit {
  /** What is counted, e.g. `register:ip`. */
  action: string;
  max: number;
  windowMs: number;
}

const HOUR = 60 * 60 * 1000;

/** Spec leaves the numbers open; see docs/decisions/008-accounts.md. */
export const limits = {
  registerPerAddress: { action: 'register:ip', max: 5, windowMs: HOUR },
  forgotPerAddress: { action: 'forgot:ip', max: 20, windowMs: HOUR },
  forgotPerEmail: { action: 'forgot:email', max: 5, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

/** Lock class of the advisory lock per (action, key), apart from the sign-in limiter's classes. */
const LOCK_RATE_LIMIT = 1_752_003;

/**
 * Counts this request against the limit and says whether it is still within it. The request is recorded
 * either way, so hammering past the limit keeps the window full. Count and insert run in one transaction
 * under a lock on (action, key), so a parallel burst is counted one by one and never slips past the limit.
 * Old rows of the same action are pruned here, so the table needs no separate cleanup job.
 */
export async function hit(db: Db, limit: RateLimit, key: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - limit.windowMs);
  const k = key.slice(0, 255);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_RATE_LIMIT}, hashtext(${`${limit.action}:${k}`}))`);
    await tx.delete(rateLimitEvents).where(and(eq(rateLimitEvents.action, limit.action), lt(rateLimitEvents.createdAt, since)));
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.action, limit.action), eq(rateLimitEvents.key, k), gt(rateLimitEvents.createdAt, since)));
    await tx.insert(rateLimitEvents).values({ action: limit.action, key: k, createdAt: now });
    return (row?.n ?? 0) < limit.max;
  });
}

/** The longest window of any limit: rows older than it count for nothing. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(limits).map((l) => l.windowMs));

/** Rows of actions nobody has hit lately are not pruned by `hit`; the hourly purge job removes them. */
export async function purgeOldRateLimitEvents(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(now.getTime() - LONGEST_WINDOW_MS))).returning({ id: rateLimitEvents.id });
  return gone.length;
}
