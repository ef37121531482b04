import { passwordMessages } from '../../shared/contracts/accounts';
import { AppError } from '../../shared/errors';
import { hashPassword } from './passwords';

/** Who the password is for: a password equal to one of these is the first thing a guesser tries. */
export interface PasswordOwner {
  email: string;
  /** The site identifier (subdomain) of the account's site; none for a super-admin. */
  siteIdentifier?: string;
}

let common: Set<string> | undefined;
/** Built on first use (decision 059's lazy loading): an idle server holds no 10,000-entry set. */
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { COMMON_PASSWORDS_TEXT } = await import('./common-passwords');
    common = new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  }
  return common;
}

/**
 * Beyond the spec's 6-character minimum (checked by the zod contract), ASVS 2.1.7 and 2.1.x ask that a new
 * password is not a known common one nor the account's own identifiers. Compared case-insensitively,
 * since "Password1" is as easy to guess as "password1".
 */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | undefined> {
  const candidate = password.trim().toLowerCase();
  const email = owner.email.trim().toLowerCase();
  const personal = [email, email.split('@')[0], owner.siteIdentifier?.trim().toLowerCase()].filter((v): v is string => !!v);
  if (personal.includes(candidate)) return passwordMessages.personal;
  if ((await commonPasswords()).has(candidate)) return passwordMessages.common;
  return undefined;
}

/** Checks a new password against the rules above (400 with the reason) and hashes it. */
export async function hashNewPassword(password: string, owner: PasswordOwner): Promise<string> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  return hashPassword(password);
}
