import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdForFixture } from '../../src/server/auth/access';
import { employees, sites } from '../../src/server/db/schema';
import { assertCanAddEmployee, assertCanAddSite } from '../../src/server/modules/subscriptions';
import { createSite, employeeInput } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { registerSite } from './subscription-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const staffCount = async (siteId: number) => (await t.db.select({ n: count() }).from(employees).where(eq(employees.siteId, siteId)))[0].n;
const siteCount = async (businessId: number) =>
  (await t.db.select({ n: count() }).from(sites).where(eq(sites.businessId, businessId)))[0].n;

/** What POST /api/sites does around the check: one transaction, the check, then the insert. */
const addSite = (businessId: number, fromSiteId: number) =>
  t.db.transaction(async (tx) => {
    await assertCanAddSite(tx, businessId, siteIdForFixture(fromSiteId));
    await tx.insert(sites).values({ businessId, name: 'Extra', subdomain: `extra-${Math.random().toString(36).slice(2, 10)}` });
  });

/**
 * Holds one creating transaction open after its check until the other has reached its own check: on
 * PostgreSQL the second must then be waiting on a row lock (seen in pg_locks); on PGlite transactions queue
 * anyway. Without the lock both would count the same and both insert.
 */
async function racePastCheck(check: (tx: typeof t.db) => Promise<void>, insert: (tx: typeof t.db) => Promise<void>) {
  let checked!: () => void;
  let release!: () => void;
  const firstChecked = new Promise<void>((r) => (checked = r));
  const released = new Promise<void>((r) => (release = r));
  const first = t.db.transaction(async (tx) => {
    await check(tx);
    checked();
    await released;
    await insert(tx);
  });
  await firstChecked;
  const second = t.db.transaction(async (tx) => {
    await check(tx);
    await insert(tx);
  });
  if (t.database.kind === 'postgres') {
    for (let i = 0; i < 200; i++) {
      const { rows } = await t.database.pool!.query('select count(*)::int as n from pg_locks where not granted');
      if (rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  release();
  return Promise.allSettled([first, second]);
}

describe('employees per site', () => {
  it('lets exactly one of several concurrent creations take the last seat', async () => {
    const { site, cookie } = await registerSite(t, 'Seats Ltd');
    await t.db.update(sites).set({ maxEmployees: 3 }).where(eq(sites.id, site.id));
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.post('/api/employees', employeeInput(), cookie)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
    expect(answers.find((r) => r.statusCode === 403)?.json().message).toBe(
      'Your starter plan allows up to 3 employees. Upgrade your subscription to add more.',
    );
    expect(await staffCount(site.id)).toBe(3);
  });

  it('holds the limit when two creating transactions interleave', async () => {
    const { site } = await registerSite(t, 'Interleaved Ltd');
    await t.db.update(sites).set({ maxEmployees: 1 }).where(eq(sites.id, site.id));
    const results = await racePastCheck(
      (tx) => assertCanAddEmployee(tx, siteIdForFixture(site.id)),
      async (tx) => {
        await tx.insert(employees).values({ name: employeeInput().name, siteId: site.id, sortOrder: 0 });
      },
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await staffCount(site.id)).toBe(1);
  });

  it('takes the Starter limit of 25 from the plans table at registration', async () => {
    const { site, cookie } = await registerSite(t, 'Starter Seats');
    await t.db
      .insert(employees)
      .values(Array.from({ length: 25 }, (_, i) => ({ name: employeeInput().name, siteId: site.id, sortOrder: i })));
    const res = await t.post('/api/employees', employeeInput(), cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your starter plan allows up to 25 employees. Upgrade your subscription to add more.');
  });
});

describe('sites per business', () => {
  it('refuses a second site without the multi-site feature', async () => {
    const { site } = await registerSite(t, 'Single Site Co');
    await expect(addSite(site.businessId, site.id)).rejects.toMatchObject({
      status: 403,
      message: 'Your Starter plan does not include multiple sites. Upgrade to Professional to add sites or teams.',
    });
    expect(await siteCount(site.businessId)).toBe(1);
  });

  it('allows Professional up to 5 sites, and two concurrent additions cannot both take the fifth', async () => {
    const { site, cookie } = await registerSite(t, 'Multi Site Co');
    expect((await t.post('/api/subscription/activate', { planType: 'professional' }, cookie)).statusCode).toBe(200);
    await addSite(site.businessId, site.id);
    await createSite(t.db, site.businessId);
    await createSite(t.db, site.businessId);
    expect(await siteCount(site.businessId)).toBe(4);
    const results = await racePastCheck(
      (tx) => assertCanAddSite(tx, site.businessId, siteIdForFixture(site.id)),
      async (tx) => {
        await tx
          .insert(sites)
          .values({ businessId: site.businessId, name: 'Raced', subdomain: `raced-${Math.random().toString(36).slice(2, 10)}` });
      },
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      status: 403,
      message: 'Your Professional plan allows up to 5 sites. Upgrade your subscription to add more.',
    });
    expect(await siteCount(site.businessId)).toBe(5);
  });

  it('lets the beta and Enterprise add sites without a limit', async () => {
    const { site, cookie } = await registerSite(t, 'Beta Sites');
    await t.post('/api/subscription/enable-beta-mode', {}, cookie);
    for (let i = 0; i < 6; i++) await addSite(site.businessId, site.id);
    expect(await siteCount(site.businessId)).toBe(7);
  });
});
