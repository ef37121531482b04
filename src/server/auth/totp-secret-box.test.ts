import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTotpSecret, sealedBy, sealTotpSecret, totpKey } from './totp-secret-box';

/*
 * Expected values made outside the code under test: the key id with `sha256sum` of the bytes 00..1f, the
 * sealed value with Python's `cryptography` (AESGCM, IV 64..6f, associated data "hoursight-totp:site-user:12").
 */
const KEY = totpKey(Buffer.from([...Array(32).keys()]));
const OTHER = totpKey(Buffer.alloc(32, 7));
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SEALED_BY_PYTHON = 'v1:630dcd29:ZGVmZ2hpamtsbW5v:AlmNMSDaEs57Kg-j6TUyrQiAVV3SX7ci4pn8A8jz_RgsD8SvJBRdih9VXUds_g3t';

describe('TOTP secrets at rest (decision 105)', () => {
  it('names a key by the first 8 hex digits of its SHA-256', () => {
    expect(KEY.id).toBe('630dcd29');
  });

  it('opens a value sealed elsewhere with the same key, account and format', () => {
    expect(openTotpSecret([OTHER, KEY], SEALED_BY_PYTHON, 'site-user:12')).toBe(SECRET);
  });

  it('refuses another account’s value, an altered one, and one of a key it does not have', () => {
    expect(openTotpSecret([KEY], SEALED_BY_PYTHON, 'site-user:13')).toBeNull();
    expect(openTotpSecret([KEY], SEALED_BY_PYTHON, 'super-admin:12')).toBeNull();
    expect(openTotpSecret([KEY], SEALED_BY_PYTHON.replace(':Alm', ':Blm'), 'site-user:12')).toBeNull();
    expect(openTotpSecret([OTHER], SEALED_BY_PYTHON, 'site-user:12')).toBeNull();
    expect(openTotpSecret([KEY], 'v1:630dcd29:ZGVm', 'site-user:12')).toBeNull();
  });

  it('seals with a fresh IV each time, in a form AES-256-GCM opens as written', () => {
    const a = sealTotpSecret(KEY, SECRET, 'super-admin:3');
    const b = sealTotpSecret(KEY, SECRET, 'super-admin:3');
    expect(a).not.toBe(b);
    const [version, id, iv, sealed] = a.split(':');
    expect([version, id, Buffer.from(iv, 'base64url').length]).toEqual(['v1', '630dcd29', 12]);
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', KEY.key, Buffer.from(iv, 'base64url')).setAAD(
      Buffer.from('hoursight-totp:super-admin:3'),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    expect(Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString()).toBe(SECRET);
  });

  it('tells a sealed value from one stored as is, which opens as it is', () => {
    expect(sealedBy(SEALED_BY_PYTHON)).toBe('630dcd29');
    expect(sealedBy(SECRET)).toBeNull();
    expect(openTotpSecret([KEY], SECRET, 'site-user:12')).toBe(SECRET);
  });

  it('takes 32-byte keys only', () => {
    expect(() => totpKey(Buffer.alloc(16))).toThrow('A TOTP key is 32 bytes, not 16');
  });
});
