import { and, eq } from 'drizzle-orm';
import { superAdminMessages, type TSuperAdmin } from '../../../shared/contracts/super-admin';
import { normalisePassword } from '../../../shared/domain/password';
import { AppError } from '../../../shared/errors';
import { checkPassword, dummyHash, hashPassword } from '../../auth/passwords';
import { hashNewPassword } from '../../auth/password-policy';
import type { Db } from '../../db/client';
import { superAdmins } from '../../db/schema';
import { beginLoginAttempt, loginSucceeded, type SignInGuard } from '../../rate-limit/login-limit';
import { createChallenge, passChallenge, twoFactorOn, type TotpSecrets } from '../two-factor';
import { createSuperAdminSession, revokeSuperAdminSessions } from './sessions';

/**
 * The one place super-admin sign-in meets the site login's limiter. Failures are counted under a prefixed
 * key, so a super-admin's and a site user's failures with the same e-mail never add up, while the
 * per-address count is shared: a guesser gets the same budget whichever door it knocks on.
 */
const limiterKey = (email: string) => `super-admin:${email}`;

export async function superAdminLogin(
  db: Db,
  input: { email: string; password: string },
  ctx: { ip: string; now: Date; guard: SignInGuard },
) {
  const key = limiterKey(input.email);
  // Counted before the password is checked, atomically, as the site login does (decision 013).
  const attempt = await beginLoginAttempt(ctx.guard, { account: key, ip: ctx.ip, now: ctx.now });
  const [admin] = await db.select().from(superAdmins).where(eq(superAdmins.email, input.email)).limit(1);
  // An unknown e-mail costs the same argon2 work as a wrong password.
  const check = await checkPassword(admin?.passwordHash ?? (await dummyHash()), input.password);
  if (!admin || !check.ok || !admin.isActive) throw new AppError('UNAUTHENTICATED', superAdminMessages.invalidLogin);
  await loginSucceeded(ctx.guard, attempt);
  // A hash of the password as typed before decision 105: stored again as normalised, unless changed meanwhile.
  if (check.upgrade)
    await db
      .update(superAdmins)
      .set({ passwordHash: await check.upgrade() })
      .where(and(eq(superAdmins.id, admin.id), eq(superAdmins.passwordHash, admin.passwordHash)));
  // With two-factor sign-in on, the password earns only a ticket for the code step (decision 065).
  if (await twoFactorOn(db, { superAdminId: admin.id })) {
    return { twoFactorRequired: true as const, challenge: await createChallenge(db, { superAdminId: admin.id }, ctx.now) };
  }
  return startSuperAdminSession(db, admin, ctx.now);
}

async function startSuperAdminSession(db: Db, admin: typeof superAdmins.$inferSelect, now: Date) {
  await db.update(superAdmins).set({ lastLoginAt: now }).where(eq(superAdmins.id, admin.id));
  const token = await createSuperAdminSession(db, admin.id, now);
  const superAdmin: TSuperAdmin = { id: admin.id, username: admin.username, email: admin.email };
  return { token, superAdmin };
}

/** The code step of a super-admin sign-in; the account must still be active. */
export async function superAdminTwoFactorLogin(
  db: Db,
  input: { challenge: string; code: string },
  ctx: { ip: string; now: Date; guard: SignInGuard; secrets: TotpSecrets },
) {
  const ticket = await passChallenge(db, { token: input.challenge, code: input.code, kind: 'superAdmin' }, ctx);
  const [admin] = await db
    .select()
    .from(superAdmins)
    .where(eq(superAdmins.id, ticket.superAdminId ?? -1))
    .limit(1);
  if (!admin?.isActive) throw new AppError('UNAUTHENTICATED', superAdminMessages.invalidLogin);
  return startSuperAdminSession(db, admin, ctx.now);
}

/** Checks the current password, stores the new one, ends every token and hands back a fresh one. */
export async function changeSuperAdminPassword(db: Db, id: number, input: { currentPassword: string; newPassword: string }, now: Date) {
  const [admin] = await db.select().from(superAdmins).where(eq(superAdmins.id, id)).limit(1);
  if (!admin || !(await checkPassword(admin.passwordHash, input.currentPassword)).ok) {
    throw new AppError('BAD_REQUEST', superAdminMessages.wrongPassword);
  }
  await db
    .update(superAdmins)
    .set({ passwordHash: await hashNewPassword(input.newPassword, { email: admin.email }) })
    .where(eq(superAdmins.id, id));
  await revokeSuperAdminSessions(db, id);
  return createSuperAdminSession(db, id, now);
}

export async function createSuperAdmin(db: Db, input: { email: string; username: string; password: string }) {
  const [row] = await db
    .insert(superAdmins)
    .values({
      email: input.email.trim().toLowerCase(),
      username: input.username.trim(),
      passwordHash: await hashNewPassword(input.password, { email: input.email }),
    })
    .returning({ id: superAdmins.id, email: superAdmins.email, username: superAdmins.username });
  return row;
}

/**
 * The demo's super-admin (seed.ts) signs in with the demo's published password, which every other account
 * is refused (decision 105): the one password set without the rules.
 */
export async function createDemoSuperAdmin(db: Db, input: { email: string; username: string; password: string }) {
  await db
    .insert(superAdmins)
    .values({ email: input.email, username: input.username, passwordHash: await hashPassword(normalisePassword(input.password)) });
}

export async function superAdminExists(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: superAdmins.id }).from(superAdmins).where(eq(superAdmins.email, email)).limit(1);
  return rows.length > 0;
}
