import { z } from 'zod';
import { ZEmailAddress, ZPassword } from './accounts';

/** One row of the user management list (spec §3 "Site user"), plus whether it is the caller. */
export const ZSiteUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isReadOnly: z.boolean(),
  isActive: z.boolean(),
  /** ISO timestamp; null until the first sign-in. */
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  isSelf: z.boolean(),
});
export type TSiteUser = z.infer<typeof ZSiteUser>;
export const ZSiteUserList = z.array(ZSiteUser);

export const ZCreateUserRequest = z.object({
  email: ZEmailAddress('Valid email required'),
  password: ZPassword,
  isAdmin: z.boolean().default(false),
  isReadOnly: z.boolean().default(false),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;

export const ZToggleStatusResponse = z.object({ isActive: z.boolean() });
export type TToggleStatusResponse = z.infer<typeof ZToggleStatusResponse>;

export const ZBusinessSite = z.object({ id: z.number(), name: z.string(), subdomain: z.string(), isActive: z.boolean() });
export type TBusinessSite = z.infer<typeof ZBusinessSite>;

/**
 * GET /api/auth/users/{id}/site-permissions. `siteIds` are the granted sites (spec §7); the home site,
 * always usable, is given apart, and `sites` lists every site of the business for the access dialog.
 */
export const ZSitePermissionsResponse = z.object({
  siteIds: z.array(z.number()),
  homeSiteId: z.number(),
  sites: z.array(ZBusinessSite),
});
export type TSitePermissionsResponse = z.infer<typeof ZSitePermissionsResponse>;

export const ZSitePermissionsRequest = z.object({
  siteIds: z
    .array(z.number({ message: 'Site ids must be numbers' }).int('Site ids must be whole numbers').positive('Site ids must be positive'), {
      message: 'siteIds must be a list of site ids',
    })
    .max(1000, 'Too many sites'),
});
export type TSitePermissionsRequest = z.infer<typeof ZSitePermissionsRequest>;

export const userMessages = {
  duplicateEmail: 'A user with this email already exists in this site.',
  toggleSelf: 'You cannot deactivate or reactivate your own account.',
  manageSelf: 'You cannot change your own site access.',
  userNotFound: 'User not found',
  siteNotFound: 'Site not found',
} as const;
