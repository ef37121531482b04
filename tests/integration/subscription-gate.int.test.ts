import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { registerSite } from './subscription-helpers';

/**
 * The expired-trial gate over the route table itself: every mutating route answers 402 with the spec's
 * message for a site whose trial has expired, except the few listed here by hand. A new route that should
 * stay open must be added to this list on purpose; any other new mutating route is covered automatically.
 */
const EXPIRED = 'Trial period has expired. Please activate a subscription to continue using the service.';
const OPEN_WHILE_EXPIRED = new Set([
  // Sign-in and sign-out, registration and password reset: no site data.
  'POST /api/auth/login',
  'POST /api/auth/login/two-factor',
  'POST /api/auth/logout',
  'POST /auth/register',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  // Leaving for another site, reporting a problem.
  'POST /api/switch-site',
  'POST /api/bug-report',
  // Reports only read the site's data: they may be made and sent while it is locked.
  'POST /api/report-preview',
  'POST /api/generate-pdf',
  'POST /api/reports/csv',
  'POST /api/email-report',
  // And so may the sender's own recipient lists be kept (decision 082).
  'POST /api/report-recipient-lists',
  'PUT /api/report-recipient-lists/:id',
  'DELETE /api/report-recipient-lists/:id',
  // The signed link in a digest that turns it off: mail can always be stopped.
  'POST /api/notifications/disable',
  // A mailed Approve or Decline button: public, so it checks the link's site itself and answers 402 as a page.
  'POST /api/leave-decision',
  // Cutting off an API token is a security step (decision 040).
  'DELETE /api/api-tokens/:id',
  // And so is revoking a calendar feed (decision 063).
  'DELETE /api/calendar-feeds/:id',
  // Two-factor sign-in protects the account, not the site's data (decision 065).
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
  // The subscription and payment calls: the way out of the expiry.
  'POST /api/subscription/end-trial',
  'POST /api/subscription/activate',
  'POST /api/subscription/update-trial-settings',
  'POST /api/subscription/enable-beta-mode',
  'POST /api/get-or-create-subscription',
  'POST /api/stripe/webhook',
]);
/** The platform super-admin's own routes (bearer token, no tenant site) are not tenant routes. */
// Operator routes: the platform portal, and /ops/backup, which only the machine's own backup script may call.
const isPlatformRoute = (url: string) =>
  url.startsWith('/api/super-admin') || url.startsWith('/api/admin/') || url.startsWith('/api/auth/super-admin') || url.startsWith('/ops/');
const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

let t: TestApp;
let cookie: string;
let siteId: number;

beforeAll(async () => {
  t = await startTestApp();
  const registered = await registerSite(t, 'Expired Co');
  cookie = registered.cookie;
  siteId = registered.site.id;
  await t.db
    .update(sites)
    .set({ trialEndsAt: new Date(Date.now() - 60_000) })
    .where(eq(sites.id, siteId));
});
afterAll(() => t?.close());

const mutatingRoutes = () =>
  t.app.routeTable.filter((r) => MUTATING.includes(r.method) && !isPlatformRoute(r.url)).map((r) => `${r.method} ${r.url}`);

const call = (route: string) => {
  const [method, pattern] = route.split(' ');
  return t.app.inject({ method: method as 'POST', url: pattern.replace(/:\w+/g, '1'), headers: { cookie }, payload: {} });
};

describe('expired trial: every change is refused in one place', () => {
  it('finds the routes it guards (the table is not empty)', () => {
    const guarded = mutatingRoutes().filter((r) => !OPEN_WHILE_EXPIRED.has(r));
    expect(guarded).toEqual(
      expect.arrayContaining([
        'POST /api/employees',
        'PUT /api/employees/:id',
        'DELETE /api/exceptions/:id',
        'PATCH /api/notes/:id',
        'POST /api/day-changes/authorise',
      ]),
    );
  });

  it('answers 402 with the spec message on every mutating tenant route', async () => {
    const wrong: string[] = [];
    for (const route of mutatingRoutes().filter((r) => !OPEN_WHILE_EXPIRED.has(r))) {
      const res = await call(route);
      if (res.statusCode !== 402 || res.json().message !== EXPIRED) wrong.push(`${route} answered ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the listed routes open', async () => {
    const wrong: string[] = [];
    for (const route of mutatingRoutes().filter((r) => OPEN_WHILE_EXPIRED.has(r))) {
      if (route === 'POST /api/auth/logout') continue; // would end the session the other calls use
      const res = await call(route);
      if (res.statusCode === 402) wrong.push(route);
    }
    expect(wrong).toEqual([]);
  });

  it('lets every read through', async () => {
    for (const url of ['/api/employees', '/api/settings', '/api/exception-reasons', '/api/auth/me', '/api/subscription/status']) {
      expect((await t.get(url, cookie)).statusCode, url).toBe(200);
    }
  });

  it('opens again once a plan is activated', async () => {
    expect((await t.post('/api/subscription/activate', { planType: 'starter' }, cookie)).statusCode).toBe(200);
    expect((await call('POST /api/employees')).statusCode).toBe(400);
  });
});
