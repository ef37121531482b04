import { z } from 'zod';
import { zText } from './common';

export const ZLoginRequest = z.object({
  email: z.string({ message: 'Please enter a valid email' }).trim().toLowerCase().pipe(z.email('Please enter a valid email')),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
  siteIdentifier: zText({ field: 'Site identifier' })
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(2, 'Site identifier required').max(50, 'Site identifier is too long').optional()),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZSessionUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isReadOnly: z.boolean(),
  /** The Staff role (decision 091): sees the calendar and their own requests only. */
  isStaff: z.boolean(),
  /** The employee linked to this user on the current site (their own time off), or null. */
  employeeId: z.number().nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSiteSummary = z.object({ id: z.number(), name: z.string(), subdomain: z.string() });
export type TSiteSummary = z.infer<typeof ZSiteSummary>;

export const ZMeResponse = z.object({ user: ZSessionUser, site: ZSiteSummary });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZSitesResponse = z.array(ZSiteSummary);

export const ZSwitchSiteRequest = z.object({
  siteId: z.coerce.number({ message: 'Site is required' }).int().positive('Site is required'),
});
export type TSwitchSiteRequest = z.infer<typeof ZSwitchSiteRequest>;
