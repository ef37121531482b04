import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { SUBSCRIPTION_PLANS } from '../shared/domain/defaults';
import { DEMO_PASSWORD } from '../shared/domain/password';
import type { Db } from './db/client';
import {
  allowancePolicies,
  balanceAdjustments,
  businesses,
  employeeContracts,
  employees,
  publicHolidays,
  sites,
  siteUsers,
  subscriptionPlans,
  teams,
  userSitePermissions,
} from './db/schema';
import { mulberry32 } from '../shared/domain/prng';
import { publicHolidaysBetween } from './modules/holidays';
import { createDemoSuperAdmin } from './modules/super-admin';
import {
  createBusiness,
  createEmployee,
  createException,
  createNote,
  createSite,
  createStarterReasons,
  createUser,
  day,
  grantSite,
} from '../../tests/factories';

export { DEMO_PASSWORD };
/** The demo's sign-ins; the start-up banner reads their roles and sites from the database (decision 116). */
export const DEMO_USERS = ['admin@demo.example', 'user@demo.example', 'viewer@demo.example', 'staff@demo.example'] as const;
export const DEMO_BUSINESS_NAME = 'Demo Business Ltd';
/** The demo's platform super-admin (the portal at /admin); production has none until `npm run admin:create`. */
export const DEMO_SUPER_ADMIN = { email: 'superadmin@demo.example', username: 'superadmin' } as const;

/** Plans are reference data: present on every database, demo or not. */
export async function ensureReferenceData(db: Db): Promise<void> {
  for (const plan of SUBSCRIPTION_PLANS) {
    await db
      .insert(subscriptionPlans)
      .values({ ...plan, features: [...plan.features] })
      .onConflictDoNothing({ target: subscriptionPlans.name });
  }
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(businesses);
  return n === 0;
}

export async function hasDemo(db: Db): Promise<boolean> {
  const rows = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, DEMO_BUSINESS_NAME)).limit(1);
  return rows.length > 0;
}

/**
 * Every site of the demo business (Demo Large too, once `npm run seed:large` added it) with the demo users who
 * sign in to it, from their home site or through a grant, for the start-up banner (decision 116). Deliberately
 * across sites: it reads only the demo business, which the seed made.
 */
export async function unsafeDemoSignIns(db: Db) {
  const demoSites = await db
    .select({ id: sites.id, name: sites.name, subdomain: sites.subdomain })
    .from(sites)
    .innerJoin(businesses, eq(businesses.id, sites.businessId))
    .where(eq(businesses.name, DEMO_BUSINESS_NAME))
    .orderBy(asc(sites.id));
  const ids = demoSites.map((s) => s.id);
  if (ids.length === 0) return [];
  const role = { email: siteUsers.email, isAdmin: siteUsers.isAdmin, isReadOnly: siteUsers.isReadOnly, isStaff: siteUsers.isStaff };
  const demoUser = and(inArray(siteUsers.email, [...DEMO_USERS]), eq(siteUsers.isActive, true));
  const home = await db
    .select({ siteId: siteUsers.siteId, ...role })
    .from(siteUsers)
    .where(and(inArray(siteUsers.siteId, ids), demoUser))
    .orderBy(asc(siteUsers.id));
  const granted = await db
    .select({ siteId: userSitePermissions.siteId, ...role })
    .from(userSitePermissions)
    .innerJoin(siteUsers, eq(siteUsers.id, userSitePermissions.userId))
    .where(and(inArray(userSitePermissions.siteId, ids), demoUser))
    .orderBy(asc(siteUsers.id));
  return demoSites.map((site) => ({
    name: site.name,
    subdomain: site.subdomain,
    users: [
      ...home.filter((u) => u.siteId === site.id).map(({ siteId: _, ...u }) => ({ ...u, granted: false })),
      ...granted.filter((u) => u.siteId === site.id).map(({ siteId: _, ...u }) => ({ ...u, granted: true })),
    ],
  }));
}

