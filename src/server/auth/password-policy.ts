import { passwordMessages, PASSWORD_MIN } from '../../shared/contracts/accounts';
import { PRODUCT_NAME } from '../../shared/domain/defaults';
import { DEMO_PASSWORD, normalisePassword } from '../../shared/domain/password';
import { AppError } from '../../shared/errors';
import { hashPassword } from './passwords';

/** Who the password is for: a password built from one of these is the first thing a guesser tries. */
export interface PasswordOwner {
  email: string;
  /** The site identifier (subdomain) of the account's site; none for a super-admin. */
  siteIdentifier?: string;
  /** The business's name and its site's (the register form's "Company Name" is both); none for a super-admin. */
  businessName?: string;
  siteName?: string;
}

let common: Set<string> | undefined;
/** Built on first use (decision 059's lazy loading): an idle server holds no 10,000-entry set. */
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { COMMON_PASSWORDS_TEXT } = await import('./common-passwords');
    common = new Set(COMMON_PASSWORDS_TEXT.split('\n').map((p) => p.toLowerCase()));
  }
  return common;
}

/** The letters that digits and signs stand for in "P@ssw0rd"; a 1 is tried as both i and l. */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
};
const fold = (text: string, one: 'i' | 'l') => [...text].map((c) => (c === '1' ? one : (LEET[c] ?? c))).join('');

/** Digits and signs a guesser appends ("dragon2024!"): the word before them is tried alone. */
const TAIL = /[^\p{L}]+$/u;

/**
 * The spellings of a lower-cased word a guesser tries: as typed, with leet folded, and its stem before a tail
 * of digits and signs, folded or kept ("p@ssw0rd1" is "password1" and "password").
 */
export function spellings(lowered: string): Set<string> {
  const stem = lowered.replace(TAIL, '');
  const tail = lowered.slice(stem.length);
  const out = new Set([lowered, fold(lowered, 'i'), fold(lowered, 'l')]);
  if (stem && stem !== lowered) for (const s of [stem, fold(stem, 'i'), fold(stem, 'l')]) out.add(s).add(s + tail);
  return out;
}

/** Names compared without case, spaces or the joining signs people put in them ("Acme Ltd", "acme-ltd"). */
const compact = (text: string) => text.toLowerCase().replace(/[\s\-_.']/g, '');

/** Whether any spelling of `candidate` is a spelling of one of `words`. */
function built(candidate: string, words: ReadonlyArray<string | undefined>): boolean {
  const mine = spellings(compact(candidate));
  return words.some((w) => !!w && compact(w) !== '' && [...spellings(compact(w))].some((s) => mine.has(s)));
}

/**
 * Beyond the spec's 6-character minimum, ASVS 2.1.7 and 2.1.x (decision 065) and decision 105: a new
 * password, as normalised for storage, is not blank, not shorter than the minimum once normalised, not the
 * account's own identifiers, not the product's, the business's or the demo's names, and not one of the most
 * common passwords, each also in the spellings a guesser tries (case, leet, a tail of digits).
 */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | undefined> {
  const kept = normalisePassword(password);
  if (kept === '') return passwordMessages.blank;
  if (kept.length < PASSWORD_MIN) return passwordMessages.tooShort;
  const email = owner.email.trim().toLowerCase();
  if (built(kept, [email, email.split('@')[0], owner.siteIdentifier])) return passwordMessages.personal;
  if (built(kept, [PRODUCT_NAME, DEMO_PASSWORD, owner.businessName, owner.siteName])) return passwordMessages.guessable;
  const list = await commonPasswords();
  if ([...spellings(kept.toLowerCase())].some((s) => list.has(s))) return passwordMessages.common;
  return undefined;
}

/** Checks a new password against the rules above (400 with the reason) and hashes it as normalised. */
export async function hashNewPassword(password: string, owner: PasswordOwner): Promise<string> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  return hashPassword(normalisePassword(password));
}
