import { and, asc, eq, gt } from 'drizzle-orm';
import { siteJoin } from '../../auth/access';
import { INVALID_RESET_TOKEN, RESET_TOKEN_TTL_MS } from '../../../shared/contracts/accounts';
import { PRODUCT_NAME } from '../../../shared/domain/defaults';
import { AppError } from '../../../shared/errors';
import { hashNewPassword } from '../../auth/password-policy';
import { passwordOwnerOf } from './password-owner';
import { deleteUserSessions } from '../../auth/sessions';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { employees, sites, siteUsers } from '../../db/schema';
import { escapeHtml, htmlEmail } from '../../mail/html';
import type { OutgoingMail } from '../../mail/mailer';
import { clearLoginFailures, type SignInGuard } from '../../rate-limit/login-limit';

interface ResetAccount {
  userId: number;
  email: string;
  username: string;
  /** The linked employee's name: how the product names a person (decision 114); the user name when none. */
  employeeName?: string | null;
  siteName: string;
  subdomain: string;
}

/** The link a reset mail carries. */
export const resetLink = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;

export function resetMail(account: ResetAccount, link: string): OutgoingMail {
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const intro = `Hello ${account.employeeName ?? account.username},`;
  const what = `We received a request to reset the password of your ${PRODUCT_NAME} account for ${account.siteName} (site identifier: ${account.subdomain}).`;
  const expiry =
    'The link expires in 1 hour and works once. If you did not ask for a new password, ignore this e-mail: your password stays as it is.';
  const text = [intro, '', what, '', `Choose a new password here: ${link}`, '', expiry].join('\n');
  const href = escapeHtml(link);
  const html = htmlEmail(subject, [
    escapeHtml(intro),
    escapeHtml(what),
    `<a href="${href}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">Choose a new password</a>`,
    `Or paste this address into your browser: <a href="${href}">${href}</a>`,
    escapeHtml(expiry),
  ]);
  return { to: account.email, subject, text, html };
}

/**
 * Issues one fresh token per active account with this e-mail (an e-mail may have accounts in several
 * sites; each mail resets its own account). Storing the new hash overwrites, and so voids, any older token.
 * Returns the mails to send; the caller answers the same whether or not there were any.
 */
export async function issueResetTokens(db: Db, email: string, appUrl: string, now: Date): Promise<OutgoingMail[]> {
  const accounts = await db
    .select({
      userId: siteUsers.id,
      email: siteUsers.email,
      username: siteUsers.username,
      employeeName: employees.name,
      siteName: sites.name,
      subdomain: sites.subdomain,
    })
    .from(siteUsers)
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .leftJoin(employees, eq(employees.userId, siteUsers.id))
    .where(and(eq(siteUsers.email, email), eq(siteUsers.isActive, true), eq(sites.isActive, true)))
    .orderBy(asc(siteUsers.id));
  const mails: OutgoingMail[] = [];
  for (const account of accounts) {
    const token = newToken();
    await db
      .update(siteUsers)
      .set({ resetToken: hashToken(token), resetTokenExpires: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
      .where(eq(siteUsers.id, account.userId));
    mails.push(resetMail(account, resetLink(appUrl, token)));
  }
  return mails;
}

/** The condition a token must meet to set a password: its hash stored, unexpired, on an active account. */
const validToken = (token: string, now: Date) =>
  and(eq(siteUsers.resetToken, hashToken(token)), gt(siteUsers.resetTokenExpires, now), eq(siteUsers.isActive, true));

/**
 * Whether a reset or invitation link still works (decision 114), so its page says so when opened, not after the
 * form is filled in. A used token is cleared and a replaced one overwritten, so used, replaced, expired and unknown
 * all answer false alike; nothing is said about any e-mail address.
 */
export async function resetTokenWorks(db: Db, token: string, now: Date): Promise<boolean> {
  if (!token) return false;
  const [holder] = await db.select({ id: siteUsers.id }).from(siteUsers).where(validToken(token, now)).limit(1);
  return holder !== undefined;
}

/**
 * Sets a new password for the account holding this unexpired token. Clearing the token happens in the same
 * guarded UPDATE, so a token works once even when two requests race. Every session of the user ends.
 */
export async function resetPassword(db: Db, token: string, newPassword: string, now: Date, guard: SignInGuard): Promise<void> {
  const valid = validToken(token, now);
  // A cheap look first, so a wrong token costs no password hashing.
  const [holder] = await db.select({ id: siteUsers.id }).from(siteUsers).where(valid).limit(1);
  if (!holder) throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN);
  const owner = await passwordOwnerOf(db, holder.id);
  if (!owner) throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN);
  const passwordHash = await hashNewPassword(newPassword, owner);
  const [user] = await db
    .update(siteUsers)
    .set({ passwordHash, resetToken: null, resetTokenExpires: null })
    .where(and(eq(siteUsers.id, holder.id), valid))
    .returning({ id: siteUsers.id, email: siteUsers.email });
  if (!user) throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN);
  await deleteUserSessions(db, user.id);
  // A user locked out by failed guesses can sign in with the new password at once.
  await clearLoginFailures(guard, user.email, now);
}
