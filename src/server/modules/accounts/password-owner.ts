import { eq } from 'drizzle-orm';
import { siteJoin } from '../../auth/access';
import type { PasswordOwner } from '../../auth/password-policy';
import type { Db } from '../../db/client';
import { sites, siteUsers } from '../../db/schema';

/**
 * The e-mail and site identifier a site user's new password is checked against (decision 065); `email`
 * replaces the stored one when the same change also sets a new address. Undefined for an unknown user, so
 * the caller's own lookup answers 404 as before.
 */
export async function passwordOwnerOf(db: Db, userId: number, email?: string): Promise<PasswordOwner | undefined> {
  const [row] = await db
    .select({ email: siteUsers.email, siteIdentifier: sites.subdomain })
    .from(siteUsers)
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .where(eq(siteUsers.id, userId))
    .limit(1);
  return row && { email: email ?? row.email, siteIdentifier: row.siteIdentifier };
}
