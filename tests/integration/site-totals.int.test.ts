import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges, employeeContracts, employees } from '../../src/server/db/schema';
import { createSiteReason, createTenant } from '../factories';
import { startTestApp, type TestApp } from './harness';

/**
 * A site's day totals are sums over every employee, and plans allow unlimited employees: with 1,000
 * full-time staff a day holds 7,600 hours, which numeric(5,2) (at most 999.99) could not store.
 */

let t: TestApp;
let cookie: string;
let siteId: number;
let staff: number[];
const WEDNESDAY = '2030-01-09';

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.db, { password: 'totals-pass' });
  siteId = tenant.site.id;
  // 1,000 employees at the defaults: 7.6 hours Monday to Friday, 100 % efficiency.
  const rows = Array.from({ length: 1000 }, (_, i) => ({ siteId, name: `Staff ${i + 1}`, sortOrder: i }));
  staff = [];
  for (let i = 0; i < rows.length; i += 250) {
    staff.push(
      ...(
        await t.db
          .insert(employees)
          .values(rows.slice(i, i + 250))
          .returning({ id: employees.id })
      ).map((r) => r.id),
    );
  }
  // Each with one contract version from the beginning of time at the column defaults (decision 076).
  await t.db.insert(employeeContracts).values(staff.map((employeeId) => ({ siteId, employeeId, validFrom: null })));
  cookie = await t.login(tenant.admin.email, 'totals-pass');
});
afterAll(() => t?.close());

const dayRow = async () => (await t.db.select().from(dayChanges).where(eq(dayChanges.siteId, siteId))).find((r) => r.date === WEDNESDAY);

describe('site day totals with 1,000 employees', () => {
  it('stores 7,600 default hours and the exact current hours after exceptions', async () => {
    const leave = await createSiteReason(t.db, siteId, { name: 'Leave', isAdditive: false });
    const overtime = await createSiteReason(t.db, siteId, { name: 'Overtime', isAdditive: true });
    const base = { startDate: WEDNESDAY, endDate: WEDNESDAY, notes: null };

    const off = await t.post(
      '/api/exceptions',
      { ...base, employeeId: staff[0], reasonId: leave.id, isFullDay: true, hours: null },
      cookie,
    );
    expect(off.statusCode, off.body).toBe(201);
    // 1,000 × 7.6 = 7,600.0; one full day off: 7,600.0 − 7.6 = 7,592.4
    expect(await dayRow()).toMatchObject({ defaultHours: 7600, currentHours: 7592.4, isAuthorised: false, authorisedHours: null });

    const extra = await t.post(
      '/api/exceptions',
      { ...base, employeeId: staff[999], reasonId: overtime.id, isFullDay: false, hours: 3.5 },
      cookie,
    );
    expect(extra.statusCode, extra.body).toBe(201);
    // 7,592.4 + 3.5 = 7,595.9
    expect(await dayRow()).toMatchObject({ defaultHours: 7600, currentHours: 7595.9 });

    const authorised = await t.post('/api/day-changes/authorise', { date: WEDNESDAY }, cookie);
    expect(authorised.statusCode, authorised.body).toBe(200);
    expect(await dayRow()).toMatchObject({ defaultHours: 7600, currentHours: 7595.9, isAuthorised: true, authorisedHours: 7595.9 });
  });
});
