import { asc, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { identifierProblem } from '../../src/server/http/route-words';
import {
  businesses,
  dataManagementSettings,
  exceptionReasons,
  sites,
  siteSettings,
  siteUsers,
  subscriptionHistory,
  subscriptionPlans,
} from '../../src/server/db/schema';
import { STARTER_EXCEPTION_TYPES } from '../../src/shared/domain/defaults';
import { subdomainMessages } from '../../src/shared/domain/subdomain';
import { createClock, startTestApp, type TestApp } from './harness';

const DAY = 24 * 60 * 60 * 1000;
const base = new Date('2031-05-06T10:00:00Z');
const clock = createClock(base);
let t: TestApp;
let addressCounter = 1;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t?.close());
afterEach(() => clock.set(base));

/** Each call from its own address unless told, so the per-address limit only bites where a test means it to. */
const register = (body: Record<string, unknown>, remoteAddress = `10.1.0.${addressCounter++}`) =>
  t.request('POST', '/auth/register', { body, remoteAddress });

const form = (overrides: Record<string, unknown> = {}) => ({
  siteName: 'Acme Widgets',
  siteSubdomain: `acme-${Math.random().toString(36).slice(2, 8)}`,
  email: `owner-${Math.random().toString(36).slice(2, 8)}@acme.test`,
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  ...overrides,
});

const businessCount = async () => (await t.db.select({ n: count() }).from(businesses))[0].n;

