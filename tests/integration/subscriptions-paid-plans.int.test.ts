import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/server/db/schema';
import { createEmployee, employeeInput } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { deliver, fakeConfig, invoiceEvent, subscriptionEvent } from './stripe-events';
import { startStripeFake, type StripeFake } from './stripe-fake';
import { registerSite } from './subscription-helpers';

/** With card payments configured, a paid plan comes from a payment or the platform operator only (decision 062). */
let fake: StripeFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startStripeFake();
  t = await startTestApp({ stripe: fakeConfig(fake) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const OPERATOR_TRIAL = 'Beta mode and trial settings are set by the platform operator. Please contact support to change them.';
const subscribe = (plan: string) => `The ${plan} plan is activated by paying for it. Subscribe on the upgrade page to continue.`;
const siteRow = async (id: number) => (await t.db.select().from(sites).where(eq(sites.id, id)))[0];
const limitsOf = async (id: number) => {
  const s = await siteRow(id);
  return {
    status: s.subscriptionStatus,
    plan: s.planType,
    maxEmployees: s.maxEmployees,
    maxSites: s.maxSites,
    trialEndsAt: s.trialEndsAt !== null,
  };
};

/** Every call a site admin can make that touches the plan or its limits, and what each must answer. */
const attempts: Array<[string, string, unknown, number, string | null]> = [
  ['POST', '/api/subscription/activate', { planType: 'enterprise' }, 402, subscribe('Enterprise')],
  ['POST', '/api/subscription/activate', { planType: 'professional' }, 402, subscribe('Professional')],
  ['POST', '/api/subscription/activate', { planType: 'starter' }, 402, subscribe('Starter')],
  ['POST', '/api/subscription/enable-beta-mode', {}, 403, OPERATOR_TRIAL],
  ['POST', '/api/subscription/update-trial-settings', { trialDays: -1, maxEmployees: -1 }, 403, OPERATOR_TRIAL],
  ['POST', '/api/subscription/update-trial-settings', { planType: 'enterprise' }, 403, OPERATOR_TRIAL],
  ['POST', '/api/subscription/update-trial-settings', { featuresEnabled: ['multi_site', 'api_access'] }, 403, OPERATOR_TRIAL],
  ['PATCH', '/api/admin/sites/SITE', { planType: 'enterprise', subscriptionStatus: 'active' }, 401, null],
];

async function tryEverything(cookie: string, siteId: number) {
  for (const [method, url, body, status, message] of attempts) {
    const res = await t.request(method as 'POST' | 'PATCH', url.replace('SITE', String(siteId)), { body, cookie });
    expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
    if (message) expect(res.json(), url).toEqual({ message });
  }
}

describe('a new site admin with payments configured', () => {
  it('cannot reach a paid plan or unlimited limits without a payment event, through any route', async () => {
    const { site, cookie } = await registerSite(t, 'Probe Co');
    const status = (await t.get('/api/subscription/status', cookie)).json();
    expect(status).toMatchObject({ paymentsConfigured: true, selfServicePlans: false, planType: 'starter', subscriptionStatus: 'trial' });

    // During the trial.
    await tryEverything(cookie, site.id);
    expect(await limitsOf(site.id)).toEqual({ status: 'trial', plan: 'starter', maxEmployees: 25, maxSites: 1, trialEndsAt: true });
    const second = await t.post('/api/sites', { name: 'Second Branch' }, cookie);
    expect(second.statusCode).toBe(403);

    // Starting the payment flow (a Stripe subscription in trial, a card saved, a $0 first invoice) pays nothing.
    expect((await t.post('/api/get-or-create-subscription', { planType: 'professional' }, cookie)).statusCode).toBe(200);
    const row = await siteRow(site.id);
    const sub = { id: row.stripeSubscriptionId!, customer: row.stripeCustomerId!, siteId: site.id };
    const at = Math.floor(Date.now() / 1000);
    expect(
      (await deliver(t, subscriptionEvent(`evt_trialing_${site.id}`, 'customer.subscription.updated', sub, { status: 'trialing' }, at)))
        .statusCode,
    ).toBe(200);
    expect((await deliver(t, invoiceEvent(`evt_zero_${site.id}`, 'invoice.paid', sub, { amountPaid: 0, created: at }))).statusCode).toBe(
      200,
    );
    expect(await limitsOf(site.id)).toEqual({ status: 'trial', plan: 'starter', maxEmployees: 25, maxSites: 1, trialEndsAt: true });

    // After the trial: still nothing but the 402.
    expect((await t.post('/api/subscription/end-trial', {}, cookie)).statusCode).toBe(200);
    await tryEverything(cookie, site.id);
    const create = await t.post('/api/employees', employeeInput(), cookie);
    expect(create.statusCode).toBe(402);
    expect(await limitsOf(site.id)).toEqual({ status: 'trial_expired', plan: 'starter', maxEmployees: 25, maxSites: 1, trialEndsAt: true });

    // A forged payment is refused; a real one (signed, money taken) activates the plan with its limits.
    expect(
      (await deliver(t, invoiceEvent(`evt_forged_${site.id}`, 'invoice.paid', sub, { created: at + 60 }), { secret: 'whsec_guess' }))
        .statusCode,
    ).toBe(400);
    expect((await siteRow(site.id)).subscriptionStatus).toBe('trial_expired');
    // A signed "paid" that Stripe's own view does not bear out (it still reads trialing) changes nothing.
    expect((await deliver(t, invoiceEvent(`evt_early_${site.id}`, 'invoice.paid', sub, { created: at + 30 }))).statusCode).toBe(200);
    expect((await siteRow(site.id)).subscriptionStatus).toBe('trial_expired');
    fake.setSubscription({ ...sub, status: 'active', price: 'price_pro_monthly', periodStart: at, periodEnd: at + 30 * 86400 });
    expect((await deliver(t, invoiceEvent(`evt_real_${site.id}`, 'invoice.paid', sub, { created: at + 60 }))).json().outcome).toBe(
      'processed',
    );
    expect(await limitsOf(site.id)).toEqual({ status: 'active', plan: 'professional', maxEmployees: 100, maxSites: 5, trialEndsAt: false });
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
  });

  it('is refused a subscription to a plan the site has outgrown, before Stripe is asked', async () => {
    const { site, cookie } = await registerSite(t, 'Outgrown Co');
    for (let i = 0; i < 26; i++) await createEmployee(t.db, site.id);
    const before = fake.requests.length;
    const res = await t.post('/api/get-or-create-subscription', { planType: 'starter' }, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This site has 26 employees and the Starter plan allows up to 25. Remove 1 employee before changing to Starter.',
    });
    expect(fake.requests.length).toBe(before);
  });
});
