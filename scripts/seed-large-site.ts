/**
 * `npm run seed:large`: adds "Demo Large" (subdomain `demo-large`) to the demo business: 300 employees in six
 * teams, with two months of absences, sick days, training and overtime around today, so the wallchart, the
 * filters and the month view can be tried at the size of a big site. The demo admin may switch to it.
 * Run it with the app stopped (PGlite in ./data allows one process), on a database that holds the demo.
 */
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { businesses, employees, exceptionReasons, siteUsers, sites, teams } from '../src/server/db/schema';
import { DEMO_BUSINESS_NAME } from '../src/server/seed';
import { mulberry32 } from '../src/shared/domain/prng';
import { createEmployee, createException, createSite, day, grantSite } from '../tests/factories';

const SUBDOMAIN = 'demo-large';
const EMPLOYEES = 300;
const TEAMS = ['Front of House', 'Kitchen', 'Bar', 'Housekeeping', 'Maintenance', 'Office'];
const FIRST = ['Alex', 'Sam', 'Jo', 'Chris', 'Pat', 'Robin', 'Kim', 'Lee', 'Max', 'Ria', 'Noor', 'Tom', 'Eva', 'Ivo', 'Lena'];
const LAST = ['Adams', 'Baker', 'Clark', 'Dunn', 'Evans', 'Fox', 'Gray', 'Hart', 'Iqbal', 'Jones'];
const LAST_MORE = ['Khan', 'Lopez', 'Moss', 'Nash', 'Okafor', 'Patel', 'Quinn', 'Reid', 'Silva', 'Tran'];

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(process.env.DATA_DIR ?? 'data'),
});
try {
  await migrateDatabase(database);
  const { db } = database;
  const [business] = await db.select().from(businesses).where(eq(businesses.name, DEMO_BUSINESS_NAME));
  if (!business) throw new Error('No demo business in this database: start the app once on an empty database first.');
  if ((await db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, SUBDOMAIN))).length) {
    console.log(`The ${SUBDOMAIN} site is already there; nothing to do.`);
  } else {
    // Larger than any self-service plan allows, as an enterprise agreement's site would be.
    const site = await createSite(db, business.id, { name: 'Demo Large', subdomain: SUBDOMAIN, maxEmployees: 1000 });
    const made = await db
      .insert(teams)
      .values(TEAMS.map((name, sortOrder) => ({ siteId: site.id, name, sortOrder })))
      .returning({ id: teams.id });
    const rnd = mulberry32(7);
    const staff = [];
    for (let i = 0; i < EMPLOYEES; i++) {
      const fullTime = i % 5 !== 4;
      const e = await createEmployee(db, site.id, {
        name: `${FIRST[i % FIRST.length]} ${[...LAST, ...LAST_MORE][Math.floor(i / FIRST.length)]}`,
        mondayHours: 8,
        tuesdayHours: 8,
        wednesdayHours: 8,
        thursdayHours: fullTime ? 8 : 0,
        fridayHours: fullTime ? 7.5 : 0,
        saturdayHours: 0,
        sundayHours: 0,
        efficiency: 100,
        sortOrder: i,
      });
      staff.push(e);
    }
    for (const [i, e] of staff.entries()) {
      await db
        .update(employees)
        .set({ teamId: made[i % TEAMS.length].id })
        .where(eq(employees.id, e.id));
    }
    const reasons = await db
      .select({ id: exceptionReasons.id, name: exceptionReasons.name })
      .from(exceptionReasons)
      .where(eq(exceptionReasons.businessId, business.id));
    const byName = (name: string) => reasons.find((r) => r.name === name)?.id ?? reasons[0].id;
    const today = new Date();
    for (let n = 0; n < EMPLOYEES * 2; n++) {
      const e = staff[Math.floor(rnd() * staff.length)];
      const start = Math.floor(rnd() * 90) - 30;
      const kind = rnd();
      if (kind < 0.5) {
        await createException(db, {
          siteId: site.id,
          employeeId: e.id,
          reasonId: byName('Annual Leave'),
          startDate: day(today, start),
          endDate: day(today, start + Math.floor(rnd() * 5)),
        });
      } else if (kind < 0.75) {
        await createException(db, { siteId: site.id, employeeId: e.id, reasonId: byName('Sick Leave'), startDate: day(today, start) });
      } else {
        await createException(db, {
          siteId: site.id,
          employeeId: e.id,
          reasonId: byName(kind < 0.9 ? 'Training' : 'Overtime'),
          startDate: day(today, start),
          isFullDay: false,
          hours: kind < 0.9 ? 3.5 : 2,
        });
      }
    }
    const [admin] = await db
      .select({ id: siteUsers.id })
      .from(siteUsers)
      .where(and(eq(siteUsers.email, 'admin@demo.example'), eq(siteUsers.isAdmin, true)));
    if (admin) await grantSite(db, admin.id, site.id, admin.id);
    console.log(`Added ${SUBDOMAIN}: ${EMPLOYEES} employees in ${TEAMS.length} teams, ${EMPLOYEES * 2} exceptions around today.`);
    if (admin) console.log('Sign in as admin@demo.example and pick "Demo Large" in the site switcher.');
  }
} finally {
  await database.close();
}
