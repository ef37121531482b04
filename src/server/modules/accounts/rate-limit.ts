import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitEvents } from '../../db/schema';

export interface RateLimit {
  /** What is counted, e.g. `register:ip`. */
  action: string;
  max: number;
  windowMs: number;
}

const HOUR = 60 * 60 * 1000;

/** Spec leaves the numbers open; see docs/decisions/010-accounts.md. */
export const limits = {
  registerPerAddress: { action: 'register:ip', max: 5, windowMs: HOUR },
  forgotPerAddress: { action: 'forgot:ip', max: 20, windowMs: HOUR },
  forgotPerEmail: { action: 'forgot:email', max: 5, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

/**
 * Counts this request against the limit and says whether it is still within it. The request is recorded
 * either way, so hammering past the limit keeps the window full. Old rows of the same action are pruned
 * here, so the table needs no separate cleanup job.
 */
export async function hit(db: Db, limit: RateLimit, key: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - limit.windowMs);
  const k = key.slice(0, 255);
  await db.delete(rateLimitEvents).where(and(eq(rateLimitEvents.action, limit.action), lt(rateLimitEvents.createdAt, since)));
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.action, limit.action), eq(rateLimitEvents.key, k), gt(rateLimitEvents.createdAt, since)));
  await db.insert(rateLimitEvents).values({ action: limit.action, key: k, createdAt: now });
  return (row?.n ?? 0) < limit.max;
}
