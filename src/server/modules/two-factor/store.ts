import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { twoFactorMessages } from '../../../shared/contracts/auth-two-factor';
import { AppError } from '../../../shared/errors';
import { hashToken } from '../../auth/tokens';
import { acceptTotp, newTotpSecret, totpEnrolment } from '../../auth/totp';
import type { Db } from '../../db/client';
import { twoFactorCredentials, twoFactorRecoveryCodes } from '../../db/schema';
import type { TotpSecrets } from './secret-keys';

/** Whose second factor: a site user's or a super-admin's (decision 065). */
export type TwoFactorOwner = { siteUserId: number } | { superAdminId: number };

export const RECOVERY_CODE_COUNT = 10;
const ownerIs = (owner: TwoFactorOwner) =>
  'siteUserId' in owner ? eq(twoFactorCredentials.siteUserId, owner.siteUserId) : eq(twoFactorCredentials.superAdminId, owner.superAdminId);

async function credentialOf(db: Db, owner: TwoFactorOwner) {
  const [row] = await db.select().from(twoFactorCredentials).where(ownerIs(owner)).limit(1);
  return row;
}

/** On: a confirmed credential exists, so the password alone no longer signs in. */
export async function twoFactorOn(db: Db, owner: TwoFactorOwner): Promise<boolean> {
  return !!(await credentialOf(db, owner))?.enabledAt;
}

export async function twoFactorStatus(db: Db, owner: TwoFactorOwner) {
  const credential = await credentialOf(db, owner);
  if (!credential?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.credentialId, credential.id), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: left?.n ?? 0 };
}

/**
 * A new secret waiting for its first code; a set-up started earlier and not finished is replaced. Stored
 * sealed (decision 105): the app shows it this once, to be typed or scanned.
 */
export async function startEnrolment(db: Db, secrets: TotpSecrets, owner: TwoFactorOwner, account: string) {
  const existing = await credentialOf(db, owner);
  if (existing?.enabledAt) throw new AppError('CONFLICT', twoFactorMessages.alreadyOn);
  const secret = newTotpSecret();
  const sealed = await secrets.seal(owner, secret);
  if (existing)
    await db.update(twoFactorCredentials).set({ secret: sealed, lastUsedStep: null }).where(eq(twoFactorCredentials.id, existing.id));
  else await db.insert(twoFactorCredentials).values({ ...owner, secret: sealed });
  return { secret, ...(await totpEnrolment(secret, account)) };
}

/** Ten random codes of 10 base-32 letters (50 bits), shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = [...randomBytes(10)].map((b) => alphabet[b & 31]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}
const recoveryHash = (code: string) => hashToken(code.replace(/[^a-z2-7]/g, ''));

/** The first right code turns the set-up on and hands out the recovery codes, the one time they are shown. */
export async function confirmEnrolment(db: Db, secrets: TotpSecrets, owner: TwoFactorOwner, code: string, now: Date): Promise<string[]> {
  const credential = await credentialOf(db, owner);
  if (!credential) throw new AppError('BAD_REQUEST', twoFactorMessages.notStarted);
  if (credential.enabledAt) throw new AppError('CONFLICT', twoFactorMessages.alreadyOn);
  // A set-up sealed under a key this server no longer has cannot be finished: it is started again.
  const secret = await secrets.open(owner, credential.secret);
  if (secret === null) throw new AppError('BAD_REQUEST', twoFactorMessages.notStarted);
  const step = acceptTotp(secret, code, now, null);
  if (step === null) throw new AppError('BAD_REQUEST', twoFactorMessages.invalidCode);
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.update(twoFactorCredentials).set({ enabledAt: now, lastUsedStep: step }).where(eq(twoFactorCredentials.id, credential.id));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.credentialId, credential.id));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ credentialId: credential.id, codeHash: recoveryHash(c) })));
  });
  return codes;
}

/**
 * Checks a second factor: an app code (each time step once) or an unused recovery code (used up here).
 * Both updates are guarded, so two requests racing with one code cannot both pass.
 */
export async function checkSecondFactor(db: Db, secrets: TotpSecrets, owner: TwoFactorOwner, code: string, now: Date): Promise<boolean> {
  const credential = await credentialOf(db, owner);
  if (!credential?.enabledAt) return false;
  // A secret no key here opens (the start-up pass logs it) takes no app code; a recovery code still works.
  const secret = await secrets.open(owner, credential.secret);
  const step = secret === null ? null : acceptTotp(secret, code, now, credential.lastUsedStep);
  if (step !== null) {
    const fresh = or(isNull(twoFactorCredentials.lastUsedStep), lt(twoFactorCredentials.lastUsedStep, step));
    const taken = await db
      .update(twoFactorCredentials)
      .set({ lastUsedStep: step })
      .where(and(eq(twoFactorCredentials.id, credential.id), fresh))
      .returning({ id: twoFactorCredentials.id });
    return taken.length > 0;
  }
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.credentialId, credential.id),
        eq(twoFactorRecoveryCodes.codeHash, recoveryHash(code.toLowerCase())),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

export async function removeTwoFactor(db: Db, owner: TwoFactorOwner): Promise<void> {
  await db.delete(twoFactorCredentials).where(ownerIs(owner));
}
