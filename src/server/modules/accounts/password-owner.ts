import { eq } from 'drizzle-orm';
import { siteJoin } from '../../auth/access';
import type { PasswordOwner } from '../../auth/password-policy';
import type { Db } from '../../db/client';
import { businesses, sites, siteUsers } from '../../db/schema';

/**
 * The e-mail, site identifier and names a site user's new password is checked against (decisions 065, 105); `email`
 * replaces the stored one when the same change also sets a new address. Undefined for an unknown user, so
 * the caller's own lookup answers 404 as before.
 */
export async function passwordOwnerOf(db: Db, userId: number, email?: string): Promise<PasswordOwner | undefined> {
  const [row] = await db
    .select({ email: siteUsers.email, siteIdentifier: sites.subdomain, siteName: sites.name, businessName: businesses.name })
    .from(siteUsers)
    .innerJoin(sites, siteJoin(sites.id, siteUsers.siteId))
    .innerJoin(businesses, eq(businesses.id, sites.businessId))
    .where(eq(siteUsers.id, userId))
    .limit(1);
  return row && { ...row, email: email ?? row.email };
}
