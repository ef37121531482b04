import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/server/db/schema';
import { employeeInput } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';
import { deliver, fakeConfig, invoiceEvent, stateEvent } from './stripe-events';
import { startStripeFake, type StripeFake } from './stripe-fake';
import { DAY, P0, P1, P2 } from './stripe-timelines';
import { registerSite } from './subscription-helpers';

/**
 * A paid period that ends without a renewal lapses after 7 days' grace (decision 104): the site turns
 * read-only and every change answers 402, as after an expired trial. The clock is the app's, moved here.
 */
let fake: StripeFake;
let t: TestApp;
const clock = createClock(new Date('2029-12-18T00:00:00Z'));
const at = (unix: number) => clock.set(new Date(unix * 1000));

beforeAll(async () => {
  fake = await startStripeFake();
  t = await startTestApp({ stripe: fakeConfig(fake), now: clock.now });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const LAPSED =
  'Your paid subscription period has ended and was not renewed. Please renew your subscription on the upgrade page to continue using the service.';
const PRO = 'price_pro_monthly';

/** A registered site (its 14-day trial ends at P0) that started paying: its Stripe subscription, as the app made it. */
async function subscribedSite(name: string) {
  at(P0 - 14 * DAY);
  const site = await registerSite(t, name);
  expect((await t.post('/api/get-or-create-subscription', { planType: 'professional' }, site.cookie)).statusCode).toBe(200);
  const [row] = await t.db.select().from(sites).where(eq(sites.id, site.site.id));
  const sub = { id: row.stripeSubscriptionId!, customer: row.stripeCustomerId!, siteId: row.id };
  return { ...site, sub };
}

/** At `when`, signs in again (days outlive a session) and tries one change. */
async function writeAt(when: number, login: () => Promise<string>) {
  at(when);
  const cookie = await login();
  const res = await t.post('/api/employees', employeeInput(), cookie);
  const status = (await t.get('/api/subscription/status', cookie)).json();
  return { code: res.statusCode, message: res.statusCode === 402 ? res.json().message : null, status: status.subscriptionStatus };
}

describe('a paid period that ends unrenewed', () => {
  it('(c) trial, paid, canceled at period end: writes through the grace period, then lapses', async () => {
    const { sub, login } = await subscribedSite('Lapse Co');
    const paid = { ...sub, price: PRO, periodStart: P0, periodEnd: P1 };
    at(P0 + 3600);
    fake.setSubscription({ ...paid, status: 'active' });
    await deliver(t, invoiceEvent(`evt_lapse_paid_${sub.id}`, 'invoice.paid', sub, { created: P0 + 60, periodEnd: P1 }));
    at(P0 + 20 * DAY);
    fake.setSubscription({ ...paid, status: 'active', cancelAtPeriodEnd: true });
    await deliver(
      t,
      stateEvent(`evt_lapse_cancel_${sub.id}`, 'customer.subscription.updated', { ...paid, status: 'active' }, P0 + 20 * DAY),
    );

    expect(await writeAt(P1 - DAY, login)).toEqual({ code: 201, message: null, status: 'active' });
    expect(await writeAt(P1 + 3 * DAY, login)).toEqual({ code: 201, message: null, status: 'active' });
    expect(await writeAt(P1 + 7 * DAY - 1, login)).toEqual({ code: 201, message: null, status: 'active' });
    expect(await writeAt(P1 + 7 * DAY, login)).toEqual({ code: 402, message: LAPSED, status: 'lapsed' });
    expect(await writeAt(P1 + 40 * DAY, login)).toEqual({ code: 402, message: LAPSED, status: 'lapsed' });
    // Read-only, not locked out.
    expect((await t.get('/api/employees', await login())).statusCode).toBe(200);
  });

  it('(b) a failed renewal: paid through the unpaid period’s start, lapsed after the grace, writable once paid', async () => {
    const { sub, login } = await subscribedSite('Past Due Co');
    at(P0 + 3600);
    fake.setSubscription({ ...sub, status: 'active', price: PRO, periodStart: P0, periodEnd: P1 });
    await deliver(t, invoiceEvent(`evt_pd_paid_${sub.id}`, 'invoice.paid', sub, { created: P0 + 60, periodEnd: P1 }));
    at(P1 + 60);
    const pastDue = { ...sub, status: 'past_due' as const, price: PRO, periodStart: P1, periodEnd: P2 };
    fake.setSubscription(pastDue);
    await deliver(t, stateEvent(`evt_pd_failed_${sub.id}`, 'customer.subscription.updated', pastDue, P1 + 60));

    expect(await writeAt(P1 + 5 * DAY, login)).toEqual({ code: 201, message: null, status: 'active' });
    expect(await writeAt(P1 + 8 * DAY, login)).toEqual({ code: 402, message: LAPSED, status: 'lapsed' });

    fake.setSubscription({ ...pastDue, status: 'active' });
    await deliver(t, invoiceEvent(`evt_pd_repaid_${sub.id}`, 'invoice.paid', sub, { created: P1 + 8 * DAY, periodEnd: P2 }));
    expect(await writeAt(P1 + 8 * DAY + 60, login)).toEqual({ code: 201, message: null, status: 'active' });
  });

  it('a subscription never paid stays on its trial’s terms, whatever Stripe retries', async () => {
    const { sub, login } = await subscribedSite('Never Paid Co');
    // The trial's end came and the first charge failed: Stripe says past_due, nothing was ever paid.
    at(P0 + 60);
    const pastDue = { ...sub, status: 'past_due' as const, price: PRO, periodStart: P0, periodEnd: P1 };
    fake.setSubscription(pastDue);
    await deliver(t, stateEvent(`evt_np_failed_${sub.id}`, 'customer.subscription.updated', pastDue, P0 + 60));
    await deliver(t, invoiceEvent(`evt_np_zero_${sub.id}`, 'invoice.paid', sub, { created: P0 - 14 * DAY, amountPaid: 0 }));
    const refused = await writeAt(P0 + DAY, login);
    expect(refused).toEqual({
      code: 402,
      message: 'Trial period has expired. Please activate a subscription to continue using the service.',
      status: 'trial_expired',
    });
  });
});
