import { and, count, eq, gt, lt } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
const tooMany = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** Counts recent failures in the database, so the limit holds across app instances. */
export async function assertLoginAllowed(db: Db, ip: string, email: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.createdAt, since)));
  if ((byAccount?.n ?? 0) >= MAX_FAILURES_PER_ACCOUNT) throw new AppError('TOO_MANY_REQUESTS', tooMany);
  const [byAddress] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, since)));
  if ((byAddress?.n ?? 0) >= MAX_FAILURES_PER_ADDRESS) throw new AppError('TOO_MANY_REQUESTS', tooMany);
}

export async function recordLoginFailure(db: Db, ip: string, email: string, now: Date): Promise<void> {
  await db.insert(loginAttempts).values({ ip: ip.slice(0, 64), email: email.slice(0, 255), createdAt: now });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

export async function purgeOldLoginAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}
