import { addDays, format } from 'date-fns';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import {
  businesses,
  dayChanges,
  employeeContracts,
  employees,
  exceptionReasons,
  exceptions,
  notes,
  publicHolidays,
  siteSettings,
  sites,
  siteUsers,
  userSitePermissions,
} from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/auth/passwords';
import { STARTER_EXCEPTION_TYPES, SUBSCRIPTION_PLANS } from '../../src/shared/domain/defaults';

const professional = SUBSCRIPTION_PLANS[1];
/** Sites built here hold an active Professional plan with that plan's limits, as after a paid activation. */
const PROFESSIONAL_LIMITS = {
  planType: professional.name,
  maxEmployees: professional.maxEmployees,
  maxSites: professional.maxSites,
  featuresEnabled: JSON.stringify(professional.features),
};
import { employeeDefaults, type TEmployeeInput } from '../../src/shared/contracts/employees';

/** Row builders shared by the tests and the demo seed: each inserts one real row and returns it. */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function createBusiness(db: Db, values: Partial<typeof businesses.$inferInsert> = {}) {
  const [row] = await db
    .insert(businesses)
    .values({ name: `Business ${unique()}`, ...values })
    .returning();
  return row;
}

export async function createSite(db: Db, businessId: number, values: Partial<typeof sites.$inferInsert> = {}) {
  const subdomain = values.subdomain ?? `site-${unique()}`;
  const [site] = await db
    .insert(sites)
    .values({ name: subdomain, subscriptionStatus: 'active', ...PROFESSIONAL_LIMITS, ...values, subdomain, businessId })
    .returning();
  const [business] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
  await db.insert(siteSettings).values({ siteId: site.id, siteName: site.name, businessName: business?.name ?? null });
  return site;
}

export async function createUser(
  db: Db,
  siteId: number,
  values: {
    email?: string;
    username?: string;
    password?: string;
    isAdmin?: boolean;
    isReadOnly?: boolean;
    isStaff?: boolean;
    isActive?: boolean;
  } = {},
) {
  const email = (values.email ?? `user-${unique()}@example.test`).toLowerCase();
  const [row] = await db
    .insert(siteUsers)
    .values({
      siteId,
      email,
      username: values.username ?? email.split('@')[0].slice(0, 50),
      passwordHash: await hashPassword(values.password ?? 'password123'),
      isAdmin: values.isAdmin ?? false,
      isReadOnly: values.isReadOnly ?? values.isStaff ?? false,
      isStaff: values.isStaff ?? false,
      isActive: values.isActive ?? true,
    })
    .returning();
  return row;
}

export async function grantSite(db: Db, userId: number, siteId: number, grantedBy?: number) {
  await db.insert(userSitePermissions).values({ userId, siteId, grantedBy });
}

export const employeeInput = (overrides: Partial<TEmployeeInput> = {}): TEmployeeInput => ({
  ...employeeDefaults,
  name: `Employee ${unique()}`,
  ...overrides,
});

export async function createEmployee(db: Db, siteId: number, overrides: Partial<TEmployeeInput> & { sortOrder?: number } = {}) {
  const input = employeeInput(overrides);
  const defaultHours =
    [
      input.mondayHours,
      input.tuesdayHours,
      input.wednesdayHours,
      input.thursdayHours,
      input.fridayHours,
      input.saturdayHours,
      input.sundayHours,
    ].find((h) => h > 0) ?? 0;
  const [row] = await db
    .insert(employees)
    .values({ name: input.name, siteId, sortOrder: overrides.sortOrder ?? 0 })
    .returning();
  // One contract version from the beginning of time (decision 076), as employees from before decision 107 have;
  // the API starts a new employee's first version on their start date.
  const { name: _name, ...hours } = input;
  await db.insert(employeeContracts).values({ ...hours, siteId, employeeId: row.id, validFrom: null });
  return { ...row, ...input, defaultHours };
}

export async function createStarterReasons(db: Db, businessId: number) {
  return db
    .insert(exceptionReasons)
    .values(STARTER_EXCEPTION_TYPES.map((t, i) => ({ ...t, businessId, sortOrder: i })))
    .returning();
}

export async function createException(
  db: Db,
  values: {
    siteId: number;
    employeeId: number;
    reasonId: number;
    startDate: string;
    endDate?: string;
    isFullDay?: boolean;
    hours?: number | null;
    notes?: string | null;
  },
) {
  const [row] = await db
    .insert(exceptions)
    .values({ ...values, endDate: values.endDate ?? values.startDate, isFullDay: values.isFullDay ?? true, hours: values.hours ?? null })
    .returning();
  return row;
}

export async function createNote(
  db: Db,
  values: { siteId: number; title?: string; description?: string | null; startDate: string; endDate?: string; color?: string },
) {
  const [row] = await db
    .insert(notes)
    .values({ title: `Note ${unique()}`, color: '#3b82f6', ...values, endDate: values.endDate ?? values.startDate })
    .returning();
  return row;
}

export async function createHoliday(db: Db, siteId: number, date: string, name = 'Holiday') {
  const [row] = await db.insert(publicHolidays).values({ siteId, date, name }).returning();
  return row;
}

/** A business with one site, its starter types and an admin: the usual starting point of a test. */
export async function createTenant(db: Db, opts: { password?: string } = {}) {
  const business = await createBusiness(db);
  const site = await createSite(db, business.id);
  const reasons = await createStarterReasons(db, business.id);
  const admin = await createUser(db, site.id, { isAdmin: true, password: opts.password });
  return { business, site, reasons, admin };
}

export const day = (base: Date, offset: number) => format(addDays(base, offset), 'yyyy-MM-dd');

/** A tenant with a regular user (writer) and a read-only user beside its admin, all with one password. */
export async function createTeam(db: Db, password = 'password123') {
  const tenant = await createTenant(db, { password });
  const writer = await createUser(db, tenant.site.id, { password });
  const viewer = await createUser(db, tenant.site.id, { password, isReadOnly: true });
  return { ...tenant, writer, viewer };
}

/** Every day-change row of a site, keyed by date. */
export async function dayChangeRows(db: Db, siteId: number) {
  const rows = await db.select().from(dayChanges).where(eq(dayChanges.siteId, siteId)).orderBy(asc(dayChanges.date));
  return new Map(rows.map((r) => [r.date, r]));
}

/** A site-only exception type (business types come from createStarterReasons). */
export async function createSiteReason(
  db: Db,
  siteId: number,
  values: { name?: string; color?: string; isAdditive?: boolean; isRequestable?: boolean; sortOrder?: number } = {},
) {
  const [row] = await db
    .insert(exceptionReasons)
    // A type that adds hours is never requestable (decision 113), as the API makes it.
    .values({ name: `Type ${unique()}`, isRequestable: !values.isAdditive, ...values, siteId })
    .returning();
  return row;
}