describe('POST /auth/register', () => {
  it('creates the business, a 14-day Starter trial site, settings, the admin, starter types and the trial history in one go', async () => {
    const body = form({ siteName: '  Bright Bakery ', siteSubdomain: ' Bright-Bakery ', email: ' Owner.Name@Bright.TEST ' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registration successful', site: { name: 'Bright Bakery', subdomain: 'bright-bakery' } });

    const [site] = await t.db.select().from(sites).where(eq(sites.subdomain, 'bright-bakery'));
    expect(site).toMatchObject({
      name: 'Bright Bakery',
      isActive: true,
      subscriptionStatus: 'trial',
      planType: 'starter',
      maxEmployees: 25,
      billingModel: 'self_service',
    });
    expect(site.trialEndsAt?.getTime()).toBe(base.getTime() + 14 * DAY);

    const [business] = await t.db.select().from(businesses).where(eq(businesses.id, site.businessId));
    expect(business).toMatchObject({ name: 'Bright Bakery', isActive: true });

    const [settings] = await t.db.select().from(siteSettings).where(eq(siteSettings.siteId, site.id));
    expect(settings).toMatchObject({
      siteName: 'Bright Bakery',
      businessName: 'Bright Bakery',
      saturdayWorkday: false,
      sundayWorkday: false,
    });
    const dm = await t.db.select().from(dataManagementSettings).where(eq(dataManagementSettings.siteId, site.id));
    expect(dm).toHaveLength(1);
    expect(dm[0]).toMatchObject({ dataRetentionDays: 365, futureDataDays: 730, autoCleanupEnabled: true });

    const users = await t.db.select().from(siteUsers).where(eq(siteUsers.siteId, site.id));
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      email: 'owner.name@bright.test',
      username: 'owner.name',
      isAdmin: true,
      isReadOnly: false,
      isActive: true,
      lastLoginAt: null,
    });
    expect(await verifyPassword(users[0].passwordHash, 'secret-pass')).toBe(true);

    const reasons = await t.db
      .select()
      .from(exceptionReasons)
      .where(eq(exceptionReasons.businessId, site.businessId))
      .orderBy(asc(exceptionReasons.sortOrder));
    // Annual Leave alone counts against the leave allowance (decision 095).
    expect(
      reasons.map((r) => ({ name: r.name, color: r.color, isAdditive: r.isAdditive, counts: r.countsAgainstAllowance, siteId: r.siteId })),
    ).toEqual([
      { name: 'Annual Leave', color: '#3b82f6', isAdditive: false, counts: true, siteId: null },
      { name: 'Sick Leave', color: '#ef4444', isAdditive: false, counts: false, siteId: null },
      { name: 'Training', color: '#8b5cf6', isAdditive: false, counts: false, siteId: null },
      { name: 'Overtime', color: '#10b981', isAdditive: true, counts: false, siteId: null },
    ]);

    const [starter] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'starter'));
    const history = await t.db.select().from(subscriptionHistory).where(eq(subscriptionHistory.siteId, site.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'trial', planId: starter.id });
  });

  it('the new admin signs in without a site identifier and sees only the new site', async () => {
    const body = form({ siteName: 'Solo Studio', siteSubdomain: 'solo-studio' });
    expect((await register(body)).statusCode).toBe(201);
    const cookie = await t.login(body.email, body.password);
    const me = (await t.get('/api/auth/me', cookie)).json();
    expect(me.user).toMatchObject({ email: body.email, isAdmin: true, isReadOnly: false });
    expect(me.site).toMatchObject({ name: 'Solo Studio', subdomain: 'solo-studio' });
    expect((await t.get('/api/sites', cookie)).json()).toEqual([me.site]);
    expect((await t.get('/api/employees', cookie)).json()).toEqual([]);
    const reasons = (await t.get('/api/exception-reasons', cookie)).json() as Array<{ name: string }>;
    expect(reasons.map((r) => r.name)).toEqual(STARTER_EXCEPTION_TYPES.map((s) => s.name));
    expect((await t.get('/api/settings', cookie)).json()).toMatchObject({ siteName: 'Solo Studio', businessName: 'Solo Studio' });
    // On the site's own host too.
    const onHost = await t.request('POST', '/api/auth/login', {
      body: { email: body.email, password: body.password },
      headers: { host: 'solo-studio.localhost:3000' },
    });
    expect(onHost.statusCode).toBe(200);
  });

  it('derives a username of at most 50 characters from a long local part', async () => {
    const local = 'a'.repeat(64);
    const body = form({ email: `${local}@long.test` });
    expect((await register(body)).statusCode).toBe(201);
    const [user] = await t.db
      .select()
      .from(siteUsers)
      .where(eq(siteUsers.email, `${local}@long.test`));
    expect(user.username).toBe('a'.repeat(50));
  });

  it.each([
    [{ siteName: '' }, 'siteName', 'Site name required'],
    [{ siteName: ' x ' }, 'siteName', 'Site name required'],
    [{ siteName: undefined }, 'siteName', 'Site name required'],
    [{ siteSubdomain: '' }, 'siteSubdomain', subdomainMessages.required],
    [{ siteSubdomain: 'a' }, 'siteSubdomain', subdomainMessages.tooShort],
    [{ siteSubdomain: 'x'.repeat(51) }, 'siteSubdomain', subdomainMessages.tooLong],
    [{ siteSubdomain: 'my team' }, 'siteSubdomain', subdomainMessages.spaces],
    [{ siteSubdomain: 'my_team' }, 'siteSubdomain', subdomainMessages.characters],
    [{ siteSubdomain: '-team' }, 'siteSubdomain', subdomainMessages.hyphenEdge],
    [{ siteSubdomain: 'admin' }, 'siteSubdomain', subdomainMessages.reserved],
    [{ siteSubdomain: 'WWW' }, 'siteSubdomain', subdomainMessages.reserved],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 6 characters'],
    [{ confirmPassword: 'different-pass' }, 'confirmPassword', "Passwords don't match"],
  ])('refuses %j with 400 "%s: %s" and creates nothing', async (overrides, path, message) => {
    const before = await businessCount();
    const res = await register(form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await businessCount()).toBe(before);
  });

  it.each(['feeds', 'metrics', 'Healthz', 'readyz', 'calendar-feeds', 'site-users'])(
    'refuses %j, a word of the product’s own hosts or routes, with 400 and the reserved message, and creates nothing',
    async (siteSubdomain) => {
      const before = await businessCount();
      const res = await register(form({ siteSubdomain }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('That site identifier is reserved. Please choose another.');
      expect(await businessCount()).toBe(before);
    },
  );

  it('reserves every literal word of every route the app serves, so a new route’s word is reserved with it', () => {
    const words = t.app.routeTable.flatMap((r) => r.url.split('/')).filter((w) => /^[a-z0-9-]+$/.test(w));
    expect(words).toEqual(expect.arrayContaining(['feeds', 'metrics', 'healthz', 'readyz', 'api', 'auth', 'live']));
    expect(words.filter((w) => identifierProblem(w) !== subdomainMessages.reserved)).toEqual([]);
  });

  it('refuses an identifier already in use (in any case) with 409 and a clear message', async () => {
    const before = await businessCount();
    for (const siteSubdomain of ['demo', 'Demo-North']) {
      const res = await register(form({ siteSubdomain }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: subdomainMessages.taken });
    }
    expect(await businessCount()).toBe(before);
  });

  it('two registrations racing for one identifier: one wins, the other gets 409, and no half business is left', async () => {
    const before = await businessCount();
    const [a, b] = await Promise.all([
      register(form({ siteName: 'Racer One', siteSubdomain: 'photo-finish' })),
      register(form({ siteName: 'Racer Two', siteSubdomain: 'photo-finish' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toEqual({ message: subdomainMessages.taken });
    expect(await businessCount()).toBe(before + 1);
    const names = (await t.db.select({ name: businesses.name }).from(businesses)).map((r) => r.name);
    expect(names.filter((n) => n.startsWith('Racer'))).toHaveLength(1);
  });

  it('allows 5 attempts per address an hour, then answers 429 until the hour has passed', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) {
      // Refused attempts count too: probing identifiers is limited as well.
      const res = await register(form(i % 2 ? { siteSubdomain: 'demo' } : {}), ip);
      expect(res.statusCode, `attempt ${i + 1}`).not.toBe(429);
    }
    const before = await businessCount();
    const limited = await register(form(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many registration attempts/);
    expect(await businessCount()).toBe(before);
    // Another address is not affected.
    expect((await register(form(), '10.2.0.2')).statusCode).toBe(201);
    clock.advance(61 * 60 * 1000);
    expect((await register(form(), ip)).statusCode).toBe(201);
  });

  it('is reachable signed out, and a signed-in caller registers a separate business', async () => {
    const cookie = await t.login('admin@demo.example');
    const res = await t.request('POST', '/auth/register', { body: form({ siteName: 'Side Project' }), cookie, remoteAddress: '10.3.0.1' });
    expect(res.statusCode).toBe(201);
    const [site] = await t.db.select().from(sites).where(eq(sites.name, 'Side Project'));
    const [demo] = await t.db.select().from(sites).where(eq(sites.subdomain, 'demo'));
    expect(site.businessId).not.toBe(demo.businessId);
  });
});
