import { eq, lt, sql } from 'drizzle-orm';
import { twoFactorMessages } from '../../../shared/contracts/auth-two-factor';
import { AppError } from '../../../shared/errors';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { twoFactorChallenges } from '../../db/schema';
import { beginLoginAttempt, loginSucceeded, type SignInGuard } from '../../rate-limit/login-limit';
import type { TotpSecrets } from './secret-keys';
import { checkSecondFactor, type TwoFactorOwner } from './store';

/** The second step must follow the first within 5 minutes, in at most 5 tries (decision 065). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_TRIES = 5;

/** The password was right: a ticket for the code step, and nothing else (no session is made yet). */
export async function createChallenge(db: Db, owner: TwoFactorOwner & { signInSiteId?: number }, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insert(twoFactorChallenges)
    .values({ id: hashToken(token), ...owner, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS), createdAt: now });
  return token;
}

type Challenge = typeof twoFactorChallenges.$inferSelect;

/**
 * Checks the code sent with a ticket. Each try is counted twice: on the ticket (5, then it is gone) and
 * in the sign-in limiter under the account's own key, so fresh tickets from a known password give a guesser
 * no more tries than the password limits (5 per address, 10 from unknown addresses, then delays).
 * Answers the ticket's row once the code is right; the ticket is then spent.
 */
export async function passChallenge(
  db: Db,
  input: { token: string; code: string; kind: 'siteUser' | 'superAdmin' },
  ctx: { ip: string; now: Date; guard: SignInGuard; secrets: TotpSecrets },
): Promise<Challenge> {
  const id = hashToken(input.token);
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(eq(twoFactorChallenges.id, id))
    .returning();
  const ownerOf = (r: Challenge): TwoFactorOwner | undefined => {
    if (input.kind === 'siteUser') return r.siteUserId === null ? undefined : { siteUserId: r.siteUserId };
    return r.superAdminId === null ? undefined : { superAdminId: r.superAdminId };
  };
  const owner = row && ownerOf(row);
  if (!row || !owner || row.expiresAt <= ctx.now || row.attempts > CHALLENGE_TRIES) {
    if (row) await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id));
    throw new AppError('UNAUTHENTICATED', twoFactorMessages.challengeExpired);
  }
  const account = 'siteUserId' in owner ? `2fa:user:${owner.siteUserId}` : `2fa:super-admin:${owner.superAdminId}`;
  const attempt = await beginLoginAttempt(ctx.guard, { account, ip: ctx.ip, now: ctx.now });
  if (!(await checkSecondFactor(db, ctx.secrets, owner, input.code, ctx.now)))
    throw new AppError('UNAUTHENTICATED', twoFactorMessages.invalidCode);
  await loginSucceeded(ctx.guard, attempt);
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id));
  return row;
}

export async function purgeExpiredChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
}
