import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { loginAttempts, loginKnownAddresses } from '../../db/schema';

/**
 * Sign-in limits (docs/decisions/013-sign-in-limits.md). Every attempt is counted before its password is
 * checked, under a lock per account and per address, so no burst of parallel requests checks more passwords
 * than the limits allow:
 *
 *  - one account from one address: 5 failures per 15 minutes, then refused until the window passes;
 *  - one address over all accounts: 20 failures per 15 minutes;
 *  - one account from addresses it has never signed in from: 10 failures per hour freely, then each further
 *    attempt waits a delay that doubles (1 s, 2 s, 4 s … up to 15 minutes). Its known addresses skip this, so
 *    strangers cannot lock the owner out.
 *
 * Usage, for any password sign-in (the super-admin sign-in passes its own `account` key, e.g. `super:${email}`):
 *
 *   const attempt = await beginLoginAttempt(db, { account: email, ip, now });   // 429 AppError when over
 *   if (!(await verify(...))) throw new AppError('UNAUTHENTICATED', ...);      // the attempt stays a failure
 *   await loginSucceeded(db, attempt);                                          // clears it, remembers the address
 */

export const PAIR_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
export const FREE_FAILURES_PER_ACCOUNT = 10;
export const MAX_ACCOUNT_DELAY_MS = 15 * 60 * 1000;
/** A known address is forgotten after this long without a sign-in from it. */
export const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export const loginLimitMessages = {
  pair: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  address: 'Too many failed sign-in attempts from this address. Please wait 15 minutes and try again.',
  account: 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
} as const;

/** Lock classes of the two-key advisory locks, so account and address keys never share a lock. */
const LOCK_ACCOUNT = 1_752_001;
const LOCK_ADDRESS = 1_752_002;

export interface LoginAttempt {
  id: number;
  account: string;
  ip: string;
  now: Date;
}

/** Wait before the next attempt once an account has had `failures` failures from unknown addresses. */
export function accountDelayMs(failures: number): number {
  if (failures < FREE_FAILURES_PER_ACCOUNT) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES_PER_ACCOUNT), MAX_ACCOUNT_DELAY_MS);
}

const keyOf = (account: string, ip: string) => ({ account: account.slice(0, 255), ip: ip.slice(0, 64) });

/**
 * Counts one sign-in attempt, or refuses it with 429 before any password is checked. The check and the
 * insert run in one transaction holding advisory locks on the account and the address (always in that
 * order, so two attempts never wait on each other in a cycle): parallel attempts are counted one by one.
 */
export async function beginLoginAttempt(db: Db, input: { account: string; ip: string; now: Date }): Promise<LoginAttempt> {
  const { account, ip } = keyOf(input.account, input.ip);
  const { now } = input;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ACCOUNT}, hashtext(${account}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${ip}))`);
    const pairSince = new Date(now.getTime() - PAIR_WINDOW_MS);

    const [pair] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, account), eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, pairSince)));
    if ((pair?.n ?? 0) >= MAX_FAILURES_PER_PAIR) throw new AppError('TOO_MANY_REQUESTS', loginLimitMessages.pair);

    const [byAddress] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, pairSince)));
    if ((byAddress?.n ?? 0) >= MAX_FAILURES_PER_ADDRESS) throw new AppError('TOO_MANY_REQUESTS', loginLimitMessages.address);

    const [known] = await tx
      .select({ ip: loginKnownAddresses.ip })
      .from(loginKnownAddresses)
      .where(
        and(
          eq(loginKnownAddresses.email, account),
          eq(loginKnownAddresses.ip, ip),
          gt(loginKnownAddresses.lastSuccessAt, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS)),
        ),
      );
    if (!known) {
      const [byAccount] = await tx
        .select({ n: count(), last: max(loginAttempts.createdAt) })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, account), gt(loginAttempts.createdAt, new Date(now.getTime() - ACCOUNT_WINDOW_MS))));
      const failures = byAccount?.n ?? 0;
      const last = byAccount?.last ? new Date(byAccount.last).getTime() : 0;
      if (failures >= FREE_FAILURES_PER_ACCOUNT && now.getTime() < last + accountDelayMs(failures)) {
        throw new AppError('TOO_MANY_REQUESTS', loginLimitMessages.account);
      }
    }

    const [row] = await tx.insert(loginAttempts).values({ email: account, ip, createdAt: now }).returning({ id: loginAttempts.id });
    return { id: row.id, account, ip, now };
  });
}

/** The password was right: the attempt and this pair's failures are cleared, and the address is remembered. */
export async function loginSucceeded(db: Db, attempt: LoginAttempt): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, attempt.account), eq(loginAttempts.ip, attempt.ip)));
  await db
    .insert(loginKnownAddresses)
    .values({ email: attempt.account, ip: attempt.ip, lastSuccessAt: attempt.now })
    .onConflictDoUpdate({ target: [loginKnownAddresses.email, loginKnownAddresses.ip], set: { lastSuccessAt: attempt.now } });
}

/** The attempt ended without a password verdict worth counting (e.g. right password, several sites): forget it. */
export async function releaseLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
}

/** A completed password reset proves the mailbox: the account's failures no longer count. */
export async function clearLoginFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, account));
}

export async function purgeOldLoginAttempts(db: Db, now: Date): Promise<void> {
  const longest = Math.max(PAIR_WINDOW_MS, ACCOUNT_WINDOW_MS);
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - longest)));
  await db.delete(loginKnownAddresses).where(lt(loginKnownAddresses.lastSuccessAt, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS)));
}
