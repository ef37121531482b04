import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, subscriptionHistory } from '../../src/server/db/schema';
import { employeeInput } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { deliver as deliverTo, fakeConfig, invoiceEvent, subscriptionEvent } from './stripe-events';
import { startStripeFake, type StripeFake } from './stripe-fake';
import { registerSite } from './subscription-helpers';

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

const createCalls = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);
const deliver = (event: object, opts?: Parameters<typeof deliverTo>[2]) => deliverTo(t, event, opts);

const historyOf = async (siteId: number) =>
  t.db.select().from(subscriptionHistory).where(eq(subscriptionHistory.siteId, siteId)).orderBy(asc(subscriptionHistory.id));
const siteRow = async (siteId: number) => (await t.db.select().from(sites).where(eq(sites.id, siteId)))[0];

describe('POST /api/get-or-create-subscription', () => {
  it('creates the customer and one subscription for the plan price, with no charge until the trial ends', async () => {
    const { site, cookie } = await registerSite(t, 'Paying Co');
    expect((await t.get('/api/subscription/status', cookie)).json()).toMatchObject({
      paymentsConfigured: true,
      publishableKey: 'pk_test_fake_key',
    });
    const customersBefore = createCalls('/v1/customers').length;
    const subsBefore = createCalls('/v1/subscriptions').length;

    const res = await t.post('/api/get-or-create-subscription', { planType: 'professional' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clientSecret: expect.stringMatching(/^seti_fake_secret_sub_/), intentType: 'setup' });
    const [subCall] = createCalls('/v1/subscriptions').slice(subsBefore);
    const row = await siteRow(site.id);
    expect(subCall.authorization).toBe('Bearer sk_test_fake_key');
    expect(subCall.params.get('customer')).toBe(row.stripeCustomerId);
    expect(subCall.params.get('items[0][price]')).toBe('price_pro_monthly');
    expect(subCall.params.get('payment_behavior')).toBe('default_incomplete');
    expect(subCall.params.get('metadata[planType]')).toBe('professional');
    expect(subCall.params.get('trial_end')).toBe(String(Math.floor(site.trialEndsAt!.getTime() / 1000)));
    expect(subCall.idempotencyKey).toBeTruthy();
    expect(row.stripeSubscriptionId).toMatch(/^sub_fake/);

    // Asked again: the same secret, nothing new created at Stripe.
    const again = await t.post('/api/get-or-create-subscription', { planType: 'professional' }, cookie);
    expect(again.json()).toEqual(res.json());
    expect(createCalls('/v1/customers').length - customersBefore).toBe(1);
    expect(createCalls('/v1/subscriptions').length - subsBefore).toBe(1);
  });

  it('asks for payment now once the trial has ended', async () => {
    const { cookie } = await registerSite(t, 'Late Payer');
    await t.post('/api/subscription/end-trial', {}, cookie);
    const before = createCalls('/v1/subscriptions').length;
    const res = await t.post('/api/get-or-create-subscription', { planType: 'starter' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_fake_secret_in_/), intentType: 'payment' });
    const [call] = createCalls('/v1/subscriptions').slice(before);
    expect(call.params.get('trial_end')).toBeNull();
    expect(call.params.get('items[0][price]')).toBe('price_starter_monthly');
  });

  it('answers the spec set-up message when Stripe refuses, and refuses a plan without a price', async () => {
    const { cookie } = await registerSite(t, 'Unlucky Co');
    fake.failNext(400, 'Something is wrong');
    const res = await t.post('/api/get-or-create-subscription', {}, cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Unable to set up subscription. Please try again.');
    const noPrice = await t.post('/api/get-or-create-subscription', { planType: 'enterprise' }, cookie);
    expect(noPrice.statusCode).toBe(503);
    expect(noPrice.json().message).toBe('The enterprise plan has no payment price configured.');
  });
});

