import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sites, subscriptionHistory } from '../../src/server/db/schema';
import { employeeInput } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';
import { registerSite, signInUser } from './subscription-helpers';

const DAY = 24 * 60 * 60 * 1000;
const base = new Date('2031-05-06T10:00:00Z');
const clock = createClock(base);
const EXPIRED = 'Trial period has expired. Please activate a subscription to continue using the service.';
const STARTER_FEATURES = ['basic_calendar', 'employee_management', 'basic_reports', 'email_notifications'];
const ALL_FEATURES = [...STARTER_FEATURES, 'advanced_reports', 'multi_site', 'api_access'];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t?.close());
afterEach(() => clock.set(base));

const status = async (cookie: string) => {
  const res = await t.get('/api/subscription/status', cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const history = async (siteId: number) =>
  (await t.db.select().from(subscriptionHistory).where(eq(subscriptionHistory.siteId, siteId)).orderBy(asc(subscriptionHistory.id))).map(
    (h) => h.status,
  );

describe('GET /api/subscription/status', () => {
  it('gives a new registration every §3 field of a 14-day Starter trial, limits from the plans table', async () => {
    const { cookie } = await registerSite(t);
    const s = await status(cookie);
    expect(s).toMatchObject({
      subscriptionStatus: 'trial',
      planType: 'starter',
      maxEmployees: 25,
      maxSites: 1,
      isTrialActive: true,
      daysRemainingInTrial: 14,
      trialEndsAt: '2031-05-20T10:00:00.000Z',
      subscriptionEndsAt: null,
      featuresEnabled: STARTER_FEATURES,
      canUpgrade: true,
      billingModel: 'self_service',
      enterpriseContactEmail: null,
      externalBillingReference: null,
      isBeta: false,
      hidePaymentControls: false,
      paymentsConfigured: false,
      publishableKey: null,
    });
    expect(
      s.plans.map((p: { name: string; maxEmployees: number; priceMonthly: number }) => [p.name, p.maxEmployees, p.priceMonthly]),
    ).toEqual([
      ['starter', 25, 9],
      ['professional', 100, 29],
      ['enterprise', -1, 99],
    ]);
  });

  it('counts the days down and expires the trial on read when they run out, storing it', async () => {
    const { site, login } = await registerSite(t);
    clock.set(new Date(base.getTime() + 13.5 * DAY));
    expect((await status(await login())).daysRemainingInTrial).toBe(1);
    clock.set(new Date(base.getTime() + 14 * DAY));
    const cookie = await login();
    expect(await status(cookie)).toMatchObject({
      subscriptionStatus: 'trial_expired',
      isTrialActive: false,
      daysRemainingInTrial: 0,
      canUpgrade: true,
    });
    const [row] = await t.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row.subscriptionStatus).toBe('trial_expired');
  });

  it('is readable by every user of the site, not only admins', async () => {
    const { site, subdomain } = await registerSite(t);
    const viewer = await signInUser(t, site.id, subdomain, { isReadOnly: true });
    expect((await status(viewer)).subscriptionStatus).toBe('trial');
  });
});

describe('transitions', () => {
  it('ends a trial: changes answer 402 with the spec message, reads and sign-out still work', async () => {
    const { cookie, site } = await registerSite(t);
    const res = await t.post('/api/subscription/end-trial', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(await status(cookie)).toMatchObject({ subscriptionStatus: 'trial_expired', isTrialActive: false, daysRemainingInTrial: 0 });

    const create = await t.post('/api/employees', employeeInput(), cookie);
    expect(create.statusCode).toBe(402);
    expect(create.json()).toEqual({ message: EXPIRED });
    expect((await t.get('/api/employees', cookie)).statusCode).toBe(200);
    expect((await t.get('/api/settings', cookie)).statusCode).toBe(200);
    // Only a trial can end.
    const again = await t.post('/api/subscription/end-trial', {}, cookie);
    expect(again.statusCode).toBe(409);
    expect(await history(site.id)).toEqual(['trial', 'trial_expired']);
    expect((await t.post('/api/auth/logout', {}, cookie)).statusCode).toBe(200);
  });

  it('activating a plan replaces the trial (or the expiry) with the plan limits, and changes work again', async () => {
    const { cookie, site } = await registerSite(t);
    await t.post('/api/subscription/end-trial', {}, cookie);
    const res = await t.post('/api/subscription/activate', { planType: 'professional' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(await status(cookie)).toMatchObject({
      subscriptionStatus: 'active',
      planType: 'professional',
      maxEmployees: 100,
      maxSites: 5,
      isTrialActive: false,
      daysRemainingInTrial: 0,
      trialEndsAt: null,
      featuresEnabled: ALL_FEATURES,
      canUpgrade: false,
    });
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
    expect(await history(site.id)).toEqual(['trial', 'trial_expired', 'active']);

    const starter = await t.post('/api/subscription/activate', { planType: 'starter' }, cookie);
    expect(starter.statusCode).toBe(200);
    expect(await status(cookie)).toMatchObject({ planType: 'starter', maxEmployees: 25, canUpgrade: true });
    const bad = await t.post('/api/subscription/activate', { planType: 'beta' }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Plan must be starter, professional or enterprise');
  });

  it('updates trial settings: days from now, -1 for no end, employees and features', async () => {
    const { cookie } = await registerSite(t);
    await t.post('/api/subscription/end-trial', {}, cookie);
    const res = await t.post(
      '/api/subscription/update-trial-settings',
      { trialDays: 30, maxEmployees: 40, featuresEnabled: ['basic_calendar', 'multi_site'] },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(await status(cookie)).toMatchObject({
      subscriptionStatus: 'trial',
      planType: 'starter',
      maxEmployees: 40,
      daysRemainingInTrial: 30,
      trialEndsAt: '2031-06-05T10:00:00.000Z',
      featuresEnabled: ['basic_calendar', 'multi_site'],
    });
    await t.post('/api/subscription/update-trial-settings', { trialDays: -1, planType: 'professional' }, cookie);
    expect(await status(cookie)).toMatchObject({
      planType: 'professional',
      maxEmployees: 100,
      daysRemainingInTrial: -1,
      trialEndsAt: null,
      isBeta: false,
    });
    const bad = await t.post('/api/subscription/update-trial-settings', { trialDays: -2, featuresEnabled: ['teleport'] }, cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('beta mode is an unlimited trial with every beta feature that never expires', async () => {
    const { cookie: first, site, login } = await registerSite(t);
    expect((await t.post('/api/subscription/enable-beta-mode', {}, first)).statusCode).toBe(200);
    clock.set(new Date(base.getTime() + 400 * DAY));
    const cookie = await login();
    expect(await status(cookie)).toMatchObject({
      subscriptionStatus: 'trial',
      planType: 'beta',
      maxEmployees: -1,
      maxSites: -1,
      isTrialActive: true,
      daysRemainingInTrial: -1,
      trialEndsAt: null,
      featuresEnabled: ALL_FEATURES,
      isBeta: true,
    });
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
    expect(await history(site.id)).toEqual(['trial', 'trial']);
  });

  it('lets only admins change the subscription', async () => {
    const { site, subdomain } = await registerSite(t);
    const member = await signInUser(t, site.id, subdomain);
    for (const [url, body] of [
      ['/api/subscription/end-trial', {}],
      ['/api/subscription/activate', { planType: 'starter' }],
      ['/api/subscription/update-trial-settings', { trialDays: 5 }],
      ['/api/subscription/enable-beta-mode', {}],
      ['/api/get-or-create-subscription', {}],
    ] as const) {
      const res = await t.post(url, body, member);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe('Admin access required');
    }
    const [row] = await t.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row.subscriptionStatus).toBe('trial');
  });
});

describe('enterprise-managed sites', () => {
  it('refuse beta controls, ending the trial, activation and payment with the enterprise contact', async () => {
    const { cookie, site } = await registerSite(t);
    await t.db
      .update(sites)
      .set({ billingModel: 'enterprise', enterpriseContactEmail: 'accounts@bigcorp.test', externalBillingReference: 'PO-7781' })
      .where(eq(sites.id, site.id));
    for (const [url, body] of [
      ['/api/subscription/end-trial', {}],
      ['/api/subscription/activate', { planType: 'enterprise' }],
      ['/api/subscription/update-trial-settings', { trialDays: 5 }],
      ['/api/subscription/enable-beta-mode', {}],
    ] as const) {
      const res = await t.post(url, body, cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toContain('accounts@bigcorp.test');
    }
    expect(await status(cookie)).toMatchObject({
      subscriptionStatus: 'trial',
      planType: 'starter',
      billingModel: 'enterprise',
      enterpriseContactEmail: 'accounts@bigcorp.test',
      externalBillingReference: 'PO-7781',
      canUpgrade: false,
    });
    expect(await history(site.id)).toEqual(['trial']);
  });
});

describe('without Stripe keys', () => {
  it('says payments are not configured and leaves everything else working', async () => {
    const { cookie } = await registerSite(t);
    const res = await t.post('/api/get-or-create-subscription', { planType: 'professional' }, cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Payments are not configured on this server.');
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(503);
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
  });
});
