import { openTotpSecret, sealTotpSecret, TOTP_KEY_BYTES, totpKey, type TotpKey } from '../../auth/totp-secret-box';
import { storedSecret } from '../../db/app-secrets';
import type { Db } from '../../db/client';
import type { TwoFactorOwner } from './store';

/**
 * The key that seals TOTP secrets (decision 105): TOTP_ENCRYPTION_KEY when the operator sets one, else a
 * random key the first instance stores in `app_secrets` (every instance then reads the same one), as
 * APP_SECRET's fallback does. The stored key, if there is one, also opens what it sealed before the operator
 * set theirs, so the start-up pass can seal those again under the operator's.
 */

const KEY_NAME = 'totp-encryption';

export interface TotpKeyring {
  /** The key every secret is sealed with now. */
  current: TotpKey;
  /** Every key that may open a stored secret, the current one first. */
  all: TotpKey[];
}

const decode = (value: string) => totpKey(Buffer.from(value, 'base64'));

async function storedKey(db: Db, create: boolean): Promise<TotpKey | undefined> {
  const value = await storedSecret(db, KEY_NAME, create ? { bytes: TOTP_KEY_BYTES, encoding: 'base64' } : undefined);
  return value === undefined ? undefined : decode(value);
}

async function loadKeyring(db: Db, configured?: Buffer): Promise<TotpKeyring> {
  if (!configured) {
    const current = (await storedKey(db, true))!;
    return { current, all: [current] };
  }
  const current = totpKey(configured);
  const earlier = await storedKey(db, false);
  return { current, all: earlier && earlier.id !== current.id ? [current, earlier] : [current] };
}

const cache = new WeakMap<object, Map<string, Promise<TotpKeyring>>>();

/** The keyring of a database and a configured key, read once per process (a failed read is tried again). */
export function totpKeyring(db: Db, configured?: Buffer): Promise<TotpKeyring> {
  const byKey = cache.get(db) ?? new Map<string, Promise<TotpKeyring>>();
  cache.set(db, byKey);
  const name = configured ? totpKey(configured).id : '';
  let pending = byKey.get(name);
  if (!pending) {
    pending = loadKeyring(db, configured);
    pending.catch(() => byKey.delete(name));
    byKey.set(name, pending);
  }
  return pending;
}

/** The account a sealed secret is bound to (the associated data). */
export const accountOf = (owner: TwoFactorOwner) =>
  'siteUserId' in owner ? `site-user:${owner.siteUserId}` : `super-admin:${owner.superAdminId}`;

/** Seals and opens the secrets of one database with its keyring. */
export interface TotpSecrets {
  seal(owner: TwoFactorOwner, secret: string): Promise<string>;
  /** The secret, or null when no key this server has opens it (logged by the start-up pass). */
  open(owner: TwoFactorOwner, stored: string): Promise<string | null>;
  keyring(): Promise<TotpKeyring>;
}

export function totpSecrets(db: Db, configured?: Buffer): TotpSecrets {
  const keyring = () => totpKeyring(db, configured);
  return {
    keyring,
    seal: async (owner, secret) => sealTotpSecret((await keyring()).current, secret, accountOf(owner)),
    open: async (owner, stored) => openTotpSecret((await keyring()).all, stored, accountOf(owner)),
  };
}