const FIRST = [
  'Alice',
  'Ben',
  'Chloe',
  'Dev',
  'Ella',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jack',
  'Kara',
  'Liam',
  'Maya',
  'Noah',
  'Orla',
  'Priya',
  'Quinn',
  'Ravi',
  'Sofia',
  'Tom',
  'Uma',
  'Vik',
  'Wren',
  'Yusuf',
];
const LAST = ['Adams', 'Brown', 'Clarke', 'Davies', 'Evans', 'Foster', 'Green', 'Hughes', 'Iqbal', 'Jones', 'Khan', 'Lewis'];
const SCHEDULES = [
  { mondayHours: 7.6, tuesdayHours: 7.6, wednesdayHours: 7.6, thursdayHours: 7.6, fridayHours: 7.6, saturdayHours: 0, sundayHours: 0 },
  { mondayHours: 8, tuesdayHours: 8, wednesdayHours: 8, thursdayHours: 8, fridayHours: 6, saturdayHours: 0, sundayHours: 0 },
  { mondayHours: 4, tuesdayHours: 4, wednesdayHours: 4, thursdayHours: 4, fridayHours: 4, saturdayHours: 0, sundayHours: 0 },
  { mondayHours: 0, tuesdayHours: 7.5, wednesdayHours: 7.5, thursdayHours: 7.5, fridayHours: 7.5, saturdayHours: 5, sundayHours: 0 },
  { mondayHours: 6, tuesdayHours: 6, wednesdayHours: 0, thursdayHours: 6, fridayHours: 6, saturdayHours: 0, sundayHours: 0 },
];
const EFFICIENCY = [100, 95, 90, 85, 100, 75, 110, 65, 100, 92];
const NOTE_TITLES = ['Stock take', 'Team meeting', 'Fire drill', 'Delivery day', 'Audit visit', 'Quarter end'];
const NOTE_COLORS = ['#9ca3af', '#3b82f6', '#10b981', '#f59e0b', '#8b5cf6', '#f97316'];

async function seedHolidays(db: Db, siteId: number, today: Date) {
  const year = today.getFullYear();
  const rows = (await publicHolidaysBetween('GB', 'ENG', `${year}-01-01`, `${year + 1}-12-31`)).map((h) => ({
    siteId,
    date: h.date,
    name: h.name,
  }));
  if (rows.length) await db.insert(publicHolidays).values(rows).onConflictDoNothing();
}

/**
 * A little contract history to look at (decision 076), all of it ahead of today so no past day's hours
 * depend on the seed's date: the second employee goes down to four days from the first Monday of next month,
 * and the last one leaves at the end of next month.
 */
async function seedContractHistory(db: Db, siteId: number, staff: Array<{ id: number; efficiency: number }>, today: Date) {
  const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  while (next.getUTCDay() !== 1) next.setUTCDate(next.getUTCDate() + 1);
  const fourDays = {
    mondayHours: 8,
    tuesdayHours: 8,
    wednesdayHours: 8,
    thursdayHours: 8,
    fridayHours: 0,
    saturdayHours: 0,
    sundayHours: 0,
  };
  await db
    .insert(employeeContracts)
    .values({ siteId, employeeId: staff[1].id, validFrom: next.toISOString().slice(0, 10), efficiency: staff[1].efficiency, ...fourDays });
  const leaving = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 0)).toISOString().slice(0, 10);
  await db
    .update(employees)
    .set({ endDate: leaving })
    .where(eq(employees.id, staff[staff.length - 1].id));
}

/** Three teams (decision 085), nine of the twelve employees in them and three in none, so the column and filter show both. */
async function seedTeams(db: Db, siteId: number, staff: Array<{ id: number }>) {
  const made = await db
    .insert(teams)
    .values(['Front of House', 'Kitchen', 'Office'].map((name, sortOrder) => ({ siteId, name, sortOrder })))
    .returning({ id: teams.id });
  for (const [i, e] of staff.entries()) {
    if (i % 4 === 3) continue;
    await db
      .update(employees)
      .set({ teamId: made[i % 3].id })
      .where(eq(employees.id, e.id));
  }
}

