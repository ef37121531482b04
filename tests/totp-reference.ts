import { createHmac } from 'node:crypto';

/**
 * RFC 6238 time-based codes (HMAC-SHA1, 30-second steps), written here with node:crypto so that the tests
 * of two-factor sign-in never compute a code with the app's own TOTP library (decision 065).
 */
export function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

export function totp(key: Buffer, at: Date, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const value = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(value % 10 ** digits).padStart(digits, '0');
}

/** The 6-digit code of a base32 secret, as an authenticator app shows it at `at`. */
export const codeAt = (secret: string, at: Date = new Date()): string => totp(base32Bytes(secret), at);
