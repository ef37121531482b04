import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { normalisePassword } from '../../shared/domain/password';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);

export type VerifyPassword = (passwordHash: string, password: string) => Promise<boolean>;

export const verifyPassword: VerifyPassword = async (passwordHash, password) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** A password checked as typed: right or not, and the hash to store instead when it was right in its old form. */
export interface PasswordCheck {
  ok: boolean;
  /** Set when the password matched only as typed (a hash made before decision 105): its normalised form's hash. */
  upgrade?: () => Promise<string>;
}

/**
 * Checks a password as every new one is stored (decision 105): normalised first. A hash made before that,
 * from a password with a space or an invisible character around or in it, matches only the password as
 * typed, so that is tried second, and only when it differs (argon2 work is done twice only then); a match
 * hands back the normalised form's hash for the caller to store, after which either form signs in.
 */
export async function checkPassword(
  passwordHash: string,
  typed: string,
  verifyWith: VerifyPassword = verifyPassword,
): Promise<PasswordCheck> {
  const normalised = normalisePassword(typed);
  if (normalised !== '' && (await verifyWith(passwordHash, normalised))) return { ok: true };
  if (normalised === typed) return { ok: false };
  if (!(await verifyWith(passwordHash, typed))) return { ok: false };
  // A password of spaces alone stays as it was: its normalised form would match every blank one.
  return normalised === '' ? { ok: true } : { ok: true, upgrade: () => hashPassword(normalised) };
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random secret made with the same parameters as real ones, checked when no account matches
 * so an unknown e-mail costs the same argon2 work as a wrong password. Made once per process.
 */
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(18).toString('base64')));
