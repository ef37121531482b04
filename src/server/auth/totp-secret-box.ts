import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest (decision 105): AES-256-GCM under a 32-byte key, stored as
 * `v1:<key id>:<iv>:<ciphertext and tag>` (base64url). The key id (the first 8 hex digits of the key's SHA-256)
 * says which key sealed a value, so a start-up pass can find values under another key, or none (a value from
 * before 105 has no prefix; base32 has no colon). The associated data names the account the secret belongs to,
 * so a sealed secret copied into another account's row does not open.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const TOTP_KEY_BYTES = 32;

export interface TotpKey {
  readonly id: string;
  readonly key: Buffer;
}

export function totpKey(key: Buffer): TotpKey {
  if (key.length !== TOTP_KEY_BYTES) throw new Error(`A TOTP key is ${TOTP_KEY_BYTES} bytes, not ${key.length}`);
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

const aad = (account: string) => Buffer.from(`hoursight-totp:${account}`);

export function sealTotpSecret(key: TotpKey, secret: string, account: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv).setAAD(aad(account));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, key.id, iv.toString('base64url'), sealed.toString('base64url')].join(':');
}

/** Whether a stored value is sealed, and by which key: null for a value stored as is (before 105). */
export function sealedBy(stored: string): string | null {
  const [version, id] = stored.split(':');
  return version === VERSION && id !== undefined ? id : null;
}

/**
 * The secret of a stored value: one stored as is comes back as it is; a sealed one is opened with the key
 * that sealed it. Null when none of `keys` did, or the value was altered or belongs to another account.
 */
export function openTotpSecret(keys: readonly TotpKey[], stored: string, account: string): string | null {
  if (sealedBy(stored) === null) return stored;
  const [, id, iv, sealed] = stored.split(':');
  const key = keys.find((k) => k.id === id);
  if (!key || iv === undefined || sealed === undefined) return null;
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url')).setAAD(aad(account));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
