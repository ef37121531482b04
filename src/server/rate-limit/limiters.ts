import type { FastifyRequest } from 'fastify';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { lt } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';
import type { Database, Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { noteOn, RateLimitedError, type RateLimitVerdict } from './headers';
import { limiterStore, type LimiterStore } from './store';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Each limit's key prefix, points and window in seconds (decision 071; the numbers from 008, 013, 019, 040). */
export const policies = {
  registerPerAddress: { keyPrefix: 'register-ip', points: 5, duration: HOUR },
  forgotPerAddress: { keyPrefix: 'forgot-ip', points: 20, duration: HOUR },
  forgotPerEmail: { keyPrefix: 'forgot-email', points: 5, duration: HOUR },
  /** Opening a reset or invitation link asks whether it still works (decision 114); tokens are unguessable, this caps scans. */
  resetCheckPerAddress: { keyPrefix: 'reset-check-ip', points: 60, duration: HOUR },
  reportEmail: { keyPrefix: 'report-email', points: 20, duration: HOUR },
  testEmail: { keyPrefix: 'test-email', points: 10, duration: HOUR },
  apiToken: { keyPrefix: 'api-token', points: 600, duration: MINUTE },
  /** Sign-in (decision 013): failures of one account from one address, and of one address over all accounts. */
  signInPair: { keyPrefix: 'login-pair', points: 5, duration: 15 * MINUTE },
  signInAddress: { keyPrefix: 'login-ip', points: 20, duration: 15 * MINUTE },
  /** Failures of one account in the hour; counted with `penalty`, never refused by itself. */
  signInAccount: { keyPrefix: 'login-account', points: 10, duration: HOUR },
  /** The account's doubling wait: one pass per wait, each pass sets the next wait (`customDuration`). */
  signInGate: { keyPrefix: 'login-gate', points: 1, duration: 1 },
} as const;

export type PolicyName = keyof typeof policies;
export const RATE_LIMIT_TABLE = 'rate_limits';

export type RateLimits = Record<PolicyName, RateLimiterPostgres> & { store: LimiterStore };

/**
 * One limiter per policy over the shared `rate_limits` table (migration 0019), so every app instance on the
 * database counts in the same rows. The table is the migration's (`tableCreated`); expired rows go with the
 * hourly purge job instead of a timer per limiter.
 */
export function createRateLimits(database: Database, now: () => Date): RateLimits {
  const store = limiterStore(database, now);
  const make = (p: (typeof policies)[PolicyName]) =>
    new RateLimiterPostgres({
      ...p,
      storeClient: store,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
    });
  const limiters = Object.fromEntries(Object.entries(policies).map(([name, p]) => [name, make(p)])) as Record<
    PolicyName,
    RateLimiterPostgres
  >;
  return { ...limiters, store };
}

/** A key part that may be long or personal (an e-mail): its SHA-256, so keys stay short and hold no address. */
export const hashed = hashToken;

export const verdictOf = (limiter: RateLimiterPostgres, res: RateLimiterRes): RateLimitVerdict => ({
  limit: limiter.points,
  remaining: res.remainingPoints,
  msBeforeReset: res.msBeforeNext,
});

/** Counts one request; `admitted` false past the limit. A store failure is thrown (the database is down: 503). */
export async function consume(
  limiter: RateLimiterPostgres,
  key: string,
  options?: { customDuration: number },
): Promise<{ admitted: boolean; res: RateLimiterRes }> {
  try {
    return { admitted: true, res: await limiter.consume(key, 1, options) };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return { admitted: false, res: refusal };
    throw refusal;
  }
}

/** Counts a request against one limit, reports it in the answer's headers, and refuses it (429) past the limit. */
export async function limitRequest(req: FastifyRequest, limiter: RateLimiterPostgres, key: string, message: string): Promise<void> {
  const { admitted, res } = await consume(limiter, key);
  const verdict = verdictOf(limiter, res);
  if (!admitted) throw new RateLimitedError(message, verdict);
  noteOn(req)(verdict);
}

/** Takes back points counted in the current window, never below zero (a window that ended meanwhile counts nothing). */
export async function giveBack(limiter: RateLimiterPostgres, key: string, points: number): Promise<number> {
  if (points <= 0) return 0;
  const res = await limiter.reward(key, points);
  if (res.consumedPoints > 0) return res.consumedPoints;
  await limiter.delete(key);
  return 0;
}

/** The hourly purge: a row whose window has ended counts for nothing (the library resets it on next use). */
export async function purgeExpiredRateLimits(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.expire, now.getTime())).returning({ key: rateLimits.key });
  return gone.length;
}
