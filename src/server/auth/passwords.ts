import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

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

let dummy: Promise<string> | undefined;

/**
 * A hash of a random secret made with the same parameters as real ones, checked when no account matches
 * so an unknown e-mail costs the same argon2 work as a wrong password. Made once per process.
 */
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(18).toString('base64')));
