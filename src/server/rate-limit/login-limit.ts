import { and, eq, gt, like, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { loginKnownAddresses, rateLimits } from '../db/schema';
import { noteOn, RateLimitedError, tighter, type RateLimitVerdict } from './headers';
import { consume, giveBack, hashed, policies, verdictOf, type RateLimits } from './limiters';

/**
 * Sign-in limits (docs/decisions/013-sign-in-limits.md, counted by rate-limiter-flexible since 071). Every
 * attempt is counted before its password is checked, in counters every app instance shares, and each count
 * is one atomic statement, so no burst of parallel requests checks more passwords than the limits allow:
 *
 *  - one account from one address: 5 failures per 15 minutes, then refused until the window passes;
 *  - one address over all accounts: 20 failures per 15 minutes;
 *  - one account from addresses it has never signed in from: 10 failures per hour freely, then each further
 *    attempt waits a delay that doubles (1 s, 2 s, 4 s … up to 15 minutes). Its known addresses skip this, so
 *    strangers cannot lock the owner out.
 *
 * A refused attempt is given back at once: only attempts whose password was checked stay counted.
 *
 * Usage, for any password sign-in (the super-admin sign-in passes its own `account` key, e.g. `super:${email}`):
 *
 *   const attempt = await beginLoginAttempt(guard, { account: email, ip, now });  // 429 when over
 *   if (!(await verify(...))) throw new AppError('UNAUTHENTICATED', ...);        // the attempt stays a failure
 *   await loginSucceeded(guard, attempt);                                         // clears it, remembers the address
 */

export const PAIR_WINDOW_MS = policies.signInPair.duration * 1000;
export const MAX_FAILURES_PER_PAIR = policies.signInPair.points;
export const MAX_FAILURES_PER_ADDRESS = policies.signInAddress.points;
export const ACCOUNT_WINDOW_MS = policies.signInAccount.duration * 1000;
export const FREE_FAILURES_PER_ACCOUNT = policies.signInAccount.points;
export const MAX_ACCOUNT_DELAY_MS = 15 * 60 * 1000;
/** A known address is forgotten after this long without a sign-in from it. */
export const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export const loginLimitMessages = {
  pair: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  address: 'Too many failed sign-in attempts from this address. Please wait 15 minutes and try again.',
  account: 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
} as const;

/** What a sign-in path needs to count attempts: the database (known addresses), the limiters, and where to report. */
export interface SignInGuard {
  db: Db;
  limits: RateLimits;
  /** Receives the limits the attempt was counted against, for the answer's `RateLimit-*` headers. */
  note?: (verdict: RateLimitVerdict) => void;
}

export interface LoginAttempt {
  account: string;
  ip: string;
  now: Date;
}

/** Wait before the next attempt once an account has had `failures` failures from unknown addresses. */
export function accountDelayMs(failures: number): number {
  if (failures < FREE_FAILURES_PER_ACCOUNT) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES_PER_ACCOUNT), MAX_ACCOUNT_DELAY_MS);
}

/** The counters' keys: the account as a hash (short, and no e-mail in the table), the address as given. */
function keysOf(attempt: { account: string; ip: string }) {
  const account = hashed(attempt.account);
  return { account, pair: `${account}:${attempt.ip}`, ip: attempt.ip };
}

const trimmed = (input: { account: string; ip: string }) => ({ account: input.account.slice(0, 255), ip: input.ip.slice(0, 64) });

async function isKnownAddress(db: Db, account: string, ip: string, now: Date): Promise<boolean> {
  const [known] = await db
    .select({ ip: loginKnownAddresses.ip })
    .from(loginKnownAddresses)
    .where(
      and(
        eq(loginKnownAddresses.email, account),
        eq(loginKnownAddresses.ip, ip),
        gt(loginKnownAddresses.lastSuccessAt, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS)),
      ),
    );
  return !!known;
}

/**
 * Counts one sign-in attempt, or refuses it with 429 before any password is checked. The checks run in
 * today's order (pair, address, account). The account's wait is a one-pass gate: of the attempts that find
 * it open only the first passes, and its pass closes it for the next wait, in one statement.
 */
