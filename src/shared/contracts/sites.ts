import { z } from 'zod';
import { zText } from './common';

export const siteMessages = {
  nameRequired: 'Please enter a team name',
  renameRequired: 'Please enter a valid team name',
  deleteCurrent: 'You cannot delete the site you are signed in to. Switch to another site first.',
  deleteLast: 'The last site of a business cannot be deleted.',
} as const;

export const ZCreateSiteRequest = z.object({
  name: zText({ field: 'Site name', message: siteMessages.nameRequired })
    .trim()
    .min(1, siteMessages.nameRequired)
    .max(100, 'At most 100 characters'),
  /** Optional: derived from the name by the spec's rule when absent. */
  subdomain: zText({ field: 'Site identifier' }).trim().max(50, 'Site identifier must be at most 50 characters').optional(),
});
export type TCreateSiteRequest = z.infer<typeof ZCreateSiteRequest>;

export const ZRenameSiteRequest = z.object({
  name: zText({ field: 'Site name', message: siteMessages.renameRequired })
    .trim()
    .min(1, siteMessages.renameRequired)
    .max(100, 'At most 100 characters'),
});
export type TRenameSiteRequest = z.infer<typeof ZRenameSiteRequest>;

export const ZSiteIdParams = z.object({
  siteId: z.coerce
    .number({ message: 'Id must be a number' })
    .int('Id must be a whole number')
    .positive('Id must be positive')
    .max(2147483647, 'Id is out of range'),
});

export const ZCreatedSite = z.object({ id: z.number(), name: z.string(), subdomain: z.string() });
