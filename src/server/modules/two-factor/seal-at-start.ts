import { and, eq } from 'drizzle-orm';
import { sealedBy } from '../../auth/totp-secret-box';
import type { Db } from '../../db/client';
import { twoFactorCredentials } from '../../db/schema';
import type { TotpSecrets } from './secret-keys';
import type { TwoFactorOwner } from './store';

/**
 * The data migration of decision 105, run at every start: each TOTP secret not sealed with the current key
 * (stored as is before 105, or sealed with the database's key before TOTP_ENCRYPTION_KEY was set) is sealed
 * with it. A SQL migration cannot do this: the key is not the database's to know. Each update is guarded by
 * the value it read, so instances starting together seal a secret once. Secrets no key here opens are
 * counted, left as they are, and reported by the caller.
 */
export async function sealStoredSecrets(db: Db, secrets: TotpSecrets): Promise<{ sealed: number; unreadable: number }> {
  const rows = await db
    .select({
      id: twoFactorCredentials.id,
      siteUserId: twoFactorCredentials.siteUserId,
      superAdminId: twoFactorCredentials.superAdminId,
      secret: twoFactorCredentials.secret,
    })
    .from(twoFactorCredentials);
  if (rows.length === 0) return { sealed: 0, unreadable: 0 };
  const { current } = await secrets.keyring();
  let sealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    if (sealedBy(row.secret) === current.id) continue;
    const owner: TwoFactorOwner = row.siteUserId !== null ? { siteUserId: row.siteUserId } : { superAdminId: row.superAdminId! };
    const secret = await secrets.open(owner, row.secret);
    if (secret === null) {
      unreadable++;
      continue;
    }
    const done = await db
      .update(twoFactorCredentials)
      .set({ secret: await secrets.seal(owner, secret) })
      .where(and(eq(twoFactorCredentials.id, row.id), eq(twoFactorCredentials.secret, row.secret)))
      .returning({ id: twoFactorCredentials.id });
    sealed += done.length;
  }
  return { sealed, unreadable };
}
