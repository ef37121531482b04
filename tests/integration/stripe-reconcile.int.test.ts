import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/server/db/schema';
import { JOBS, scheduleBackgroundJobs } from '../../src/server/jobs/background';
import type { JobRunner } from '../../src/server/jobs/runner';
import { reconcileStripeSubscriptions } from '../../src/server/modules/subscriptions';
import { createBusiness, createSite } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';
import { fakeConfig } from './stripe-events';
import { startStripeFake, type StripeFake, type SubscriptionState } from './stripe-fake';
import { DAY, P0, P1, P2 } from './stripe-timelines';

/** The daily reconciliation (decision 104): each site holding a Stripe subscription follows Stripe's state. */
let fake: StripeFake;
let t: TestApp;
const clock = createClock(new Date('2030-02-10T00:00:00Z'));
const logged: Array<{ level: string; msg: string; obj: Record<string, unknown> }> = [];
const log = {
  info: (obj: object, msg: string) => void logged.push({ level: 'info', msg, obj: obj as Record<string, unknown> }),
  error: (obj: object, msg: string) => void logged.push({ level: 'error', msg, obj: obj as Record<string, unknown> }),
};

beforeAll(async () => {
  fake = await startStripeFake();
  t = await startTestApp({ stripe: fakeConfig(fake), now: clock.now });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const PRO = 'price_pro_monthly';
const jan31 = new Date('2030-01-31T00:00:00Z');

/** A site whose stored subscription says `stored`, while Stripe says `stripe` (no Stripe state: Stripe has none). */
async function site(tag: string, stored: Partial<typeof sites.$inferInsert>, stripe?: Omit<SubscriptionState, 'id' | 'customer'>) {
  const business = await createBusiness(t.db);
  const ids = { id: `sub_rec_${tag}`, customer: `cus_rec_${tag}` };
  const row = await createSite(t.db, business.id, { stripeCustomerId: ids.customer, stripeSubscriptionId: ids.id, ...stored });
  if (stripe) fake.setSubscription({ ...ids, ...stripe });
  return row.id;
}
const stateOf = async (id: number) => {
  const [s] = await t.db.select().from(sites).where(eq(sites.id, id));
  return {
    status: s.subscriptionStatus,
    plan: s.planType,
    maxEmployees: s.maxEmployees,
    endsAt: s.subscriptionEndsAt?.toISOString() ?? null,
  };
};
const run = () => reconcileStripeSubscriptions({ db: t.db, stripe: fakeConfig(fake), now: clock.now, log });

describe('daily Stripe reconciliation', () => {
  let ids: Record<string, number>;

  it('corrects every site whose stored state drifted from Stripe’s, and counts and logs each', async () => {
    const active = { subscriptionStatus: 'active', planType: 'professional', maxEmployees: 100, subscriptionEndsAt: jan31 };
    ids = {
      // The deleted event never arrived.
      missedCancel: await site('cancel', active, {
        status: 'canceled',
        price: PRO,
        periodStart: P0,
        periodEnd: P1,
        endedAt: P0 + 10 * DAY,
      }),
      // The renewal's invoice.paid never arrived.
      missedRenewal: await site('renewal', active, { status: 'active', price: PRO, periodStart: P1, periodEnd: P2 }),
      // A downgrade made in Stripe's portal.
      missedPlan: await site('plan', active, { status: 'active', price: 'price_starter_monthly', periodStart: P0, periodEnd: P1 }),
      inSync: await site('sync', active, { status: 'active', price: PRO, periodStart: P0, periodEnd: P1 }),
      unknownToStripe: await site('ghost', active),
    };
    logged.length = 0;
    expect(await run()).toEqual({ checked: 5, corrected: 3, failed: 0 });

    expect(await stateOf(ids.missedCancel)).toEqual({
      status: 'canceled',
      plan: 'professional',
      maxEmployees: 100,
      endsAt: '2030-01-11T00:00:00.000Z',
    });
    expect(await stateOf(ids.missedRenewal)).toEqual({
      status: 'active',
      plan: 'professional',
      maxEmployees: 100,
      endsAt: '2030-03-02T00:00:00.000Z',
    });
    expect(await stateOf(ids.missedPlan)).toEqual({
      status: 'active',
      plan: 'starter',
      maxEmployees: 25,
      endsAt: '2030-01-31T00:00:00.000Z',
    });
    const untouched = { status: 'active', plan: 'professional', maxEmployees: 100, endsAt: '2030-01-31T00:00:00.000Z' };
    expect(await stateOf(ids.inSync)).toEqual(untouched);
    expect(await stateOf(ids.unknownToStripe)).toEqual(untouched);

    const corrections = logged.filter((l) => l.msg === 'stripe reconciliation corrected a site');
    expect(corrections.map((l) => l.obj.siteId)).toEqual([ids.missedCancel, ids.missedRenewal, ids.missedPlan]);
    expect(corrections[0].obj).toMatchObject({
      from: { status: 'active', planType: 'professional', subscriptionEndsAt: '2030-01-31T00:00:00.000Z' },
      to: { status: 'canceled', planType: 'professional', subscriptionEndsAt: '2030-01-11T00:00:00.000Z' },
    });
    expect(logged.at(-1)).toMatchObject({ msg: 'stripe reconciliation done', obj: { checked: 5, corrected: 3, failed: 0 } });
  });

  it('finds nothing to correct on a second run', async () => {
    expect(await run()).toEqual({ checked: 5, corrected: 0, failed: 0 });
  });

  it('checks the other sites when Stripe fails for one, logs it, and fails the run so it is retried', async () => {
    await t.db.update(sites).set({ subscriptionStatus: 'trial_expired' }).where(eq(sites.id, ids.inSync));
    // The first read and the SDK's one retry both fail: that is the first site's read.
    fake.failNext(500, 'Stripe is having a moment', 2);
    logged.length = 0;
    await expect(run()).rejects.toThrow('stripe reconciliation: 1 of 5 sites could not be checked');
    expect(logged.filter((l) => l.level === 'error').map((l) => l.obj.siteId)).toEqual([ids.missedCancel]);
    expect(await stateOf(ids.inSync)).toMatchObject({ status: 'active' });
  });

  it('is scheduled daily only when Stripe is configured', async () => {
    const scheduled = async (stripe: boolean) => {
      const names: string[] = [];
      const runner: JobRunner = {
        schedule: async (name) => void names.push(name),
        work: async () => undefined,
        send: async () => null,
        stop: async () => undefined,
      };
      const deps = { db: t.db, mailer: t.mailer, now: clock.now, appUrl: 'http://localhost:3000', log };
      await scheduleBackgroundJobs(runner, stripe ? { ...deps, stripe: fakeConfig(fake) } : deps);
      return names;
    };
    expect(await scheduled(true)).toContain(JOBS.stripeReconcile);
    expect(await scheduled(false)).not.toContain(JOBS.stripeReconcile);
  });
});
