import { z } from 'zod';
import { ZEmailAddress, ZPassword, ZSubdomain } from './accounts';
import { zText } from './common';

/** The platform admin portal's calls (spec §7 "Super-admin"). Free text refuses control characters (`zText`). */

const text = (label: string, max: number) =>
  zText({ field: label, message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number, multiline = false) =>
  zText({ field: label, multiline })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const ZSuperAdminLoginRequest = z.object({
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(255, 'Email is too long'),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type TSuperAdminLoginRequest = z.input<typeof ZSuperAdminLoginRequest>;

export const ZSuperAdmin = z.object({ id: z.number(), username: z.string(), email: z.string() });
export type TSuperAdmin = z.infer<typeof ZSuperAdmin>;
export const ZSuperAdminLoginResponse = z.object({ token: z.string(), superAdmin: ZSuperAdmin });
export type TSuperAdminLoginResponse = z.infer<typeof ZSuperAdminLoginResponse>;
export const ZSuperAdminMe = z.object({ superAdmin: ZSuperAdmin });

export const ZSuperAdminChangePassword = z.object({
  currentPassword: z.string({ message: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: ZPassword,
});

/** Server-side paging: `page` from 1; a page holds at most 100 rows. */
export const ZListQuery = z.object({
  q: zText({ field: 'Search' }).trim().max(100, 'Search is too long').optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TListQuery = z.input<typeof ZListQuery>;
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'trial_expired', 'canceled', 'inactive', 'cancelled'] as const;
export const PLAN_TYPES = ['starter', 'professional', 'enterprise', 'beta'] as const;
export const BILLING_MODELS = ['self_service', 'enterprise_managed'] as const;

export const ZAdminStats = z.object({
  businesses: z.number(),
  sites: z.number(),
  activeSites: z.number(),
  paidSites: z.number(),
  users: z.number(),
  trialsEndingSoon: z.number(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZAdminBusiness = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  siteCount: z.number(),
  activeSites: z.number(),
  paidSites: z.number(),
  userCount: z.number(),
});
export type TAdminBusiness = z.infer<typeof ZAdminBusiness>;
export const ZAdminBusinessPage = paged(ZAdminBusiness);

export const ZAdminSite = z.object({
  id: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  name: z.string(),
  subdomain: z.string(),
  isActive: z.boolean(),
  subscriptionStatus: z.string(),
  planType: z.string(),
  billingModel: z.string(),
  trialEndsAt: z.string().nullable(),
  enterpriseContactEmail: z.string().nullable(),
  hidePaymentControls: z.boolean(),
  externalBillingReference: z.string().nullable(),
  accountingNotes: z.string().nullable(),
  userCount: z.number(),
  createdAt: z.string(),
});
export type TAdminSite = z.infer<typeof ZAdminSite>;
export const ZAdminSitePage = paged(ZAdminSite);

export const ZAdminUser = z.object({
  id: z.number(),
  siteId: z.number(),
  siteName: z.string(),
  businessId: z.number(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isReadOnly: z.boolean(),
  /** The Staff role (decision 091), shown as Staff (decision 116). */
  isStaff: z.boolean(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserPage = paged(ZAdminUser);

export const ZAuditEntry = z.object({
  id: z.number(),
  superAdminEmail: z.string(),
  entity: z.string(),
  entityId: z.number(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = paged(ZAuditEntry);

/** Spec §3 "Business detail (admin)". */
export const ZBusinessDetail = z.object({
  id: z.number(),
  name: z.string(),
  totalSites: z.number(),
  activeSites: z.number(),
  totalUsers: z.number(),
  adminUsers: z.number(),
  sites: z.array(ZAdminSite),
  users: z.array(ZAdminUser),
});
export type TBusinessDetail = z.infer<typeof ZBusinessDetail>;

export const ZSiteDetail = ZAdminSite.extend({ users: z.array(ZAdminUser) });
export type TSiteDetail = z.infer<typeof ZSiteDetail>;

export const SEARCH_TYPES = ['all', 'businesses', 'sites', 'users'] as const;
export const ZSearchQuery = z.object({
  q: zText({ field: 'Search', message: 'Search text is required' }).trim().min(1, 'Search text is required').max(100, 'Search is too long'),
  type: z.enum(SEARCH_TYPES, { message: 'Type must be all, businesses, sites or users' }).default('all'),
});
/** Spec §3 "Search result": businesses, sites, users (at most 20 of each). */
export const ZSearchResult = z.object({ businesses: z.array(ZAdminBusiness), sites: z.array(ZAdminSite), users: z.array(ZAdminUser) });
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZUpdateSiteRequest = z
  .object({
    name: text('Site name', 100),
    subdomain: ZSubdomain,
    isActive: z.boolean(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES, { message: 'Unknown subscription status' }),
    planType: z.enum(PLAN_TYPES, { message: 'Unknown plan type' }),
    billingModel: z.enum(BILLING_MODELS, { message: 'Unknown billing model' }),
    enterpriseContactEmail: z
      .string()
      .trim()
      .toLowerCase()
      .nullable()
      .transform((v) => (v ? v : null))
      .pipe(z.email('Enterprise contact must be a valid email').max(255).nullable()),
    hidePaymentControls: z.boolean(),
    externalBillingReference: optionalText('External billing reference', 200),
    accountingNotes: optionalText('Accounting notes', 2000, true),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type TUpdateSiteRequest = z.input<typeof ZUpdateSiteRequest>;

export const ZCreateSiteRequest = z.object({ name: text('Site name', 100), subdomain: ZSubdomain });
export type TCreateSiteRequest = z.input<typeof ZCreateSiteRequest>;

export const ZUpdateUserRequest = z
  .object({
    username: text('Username', 50),
    email: ZEmailAddress('Valid email required'),
    /** The role as the site's own user management sends it (decision 116): the same flags and the same rules. */
    isAdmin: z.boolean(),
    isReadOnly: z.boolean(),
    isStaff: z.boolean(),
    isActive: z.boolean(),
    newPassword: ZPassword,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

export const ZResetPasswordRequest = z.object({ newPassword: ZPassword });

export const BUG_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const ZBugReportRow = z.object({
  id: z.number(),
  subject: z.string(),
  details: z.string(),
  status: z.enum(BUG_STATUSES),
  siteName: z.string().nullable(),
  userEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type TBugReportRow = z.infer<typeof ZBugReportRow>;
export const ZBugReportPage = paged(ZBugReportRow);
export const ZBugReportQuery = ZListQuery.extend({ status: z.enum(BUG_STATUSES).optional() });
export const ZBugStatusRequest = z.object({ status: z.enum(BUG_STATUSES, { message: 'Status must be open, in_progress or closed' }) });

export const ZToggleSiteResponse = z.object({ isActive: z.boolean() });

export const superAdminMessages = {
  invalidLogin: 'Invalid email or password',
  noToken: 'No authentication token',
  expired: 'Authentication expired - please log in again',
  failed: 'Authentication failed',
  wrongPassword: 'Current password is incorrect',
  siteSuspended: 'This site has been suspended. Please contact support.',
  duplicateUser: 'A user with this email or username already exists in this site.',
} as const;
