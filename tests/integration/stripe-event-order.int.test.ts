import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/server/db/schema';
import { createBusiness, createSite } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { deliver, fakeConfig, invoiceEvent, subscriptionEvent, type SubRef } from './stripe-events';
import { startStripeFake, type StripeFake } from './stripe-fake';

/**
 * Stripe neither orders its deliveries nor stops retrying: whatever order the events of one subscription
 * arrive in, and however often, the site ends in the state of the newest one (decision 062).
 */
let fake: StripeFake;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  fake = await startStripeFake();
  t = await startTestApp({ stripe: fakeConfig(fake) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const T1 = 1_893_000_000;
const PERIOD_END = 1_900_000_000;
const ENDED_AT = 1_960_000_000;

/** A site on an expired Starter trial whose customer holds one Stripe subscription (in the fake too, for re-reads). */
async function trialSite(stripeStatus = 'incomplete'): Promise<SubRef> {
  const tag = `${Date.now().toString(36)}${n++}`;
  const business = await createBusiness(t.db);
  const site = await createSite(t.db, business.id, {
    subscriptionStatus: 'trial_expired',
    planType: 'starter',
    maxEmployees: 25,
    maxSites: 1,
    stripeCustomerId: `cus_order_${tag}`,
    stripeSubscriptionId: `sub_order_${tag}`,
  });
  fake.subscriptions.set(`sub_order_${tag}`, {
    id: `sub_order_${tag}`,
    object: 'subscription',
    customer: `cus_order_${tag}`,
    status: stripeStatus,
    metadata: { planType: 'professional' },
    cancel_at: null,
    ended_at: null,
    items: {
      object: 'list',
      data: [{ id: 'si_1', object: 'subscription_item', current_period_end: PERIOD_END, price: { id: 'price_pro_monthly' } }],
    },
    latest_invoice: { id: `in_${tag}`, object: 'invoice' },
    pending_setup_intent: null,
  });
  return { id: `sub_order_${tag}`, customer: `cus_order_${tag}`, siteId: site.id };
}

const siteRow = async (id: number) => (await t.db.select().from(sites).where(eq(sites.id, id)))[0];
const stateOf = async (id: number) => {
  const s = await siteRow(id);
  return { status: s.subscriptionStatus, plan: s.planType, maxEmployees: s.maxEmployees, endsAt: s.subscriptionEndsAt?.getTime() ?? null };
};

type Kind = 'paid' | 'updated' | 'deleted';
const build = (kind: Kind, sub: SubRef, created: number, stripeStatus: string) => {
  const id = `evt_${kind}_${sub.id}`;
  if (kind === 'paid') return invoiceEvent(id, 'invoice.paid', sub, { created, periodEnd: PERIOD_END });
  if (kind === 'deleted')
    return subscriptionEvent(id, 'customer.subscription.deleted', sub, { status: 'canceled', ended_at: ENDED_AT }, created);
  return subscriptionEvent(id, 'customer.subscription.updated', sub, { status: stripeStatus }, created);
};

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

// Hand-written: what each newest event leaves on the site.
const CANCELED = { status: 'canceled', plan: 'professional', maxEmployees: 100, endsAt: ENDED_AT * 1000 };
const CANCELED_UNPAID = { status: 'canceled', plan: 'professional', maxEmployees: 100, endsAt: PERIOD_END * 1000 };
const ACTIVE = { status: 'active', plan: 'professional', maxEmployees: 100, endsAt: PERIOD_END * 1000 };

/** Timelines: the kinds in the order Stripe created them (a minute apart), the updated event's status, and the end state. */
const timelines: Array<{ name: string; kinds: Kind[]; updated: string; expected: typeof ACTIVE }> = [
  { name: 'paid, updated (active), deleted', kinds: ['paid', 'updated', 'deleted'], updated: 'active', expected: CANCELED },
  { name: 'updated (active), paid, deleted', kinds: ['updated', 'paid', 'deleted'], updated: 'active', expected: CANCELED },
  { name: 'updated (unpaid), paid, deleted', kinds: ['updated', 'paid', 'deleted'], updated: 'unpaid', expected: CANCELED },
  { name: 'updated (unpaid), then paid', kinds: ['updated', 'paid'], updated: 'unpaid', expected: ACTIVE },
  { name: 'paid, then updated (unpaid)', kinds: ['paid', 'updated'], updated: 'unpaid', expected: CANCELED_UNPAID },
];

describe('Stripe events of one subscription, in every delivery order', () => {
  for (const timeline of timelines) {
    for (const order of permutations(timeline.kinds.map((_, i) => i))) {
      const label = order.map((i) => timeline.kinds[i]).join(' → ');
      it(`${timeline.name}: delivered ${label}, then all again`, async () => {
        const sub = await trialSite();
        const events = timeline.kinds.map((kind, i) => build(kind, sub, T1 + i * 60, timeline.updated));
        for (const i of order) expect((await deliver(t, events[i])).statusCode).toBe(200);
        expect(await stateOf(sub.siteId)).toEqual(timeline.expected);
        // Stripe keeps retrying for days: every redelivery changes nothing.
        for (const event of events) {
          const again = await deliver(t, event);
          expect(again.json().outcome).toBe('duplicate');
        }
        expect(await stateOf(sub.siteId)).toEqual(timeline.expected);
      });
    }
  }
});

describe('deliveries at the same moment', () => {
  it('every event delivered twice at once, all together: each applied once, the newest wins', async () => {
    const sub = await trialSite();
    const events = (['paid', 'updated', 'deleted'] as const).map((kind, i) => build(kind, sub, T1 + i * 60, 'active'));
    const answers = await Promise.all([...events, ...events].map((e) => deliver(t, e)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().outcome === 'duplicate')).toHaveLength(3);
    expect(await stateOf(sub.siteId)).toEqual(CANCELED);
  });
});

describe('what ordering by time cannot settle', () => {
  it('two events of the same second: Stripe is asked, and its current state wins in either order', async () => {
    for (const [first, second] of [
      ['updated', 'deleted'],
      ['deleted', 'updated'],
    ] as const) {
      const sub = await trialSite('canceled');
      const events = { updated: build('updated', sub, T1, 'active'), deleted: build('deleted', sub, T1, 'canceled') };
      await deliver(t, events[first]);
      await deliver(t, events[second]);
      expect((await stateOf(sub.siteId)).status, `${first} then ${second}`).toBe('canceled');
    }
    const sub = await trialSite('active');
    const paid = build('paid', sub, T1, 'active');
    const unpaid = build('updated', sub, T1, 'unpaid');
    await deliver(t, unpaid);
    await deliver(t, paid);
    expect(await stateOf(sub.siteId)).toMatchObject({ status: 'active', plan: 'professional' });
    const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${sub.id}`);
    expect(reads).toHaveLength(1);
  });

  it('a deleted subscription never comes back, even for a later "active" of the same id', async () => {
    const sub = await trialSite();
    await deliver(t, build('deleted', sub, T1, 'canceled'));
    const revive = await deliver(t, build('updated', sub, T1 + 600, 'active'));
    expect(revive.json().outcome).toBe('stale');
    const late = await deliver(t, invoiceEvent(`evt_late_paid_${sub.id}`, 'invoice.paid', sub, { created: T1 + 900 }));
    expect(late.json().outcome).toBe('stale');
    expect((await stateOf(sub.siteId)).status).toBe('canceled');
  });

  it('an event of a replaced subscription does not touch the site that moved to a new one', async () => {
    const old = await trialSite();
    await deliver(t, build('deleted', old, T1, 'canceled'));
    const current = `sub_current_${old.siteId}`;
    await t.db.update(sites).set({ stripeSubscriptionId: current }).where(eq(sites.id, old.siteId));
    await deliver(t, invoiceEvent(`evt_new_paid_${old.siteId}`, 'invoice.paid', { ...old, id: current }, { created: T1 + 60 }));
    expect(await stateOf(old.siteId)).toEqual(ACTIVE);
    const stray = await deliver(
      t,
      subscriptionEvent(`evt_old_upd_${old.siteId}`, 'customer.subscription.updated', old, { status: 'unpaid' }, T1 + 120),
    );
    expect(stray.json().outcome).toBe('ignored');
    expect(await stateOf(old.siteId)).toEqual(ACTIVE);
  });
});
