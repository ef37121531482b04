import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/server/db/schema';
import { createEmployee, createSite } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { registerSite } from './subscription-helpers';

/**
 * Without card payments: the spec's self-service plan controls stay for installs that allow them
 * (SELF_SERVICE_PLANS, on by default there), with downgrades the business has outgrown refused; an operator
 * who turns them off keeps them for the super-admin portal (decision 062).
 */
let open: TestApp;
let locked: TestApp;

beforeAll(async () => {
  open = await startTestApp();
  locked = await startTestApp({ selfServicePlans: false });
});
afterAll(async () => {
  await open?.close();
  await locked?.close();
});

const planOf = async (t: TestApp, id: number) => {
  const [s] = await t.db.select().from(sites).where(eq(sites.id, id));
  return { status: s.subscriptionStatus, plan: s.planType, maxEmployees: s.maxEmployees };
};

describe('self-service plans (no card payments)', () => {
  it('refuses a downgrade to a plan with fewer employees than the site has, naming the limit', async () => {
    const { site, cookie } = await registerSite(open, 'Busy Co');
    expect((await open.post('/api/subscription/activate', { planType: 'professional' }, cookie)).statusCode).toBe(200);
    for (let i = 0; i < 27; i++) await createEmployee(open.db, site.id);
    const message = 'This site has 27 employees and the Starter plan allows up to 25. Remove 2 employees before changing to Starter.';
    const activate = await open.post('/api/subscription/activate', { planType: 'starter' }, cookie);
    expect(activate.statusCode).toBe(409);
    expect(activate.json()).toEqual({ message });
    const trial = await open.post('/api/subscription/update-trial-settings', { planType: 'starter' }, cookie);
    expect(trial.statusCode).toBe(409);
    expect(trial.json()).toEqual({ message });
    expect(await planOf(open, site.id)).toEqual({ status: 'active', plan: 'professional', maxEmployees: 100 });
  });

  it('refuses a downgrade to a one-site plan while the business has more sites', async () => {
    const { site, cookie } = await registerSite(open, 'Branches Co');
    expect((await open.post('/api/subscription/activate', { planType: 'professional' }, cookie)).statusCode).toBe(200);
    await createSite(open.db, site.businessId);
    await createSite(open.db, site.businessId);
    const res = await open.post('/api/subscription/activate', { planType: 'starter' }, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Your business has 3 sites and the Starter plan allows 1 site. Delete 2 sites before changing to Starter.',
    });
    expect((await open.post('/api/subscription/activate', { planType: 'enterprise' }, cookie)).statusCode).toBe(200);
    expect(await planOf(open, site.id)).toEqual({ status: 'active', plan: 'enterprise', maxEmployees: -1 });
  });
});

describe('SELF_SERVICE_PLANS=false', () => {
  it('leaves plans, beta mode and trial settings to the platform operator', async () => {
    const { site, cookie } = await registerSite(locked, 'Managed Co');
    expect((await locked.get('/api/subscription/status', cookie)).json()).toMatchObject({
      paymentsConfigured: false,
      selfServicePlans: false,
    });
    // The calendar's first load seeds the same status for the screens: it must say the same.
    const shell = (await locked.get('/api/calendar?startDate=2030-03-01&endDate=2030-03-31&shell=1', cookie)).json();
    expect(shell.shell.subscription).toMatchObject({ paymentsConfigured: false, selfServicePlans: false });
    const plans = 'Plans on this server are set by the platform operator. Please contact support to change your plan.';
    const trial = 'Beta mode and trial settings are set by the platform operator. Please contact support to change them.';
    for (const [url, body, message] of [
      ['/api/subscription/activate', { planType: 'enterprise' }, plans],
      ['/api/subscription/enable-beta-mode', {}, trial],
      ['/api/subscription/update-trial-settings', { trialDays: -1, maxEmployees: -1 }, trial],
    ] as const) {
      const res = await locked.post(url, body, cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message });
    }
    expect(await planOf(locked, site.id)).toEqual({ status: 'trial', plan: 'starter', maxEmployees: 25 });
    // Giving up the trial early stays the admin's own choice.
    expect((await locked.post('/api/subscription/end-trial', {}, cookie)).statusCode).toBe(200);
  });
});