async function seedSiteCalendar(db: Db, siteId: number, reasons: Array<{ id: number; isAdditive: boolean }>, today: Date, seed: number) {
  const rnd = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const staff = [];
  for (let i = 0; i < 12; i++) {
    const name = `${FIRST[(i * 7 + seed) % FIRST.length]} ${LAST[(i * 5 + seed) % LAST.length]}`;
    staff.push(
      await createEmployee(db, siteId, {
        name,
        efficiency: EFFICIENCY[(i + seed) % EFFICIENCY.length],
        ...SCHEDULES[i % SCHEDULES.length],
        sortOrder: i,
      }),
    );
  }
  await seedContractHistory(db, siteId, staff, today);
  await seedTeams(db, siteId, staff);
  const [annual, sick, training, overtime] = reasons;
  for (let i = 0; i < 22; i++) {
    const employee = pick(staff);
    const start = Math.floor(rnd() * 42) - 20;
    const kind = rnd();
    if (kind < 0.45) {
      await createException(db, {
        siteId,
        employeeId: employee.id,
        reasonId: annual.id,
        startDate: day(today, start),
        endDate: day(today, start + 1 + Math.floor(rnd() * 4)),
      });
    } else if (kind < 0.7) {
      await createException(db, { siteId, employeeId: employee.id, reasonId: sick.id, startDate: day(today, start) });
    } else if (kind < 0.85) {
      await createException(db, {
        siteId,
        employeeId: employee.id,
        reasonId: training.id,
        startDate: day(today, start),
        isFullDay: false,
        hours: 3.5,
      });
    } else {
      await createException(db, {
        siteId,
        employeeId: employee.id,
        reasonId: overtime.id,
        startDate: day(today, start),
        isFullDay: false,
        hours: 2,
      });
    }
  }
  for (let i = 0; i < 5; i++) {
    const start = Math.floor(rnd() * 36) - 16;
    await createNote(db, {
      siteId,
      title: NOTE_TITLES[(i + seed) % NOTE_TITLES.length],
      startDate: day(today, start),
      endDate: day(today, start + (i % 2)),
      color: NOTE_COLORS[(i + seed) % NOTE_COLORS.length],
    });
  }
  return staff;
}

/**
 * An allowance policy (decision 095) that shows each concept: 20 days a year accrued monthly, from last leave
 * year so a carry-over shows, capped at 5 days of 7.6 h and expiring on 31 March, and one adjustment.
 */
async function seedAllowance(db: Db, siteId: number, employeeId: number, admin: { id: number; username: string }, today: Date) {
  const year = today.getUTCFullYear();
  await db.insert(allowancePolicies).values({
    siteId,
    unit: 'days',
    entitlementDays: 20,
    fullWeekDays: 5,
    entitlementHours: 152,
    fullTimeWeeklyHours: 38,
    yearStartMonth: 1,
    accrual: 'monthly',
    carryOverCapHours: 38,
    carryOverExpiryMonth: 3,
    carryOverExpiryDay: 31,
    firstLeaveYear: year - 1,
    updatedByUserId: admin.id,
  });
  await db.insert(balanceAdjustments).values({
    siteId,
    employeeId,
    date: `${year}-01-01`,
    hours: 15.2,
    reason: 'Two days of long-service leave',
    createdByUserId: admin.id,
    createdByName: admin.username,
  });
}

/** The demo business: two sites, staff, a month of exceptions and notes around today, and four users. */
export async function seedDemo(db: Db, today: Date): Promise<void> {
  const business = await createBusiness(db, { name: DEMO_BUSINESS_NAME });
  const main = await createSite(db, business.id, { name: 'Demo', subdomain: 'demo' });
  const north = await createSite(db, business.id, { name: 'Demo North', subdomain: 'demo-north' });
  const reasons = await createStarterReasons(db, business.id);
  const mainStaff = await seedSiteCalendar(db, main.id, reasons, today, 1);
  await seedSiteCalendar(db, north.id, reasons, today, 2);
  await seedHolidays(db, main.id, today);
  await seedHolidays(db, north.id, today);
  const admin = await createUser(db, main.id, { email: 'admin@demo.example', username: 'admin', password: DEMO_PASSWORD, isAdmin: true });
  await createUser(db, main.id, { email: 'user@demo.example', username: 'user', password: DEMO_PASSWORD });
  await createUser(db, main.id, { email: 'viewer@demo.example', username: 'viewer', password: DEMO_PASSWORD, isReadOnly: true });
  // A Staff user who is the first employee of the main site (decision 091): the calendar and their own time off.
  const staffUser = await createUser(db, main.id, {
    email: 'staff@demo.example',
    username: 'staff',
    password: DEMO_PASSWORD,
    isStaff: true,
  });
  await db.update(employees).set({ userId: staffUser.id }).where(eq(employees.id, mainStaff[0].id));
  await grantSite(db, admin.id, north.id, admin.id);
  await seedAllowance(db, main.id, mainStaff[0].id, admin, today);
  await createDemoSuperAdmin(db, { ...DEMO_SUPER_ADMIN, password: DEMO_PASSWORD });
}