describe('POST /api/stripe/webhook', () => {
  it('marks the site active on a paid invoice and writes history once for an event delivered twice', async () => {
    const { site, cookie } = await registerSite(t, 'Webhook Co');
    await t.post('/api/subscription/end-trial', {}, cookie);
    await t.post('/api/get-or-create-subscription', { planType: 'professional' }, cookie);
    const row = await siteRow(site.id);
    const sub = { id: row.stripeSubscriptionId!, customer: row.stripeCustomerId!, siteId: site.id };
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(402);

    // Stripe took the money: the subscription reads active for the period the invoice paid.
    fake.setSubscription({ ...sub, status: 'active', price: 'price_pro_monthly', periodStart: 1_897_408_000, periodEnd: 1_900_000_000 });
    const first = await deliver(invoiceEvent(`evt_paid_${site.id}`, 'invoice.paid', sub));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'processed' });
    const second = await deliver(invoiceEvent(`evt_paid_${site.id}`, 'invoice.paid', sub));
    expect(second.statusCode).toBe(200);
    expect(second.json().outcome).toBe('duplicate');

    expect(await siteRow(site.id)).toMatchObject({
      subscriptionStatus: 'active',
      planType: 'professional',
      maxEmployees: 100,
      maxSites: 5,
      trialEndsAt: null,
    });
    expect((await siteRow(site.id)).subscriptionEndsAt?.toISOString()).toBe('2030-03-17T17:46:40.000Z');
    const paid = (await historyOf(site.id)).filter((h) => h.paymentEventId === `evt_paid_${site.id}`);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      status: 'active',
      metadata: expect.objectContaining({ type: 'invoice.paid', stripeStatus: 'active' }),
    });
    expect((await t.post('/api/employees', employeeInput(), cookie)).statusCode).toBe(201);
  });

  it('refuses a wrong, old, missing or tampered signature with 400 and changes nothing', async () => {
    const { site, cookie } = await registerSite(t, 'Forgery Target');
    await t.post('/api/get-or-create-subscription', {}, cookie);
    const row = await siteRow(site.id);
    const event = invoiceEvent(`evt_forged_${site.id}`, 'invoice.paid', {
      id: row.stripeSubscriptionId!,
      customer: row.stripeCustomerId!,
      siteId: site.id,
    });
    const answers = [
      await deliver(event, { secret: 'whsec_someone_else' }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      await deliver(event, { signature: null }),
      await deliver(event, { tamper: true }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(answers[0].json().message).toBe('Invalid Stripe signature');
    expect(await siteRow(site.id)).toMatchObject({ subscriptionStatus: 'trial' });
    expect((await historyOf(site.id)).map((h) => h.status)).toEqual(['trial']);
  });

  it('reads the subscription from Stripe on each event: a failed payment, an update, a deletion', async () => {
    const { site, cookie } = await registerSite(t, 'Lifecycle Co');
    await t.post('/api/get-or-create-subscription', {}, cookie);
    const row = await siteRow(site.id);
    const sub = { id: row.stripeSubscriptionId!, customer: row.stripeCustomerId!, siteId: site.id };
    const stripeSide = { ...sub, price: 'price_pro_monthly', periodStart: 1_897_408_000, periodEnd: 1_900_000_000 };

    // Stripe still reads trialing (a card saved, nothing charged): recorded, the site keeps its trial.
    expect((await deliver(invoiceEvent(`evt_fail_${site.id}`, 'invoice.payment_failed', sub))).json().outcome).toBe('processed');
    expect(await siteRow(site.id)).toMatchObject({ subscriptionStatus: 'trial', planType: 'starter' });

    // Active, with a cancellation scheduled before the period's end: paid until then.
    const cancelAt = 1_899_000_000;
    fake.setSubscription({ ...stripeSide, status: 'active', cancelAt });
    const at = Math.floor(Date.now() / 1000);
    await deliver(subscriptionEvent(`evt_upd_${site.id}`, 'customer.subscription.updated', sub, { status: 'active' }, at));
    expect(await siteRow(site.id)).toMatchObject({ subscriptionStatus: 'active', planType: 'professional', maxEmployees: 100 });
    expect((await siteRow(site.id)).subscriptionEndsAt?.getTime()).toBe(cancelAt * 1000);

    fake.setSubscription({ ...stripeSide, status: 'canceled', cancelAt, endedAt: cancelAt });
    await deliver(subscriptionEvent(`evt_del_${site.id}`, 'customer.subscription.deleted', sub, { status: 'canceled' }, at + 1));
    expect(await siteRow(site.id)).toMatchObject({ subscriptionStatus: 'canceled' });
    expect((await siteRow(site.id)).subscriptionEndsAt?.getTime()).toBe(cancelAt * 1000);
    const refused = await t.post('/api/employees', employeeInput(), cookie);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      'Your subscription has been canceled. Please activate a subscription to continue using the service.',
    );

    expect((await historyOf(site.id)).map((h) => [h.status, h.paymentEventId])).toEqual([
      ['trial', null],
      ['trialing', `evt_fail_${site.id}`],
      ['active', `evt_upd_${site.id}`],
      ['canceled', `evt_del_${site.id}`],
    ]);
  });

  it('records an event about a subscription Stripe does not know, and changes nothing', async () => {
    const { site, cookie } = await registerSite(t, 'Ghost Co');
    await t.post('/api/get-or-create-subscription', {}, cookie);
    const row = await siteRow(site.id);
    fake.subscriptions.delete(row.stripeSubscriptionId!);
    const sub = { id: row.stripeSubscriptionId!, customer: row.stripeCustomerId!, siteId: site.id };
    expect((await deliver(invoiceEvent(`evt_ghost_${site.id}`, 'invoice.paid', sub))).json().outcome).toBe('processed');
    expect(await siteRow(site.id)).toMatchObject({ subscriptionStatus: 'trial', planType: 'starter' });
    expect((await historyOf(site.id)).map((h) => h.status)).toEqual(['trial', 'stripe_missing']);
  });

  it('ignores events about no known site or of other types', async () => {
    const unknown = await deliver(invoiceEvent('evt_nobody', 'invoice.paid', { id: 'sub_nobody', customer: 'cus_nobody', siteId: 0 }));
    expect(unknown.json()).toEqual({ received: true, outcome: 'ignored' });
    const other = await deliver({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
    });
    expect(other.json().outcome).toBe('ignored');
    expect(await t.db.select().from(subscriptionHistory).where(eq(subscriptionHistory.paymentEventId, 'evt_nobody'))).toEqual([]);
  });
});
