import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, stripeSubscriptions } from '../../src/server/db/schema';
import { createBusiness, createSite } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';
import { deliver, fakeConfig, invoiceEvent, stateEvent } from './stripe-events';
import { startStripeFake, type StripeFake, type SubscriptionState } from './stripe-fake';
import { timelines, type Timeline } from './stripe-timelines';

/**
 * An event is a signal (decision 104): whatever order Stripe delivers a subscription's events in, and
 * however often, the site ends in Stripe's final state. Stripe's side moves as the events are created, so
 * an event is never delivered before Stripe reached the step that made it; every answer below is
 * hand-written in stripe-timelines.ts.
 */
let fake: StripeFake;
let t: TestApp;
let n = 0;
const clock = createClock(new Date('2030-01-20T12:00:00Z'));

beforeAll(async () => {
  fake = await startStripeFake();
  t = await startTestApp({ stripe: fakeConfig(fake), now: clock.now });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A site holding a Stripe subscription that Stripe has not yet told the app anything about. */
async function siteFor(timeline: Timeline) {
  const tag = `${Date.now().toString(36)}${n++}`;
  const business = await createBusiness(t.db);
  const ids = { id: `sub_order_${tag}`, customer: `cus_order_${tag}` };
  const site = await createSite(t.db, business.id, {
    ...timeline.site,
    maxEmployees: 25,
    maxSites: 1,
    stripeCustomerId: ids.customer,
    stripeSubscriptionId: ids.id,
  });
  const steps = timeline.steps.map((step) => ({ ...step, state: { ...step.state, ...ids } as SubscriptionState }));
  const events = steps.map((step, i) => {
    const id = `evt_${i}_${tag}`;
    if (step.event === 'invoice.paid') {
      return invoiceEvent(id, 'invoice.paid', { ...ids, siteId: site.id }, { created: step.at, periodEnd: step.state.periodEnd });
    }
    return stateEvent(id, step.event, step.state, step.at);
  });
  return { siteId: site.id, subscriptionId: ids.id, steps, events };
}

const stateOf = async (siteId: number) => {
  const [s] = await t.db.select().from(sites).where(eq(sites.id, siteId));
  return {
    status: s.subscriptionStatus,
    plan: s.planType,
    maxEmployees: s.maxEmployees,
    endsAt: s.subscriptionEndsAt?.toISOString() ?? null,
    trialEnded: s.trialEndsAt === null,
  };
};
const storedOf = async (id: string) => {
  const [r] = await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, id));
  return { state: r.state, ended: r.ended, paid: r.paid, planType: r.planType, cancelAtPeriodEnd: r.cancelAtPeriodEnd };
};

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('Stripe events of one subscription, in every delivery order', () => {
  for (const timeline of timelines) {
    for (const order of permutations([0, 1, 2])) {
      it(`${timeline.name}: delivered ${order.join(' → ')}, then all again`, async () => {
        const { siteId, subscriptionId, steps, events } = await siteFor(timeline);
        let reached = -1;
        for (const i of order) {
          // Stripe made event i at step i: by the time it arrives, Stripe is at least there.
          reached = Math.max(reached, i);
          fake.setSubscription(steps[reached].state);
          const res = await deliver(t, events[i]);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ received: true, outcome: 'processed' });
        }
        expect(await stateOf(siteId)).toEqual(timeline.final);
        expect(await storedOf(subscriptionId)).toEqual(timeline.stored);

        // Stripe keeps retrying for days: a redelivery is answered without asking Stripe and changes nothing.
        const reads = fake.reads(subscriptionId).length;
        for (const event of events) expect((await deliver(t, event)).json().outcome).toBe('duplicate');
        expect(fake.reads(subscriptionId)).toHaveLength(reads);
        expect(await stateOf(siteId)).toEqual(timeline.final);
      });
    }
  }
});

describe('deliveries at the same moment', () => {
  it('every event delivered twice at once: each processed once, Stripe’s state wins', async () => {
    const [paidThenDeleted] = timelines;
    const { siteId, steps, events } = await siteFor(paidThenDeleted);
    fake.setSubscription(steps[2].state);
    const answers = await Promise.all([...events, ...events].map((e) => deliver(t, e)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().outcome === 'duplicate')).toHaveLength(3);
    expect(await stateOf(siteId)).toEqual(paidThenDeleted.final);
  });
});

describe('what the event says is not believed', () => {
  it('an "active" event of a subscription Stripe has since canceled leaves the site canceled', async () => {
    const [paidThenDeleted] = timelines;
    const { siteId, steps } = await siteFor(paidThenDeleted);
    fake.setSubscription(steps[2].state);
    const stale = stateEvent(`evt_stale_${siteId}`, 'customer.subscription.updated', steps[0].state, steps[0].at);
    expect((await deliver(t, stale)).json().outcome).toBe('processed');
    expect((await stateOf(siteId)).status).toBe('canceled');
  });

  it('answers 503 while Stripe cannot be read, records nothing, and applies the redelivery', async () => {
    const [, pastDue] = timelines;
    const { siteId, steps, events } = await siteFor(pastDue);
    fake.setSubscription(steps[0].state);
    fake.failNext(500, 'Stripe is down', 2);
    const refused = await deliver(t, events[0]);
    expect(refused.statusCode).toBe(503);
    expect(await stateOf(siteId)).toMatchObject({ status: 'trial_expired' });
    expect((await deliver(t, events[0])).json().outcome).toBe('processed');
    expect(await stateOf(siteId)).toMatchObject({ status: 'active', plan: 'professional', endsAt: '2030-01-31T00:00:00.000Z' });
  });

  it('an event of a replaced subscription does not touch the site that moved to a new one', async () => {
    const [, pastDue] = timelines;
    const { siteId, steps, events } = await siteFor(pastDue);
    fake.setSubscription(steps[0].state);
    await deliver(t, events[0]);
    await t.db
      .update(sites)
      .set({ stripeSubscriptionId: `sub_current_${siteId}` })
      .where(eq(sites.id, siteId));
    fake.setSubscription({ ...steps[0].state, status: 'canceled', endedAt: steps[0].at + 60 });
    const stray = await deliver(t, stateEvent(`evt_old_${siteId}`, 'customer.subscription.deleted', steps[0].state, steps[0].at + 60));
    expect(stray.json().outcome).toBe('ignored');
    expect((await stateOf(siteId)).status).toBe('active');
  });
});