export async function beginLoginAttempt(guard: SignInGuard, input: { account: string; ip: string; now: Date }): Promise<LoginAttempt> {
  const { limits } = guard;
  const { account, ip } = trimmed(input);
  const keys = keysOf({ account, ip });
  const refuse = async (
    message: string,
    verdict: RateLimitVerdict,
    counted: { pair?: boolean; ip?: boolean; account?: boolean },
  ): Promise<never> => {
    if (counted.pair) await giveBack(limits.signInPair, keys.pair, 1);
    if (counted.ip) await giveBack(limits.signInAddress, keys.ip, 1);
    if (counted.account) await giveBack(limits.signInAccount, keys.account, 1);
    throw new RateLimitedError(message, verdict);
  };

  const pair = await consume(limits.signInPair, keys.pair);
  const pairVerdict = verdictOf(limits.signInPair, pair.res);
  if (!pair.admitted) await refuse(loginLimitMessages.pair, pairVerdict, { pair: true });
  const address = await consume(limits.signInAddress, keys.ip);
  const addressVerdict = verdictOf(limits.signInAddress, address.res);
  if (!address.admitted) await refuse(loginLimitMessages.address, addressVerdict, { pair: true, ip: true });

  const known = await isKnownAddress(guard.db, account, ip, input.now);
  const failures = (await limits.signInAccount.penalty(keys.account, 1)).consumedPoints;
  if (failures >= FREE_FAILURES_PER_ACCOUNT) {
    const wait = accountDelayMs(failures) / 1000;
    // A known address is never held, but its failure still counts and restarts the strangers' wait.
    if (known) await limits.signInGate.block(keys.account, wait);
    else {
      const gate = await consume(limits.signInGate, keys.account, { customDuration: wait });
      if (!gate.admitted) {
        const verdict = { limit: FREE_FAILURES_PER_ACCOUNT, remaining: 0, msBeforeReset: gate.res.msBeforeNext };
        await refuse(loginLimitMessages.account, verdict, { pair: true, ip: true, account: true });
      }
    }
  }
  guard.note?.(tighter(pairVerdict, addressVerdict));
  return { account, ip, now: input.now };
}

/** Takes `n` attempts of a pair off the address's and the account's counts; below the free failures, no wait. */
async function forget(limits: RateLimits, keys: ReturnType<typeof keysOf>, n: number): Promise<void> {
  await giveBack(limits.signInAddress, keys.ip, n);
  const left = await giveBack(limits.signInAccount, keys.account, n);
  if (left < FREE_FAILURES_PER_ACCOUNT) await limits.signInGate.delete(keys.account);
}

/** The password was right: the attempt and this pair's failures are cleared, and the address is remembered. */
export async function loginSucceeded(guard: SignInGuard, attempt: LoginAttempt): Promise<void> {
  const keys = keysOf(attempt);
  const pair = await guard.limits.signInPair.get(keys.pair);
  await guard.limits.signInPair.delete(keys.pair);
  await forget(guard.limits, keys, Math.max(pair?.consumedPoints ?? 0, 1));
  await guard.db
    .insert(loginKnownAddresses)
    .values({ email: attempt.account, ip: attempt.ip, lastSuccessAt: attempt.now })
    .onConflictDoUpdate({ target: [loginKnownAddresses.email, loginKnownAddresses.ip], set: { lastSuccessAt: attempt.now } });
}

/** The attempt ended without a password verdict worth counting (e.g. right password, several sites): forget it. */
export async function releaseLoginAttempt(guard: SignInGuard, attempt: LoginAttempt): Promise<void> {
  const keys = keysOf(attempt);
  await giveBack(guard.limits.signInPair, keys.pair, 1);
  await forget(guard.limits, keys, 1);
}

/**
 * A completed password reset proves the mailbox: the account's failures no longer count, from any address.
 * The library keys one counter per pair, so the pairs are found by their key's prefix in its table.
 */
export async function clearLoginFailures(guard: SignInGuard, account: string, now: Date): Promise<void> {
  const accountKey = hashed(account.slice(0, 255));
  const prefix = `${policies.signInPair.keyPrefix}:${accountKey}:`;
  const pairs = await guard.db
    .select({ key: rateLimits.key, points: rateLimits.points })
    .from(rateLimits)
    .where(and(like(rateLimits.key, `${prefix}%`), gt(rateLimits.expire, now.getTime())));
  for (const pair of pairs) {
    const ip = pair.key.slice(prefix.length);
    await guard.limits.signInPair.delete(`${accountKey}:${ip}`);
    await giveBack(guard.limits.signInAddress, ip, pair.points);
  }
  await guard.limits.signInAccount.delete(accountKey);
  await guard.limits.signInGate.delete(accountKey);
}

/** Known addresses unused for 90 days are forgotten; the counters' own rows go with `purgeExpiredRateLimits`. */
export async function purgeOldKnownAddresses(db: Db, now: Date): Promise<void> {
  await db.delete(loginKnownAddresses).where(lt(loginKnownAddresses.lastSuccessAt, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS)));
}

/** The guard of a sign-in request: the app's limiters, reporting to this request's headers. */
export const signInGuard = (req: FastifyRequest, db: Db): SignInGuard => ({ db, limits: req.server.rateLimits, note: noteOn(req) });
