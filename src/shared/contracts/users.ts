import { z } from 'zod';
import { ZEmailAddress, ZPassword } from './accounts';

/** One row of the user management list (spec §3 "Site user"), plus whether it is the caller. */
export const ZSiteUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isReadOnly: z.boolean(),
  /** The Staff role (decision 091): always read-only, never admin. */
  isStaff: z.boolean(),
  isActive: z.boolean(),
  /** The employee this user is (decision 091), on the user's home site; null when not linked. */
  employee: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Invited and not yet signed in with a password of their own (their link may have expired). */
  invited: z.boolean(),
  /** ISO timestamp; null until the first sign-in. */
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  isSelf: z.boolean(),
});
export type TSiteUser = z.infer<typeof ZSiteUser>;
export const ZSiteUserList = z.array(ZSiteUser);

/** A linked employee's id, or null for none; left out, the link stays as it is (decision 091). */
const ZEmployeeLink = z
  .number({ message: 'employeeId must be an employee id or null' })
  .int('employeeId must be a whole number')
  .positive('employeeId must be positive')
  .nullable()
  .optional();

/**
 * The role as flags (spec §6 plus decision 091): Admin, Regular (none), Read-only, a read-only Admin, or Staff.
 * A flag left out is false on create and unchanged on update, except `isReadOnly`, which is true with Staff;
 * the server answers 400 for a mix the role ladder does not have.
 */
const roleFields = {
  isAdmin: z.boolean().optional(),
  isReadOnly: z.boolean().optional(),
  isStaff: z.boolean().optional(),
  employeeId: ZEmployeeLink,
};

export const ZCreateUserRequest = z.object({
  email: ZEmailAddress('Valid email required'),
  password: ZPassword,
  ...roleFields,
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;

/** PATCH /api/auth/users/{id}: the role and the linked employee (decision 091). */
export const ZUpdateUserRequest = z.object(roleFields);
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

/** The roles the user dialogs offer, one choice each, and the flags each stands for. */
export const USER_ROLES = {
  admin: { label: 'Admin', isAdmin: true, isReadOnly: false, isStaff: false },
  readOnlyAdmin: { label: 'Read-only admin', isAdmin: true, isReadOnly: true, isStaff: false },
  regular: { label: 'User', isAdmin: false, isReadOnly: false, isStaff: false },
  readOnly: { label: 'Read Only', isAdmin: false, isReadOnly: true, isStaff: false },
  staff: { label: 'Staff', isAdmin: false, isReadOnly: true, isStaff: true },
} as const;
export type UserRole = keyof typeof USER_ROLES;

/** The words of the role badges (spec §6, decision 008; Staff, decision 091), the same in User Management and the admin portal. */
export type RoleBadgeWord = 'Admin' | 'User' | 'Read Only' | 'Staff';

/** A user's role badges: a read-only admin shows both Admin and Read Only (decision 116). */
export function roleBadges(u: { isAdmin: boolean; isReadOnly: boolean; isStaff: boolean }): RoleBadgeWord[] {
  if (u.isStaff) return ['Staff'];
  if (u.isAdmin) return u.isReadOnly ? ['Admin', 'Read Only'] : ['Admin'];
  return u.isReadOnly ? ['Read Only'] : ['User'];
}

/** The role a user's flags make. */
export const roleOf = (u: { isAdmin: boolean; isReadOnly: boolean; isStaff: boolean }): UserRole =>
  u.isStaff ? 'staff' : u.isAdmin ? (u.isReadOnly ? 'readOnlyAdmin' : 'admin') : u.isReadOnly ? 'readOnly' : 'regular';

/** POST /api/employees/{id}/invite: the address the invitation goes to. */
export const ZInviteRequest = z.object({ email: ZEmailAddress('Please enter a valid email address') });
export type TInviteRequest = z.input<typeof ZInviteRequest>;

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
  employeeNotFound: 'Employee not found',
  staffAdmin: 'A Staff user cannot be an admin. Choose Staff or Admin.',
  staffReadOnly: 'A Staff user is always read-only: send isReadOnly true (or leave it out) with isStaff.',
  changeOwnRole: 'You cannot change your own role.',
  lastAdmin: (email: string, site: string) =>
    `${email} is the last admin who can manage ${site}. Make another user of the site an admin first.`,
  employeeOfHomeSite: "A user can be linked only to an employee of the user's own site. Switch to that site first.",
  employeeTaken: (employee: string, email: string) =>
    `${employee} is already linked to ${email}. Unlink them first, or choose another employee.`,
  inviteLinked: (employee: string, email: string) =>
    `${employee} already signs in as ${email}. To send a new link, use "Forgot password" on the sign-in page.`,
  inviteInactive: (email: string) => `${email} is deactivated. Activate the user in User Management, then invite again.`,
  inviteEmailTaken: (email: string) =>
    `${email} is already a user of this site. Link that user to the employee in User Management instead.`,
} as const;
