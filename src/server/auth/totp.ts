import { Secret, TOTP } from 'otpauth';
import { toDataURL } from 'qrcode';

/**
 * RFC 6238 codes as every authenticator app makes them: SHA-1, 6 digits, 30-second steps. One step either
 * side is accepted for clock drift (window 1), and a code's step is remembered so the same code never
 * signs in twice (ASVS 2.8.4).
 */
const PERIOD_S = 30;
const ISSUER = 'Hoursight';

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_S });

/** A fresh 160-bit secret, base32 as apps expect it typed. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an app scans, and the same as a QR code image (data URL, made here: no network). */
export async function totpEnrolment(secret: string, account: string) {
  const uri = totpOf(secret, account).toString();
  return { uri, qrCode: await toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
}

/**
 * The time step a code belongs to, or null when it is wrong or its step is not after `lastUsedStep` (a
 * replay, or an older code once a newer one was used).
 */
export function acceptTotp(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
