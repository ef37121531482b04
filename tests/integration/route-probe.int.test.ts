import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTokens,
  calendarFeeds,
  dayChanges,
  employeeContracts,
  employees,
  exceptionReasons,
  exceptions,
  leaveRequests,
  notes,
  publicHolidays,
  reportRecipientLists,
  savedNotifications,
  sites,
  siteSettings,
  teams,
  siteUsers,
  userSitePermissions,
} from '../../src/server/db/schema';
import { issueApiToken } from '../../src/server/auth/api-tokens';
import { employeeInput } from '../factories';
import { startTestApp, type TestApp, type TestResponse } from './harness';
import { asToken, onlyOwnSite, routesTakingASite, type TokenProbe, type TokenProbeContext } from './token-scope-probes';

/**
 * The tenancy probe over the route table itself: every /api route that takes an id is called by a freshly
 * registered business with ids of the demo business's rows, and must answer exactly as for an id that does
 * not exist. A new parameterised route without a probe here fails the first test, so none slips by unprobed.
 */

let t: TestApp;
let cookie: string;
const demo = {
  siteIds: [] as number[],
  employee: 0,
  contract: 0,
  exception: 0,
  note: 0,
  reason: 0,
  user: 0,
  holiday: 0,
  notification: 0,
  recipientList: 0,
  apiToken: 0,
  feed: 0,
  team: 0,
  leaveRequest: 0,
};
const own = { employee: 0, reason: 0 };
const MISSING = 2_000_000_000;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** `second`: the id of a route's second parameter (a contract of the employee), when it has one. */
/** `query`: a query string the route needs before it looks at the id (a read window). */
type Probe = { id: () => number; second?: () => number; body?: () => unknown; query?: string };
const exceptionBody = () => ({
  employeeId: own.employee,
  reasonId: own.reason,
  startDate: future(30),
  endDate: future(31),
  isFullDay: true,
  hours: null,
  notes: null,
  version: 1,
});
const contractBody = () => {
  const { name: _name, ...hours } = employeeInput();
  return { ...hours, validFrom: future(50), confirmPast: true };
};
const probes: Record<string, Probe> = {
  'PUT /api/employees/:id': { id: () => demo.employee, body: () => employeeInput({ name: 'Hijacked' }) },
  'DELETE /api/employees/:id': { id: () => demo.employee },
  'POST /api/employees/:id/reorder': { id: () => demo.employee, body: () => ({ direction: 'down' }) },
  'GET /api/employees/:id/contracts': { id: () => demo.employee },
  'GET /api/employees/:id/absence-totals': { id: () => demo.employee, query: 'startDate=2026-01-01&endDate=2026-12-31' },
  'POST /api/employees/:id/contracts': { id: () => demo.employee, body: () => ({ ...contractBody(), validFrom: future(60) }) },
  'PUT /api/employees/:id/contracts/:contractId': { id: () => demo.employee, second: () => demo.contract, body: () => contractBody() },
  'DELETE /api/employees/:id/contracts/:contractId': { id: () => demo.employee, second: () => demo.contract },
  'PUT /api/employees/:id/end-date': { id: () => demo.employee, body: () => ({ endDate: future(90) }) },
  'GET /api/employees/:id/balance-adjustments': { id: () => demo.employee },
  'POST /api/employees/:id/balance-adjustments': {
    id: () => demo.employee,
    body: () => ({ date: future(10), hours: 8, reason: 'Hijacked' }),
  },
  'PUT /api/exceptions/:id': { id: () => demo.exception, body: exceptionBody },
  'PUT /api/absences/:id': { id: () => demo.exception, body: exceptionBody },
  'DELETE /api/exceptions/:id': { id: () => demo.exception },
  'PATCH /api/notes/:id': { id: () => demo.note, body: () => ({ title: 'Hijacked', version: 1 }) },
  'DELETE /api/notes/:id': { id: () => demo.note },
  'PUT /api/exception-reasons/:id': { id: () => demo.reason, body: () => ({ name: 'Hijacked', color: '#000000', isAdditive: true }) },
  'DELETE /api/exception-reasons/:id': { id: () => demo.reason },
  'POST /api/exception-reasons/:id/reorder': { id: () => demo.reason, body: () => ({ direction: 'down' }) },
  'PATCH /api/auth/users/:id/toggle-status': { id: () => demo.user },
  'PATCH /api/auth/users/:id': { id: () => demo.user, body: () => ({ isReadOnly: true }) },
  'POST /api/employees/:id/invite': { id: () => demo.employee, body: () => ({ email: 'probe-invite@example.test' }) },
  'GET /api/auth/users/:id/site-permissions': { id: () => demo.user },
  'PUT /api/auth/users/:id/site-permissions': { id: () => demo.user, body: () => ({ siteIds: [] }) },
  'PUT /api/sites/:siteId/name': { id: () => demo.siteIds[0], body: () => ({ name: 'Hijacked' }) },
  'DELETE /api/sites/:id': { id: () => demo.siteIds[1] },
  'DELETE /api/public-holidays/:id': { id: () => demo.holiday },
  'PUT /api/saved-notifications/:id': {
    id: () => demo.notification,
    body: () => ({ name: 'Hijacked', recipientEmails: ['x@probe.test'] }),
  },
  'PATCH /api/saved-notifications/:id/toggle': { id: () => demo.notification, body: () => ({ enabled: false }) },
  'DELETE /api/saved-notifications/:id': { id: () => demo.notification },
  'PUT /api/report-recipient-lists/:id': {
    id: () => demo.recipientList,
    body: () => ({ name: 'Hijacked', addresses: ['x@probe.test'] }),
  },
  'DELETE /api/report-recipient-lists/:id': { id: () => demo.recipientList },
  'DELETE /api/api-tokens/:id': { id: () => demo.apiToken },
  'POST /api/calendar-feeds/:id/renew': { id: () => demo.feed },
  'DELETE /api/calendar-feeds/:id': { id: () => demo.feed },
  'PUT /api/teams/:id': { id: () => demo.team, body: () => ({ name: 'Hijacked', sortOrder: 0 }) },
  'DELETE /api/teams/:id': { id: () => demo.team },
  'GET /api/leave-requests/:id': { id: () => demo.leaveRequest },
  'GET /api/leave-requests/:id/impact': { id: () => demo.leaveRequest },
  'POST /api/leave-requests/:id/approve': { id: () => demo.leaveRequest, body: () => ({}) },
  'POST /api/leave-requests/:id/decline': { id: () => demo.leaveRequest, body: () => ({ comment: 'Hijacked' }) },
  'POST /api/leave-requests/:id/cancel': { id: () => demo.leaveRequest, body: () => ({}) },
};

async function demoState() {
  const inDemo = inArray;
  return {
    employees: await t.db.select().from(employees).where(inDemo(employees.siteId, demo.siteIds)).orderBy(asc(employees.id)),
    contracts: await t.db
      .select()
      .from(employeeContracts)
      .where(inDemo(employeeContracts.siteId, demo.siteIds))
      .orderBy(asc(employeeContracts.id)),
    exceptions: await t.db.select().from(exceptions).where(inDemo(exceptions.siteId, demo.siteIds)).orderBy(asc(exceptions.id)),
    notes: await t.db.select().from(notes).where(inDemo(notes.siteId, demo.siteIds)).orderBy(asc(notes.id)),
    reasons: await t.db.select().from(exceptionReasons).orderBy(asc(exceptionReasons.id)),
    users: (await t.db.select().from(siteUsers).where(inDemo(siteUsers.siteId, demo.siteIds)).orderBy(asc(siteUsers.id))).map(
      ({ lastLoginAt: _l, ...u }) => u,
    ),
    grants: await t.db.select().from(userSitePermissions).orderBy(asc(userSitePermissions.id)),
    sites: await t.db.select().from(sites).where(inDemo(sites.id, demo.siteIds)).orderBy(asc(sites.id)),
    holidays: await t.db.select().from(publicHolidays).where(inDemo(publicHolidays.siteId, demo.siteIds)).orderBy(asc(publicHolidays.id)),
    // A token's last use moves when the token probe below uses one; nothing else of a token may.
    apiTokens: (await t.db.select().from(apiTokens).where(inDemo(apiTokens.siteId, demo.siteIds)).orderBy(asc(apiTokens.id))).map(
      ({ lastUsedAt: _u, ...k }) => k,
    ),
    notifications: await t.db
      .select()
      .from(savedNotifications)
      .where(inDemo(savedNotifications.siteId, demo.siteIds))
      .orderBy(asc(savedNotifications.id)),
    recipientLists: await t.db
      .select()
      .from(reportRecipientLists)
      .where(inDemo(reportRecipientLists.siteId, demo.siteIds))
      .orderBy(asc(reportRecipientLists.id)),
    teams: await t.db.select().from(teams).where(inDemo(teams.siteId, demo.siteIds)).orderBy(asc(teams.id)),
    leaveRequests: await t.db.select().from(leaveRequests).where(inDemo(leaveRequests.siteId, demo.siteIds)).orderBy(asc(leaveRequests.id)),
    feeds: await t.db.select().from(calendarFeeds).where(inDemo(calendarFeeds.siteId, demo.siteIds)).orderBy(asc(calendarFeeds.id)),
    dayChanges: await t.db
      .select()
      .from(dayChanges)
      .where(inDemo(dayChanges.siteId, demo.siteIds))
      .orderBy(asc(dayChanges.siteId), asc(dayChanges.date)),
  };
}
let before: Awaited<ReturnType<typeof demoState>>;

beforeAll(async () => {
  t = await startTestApp();
  const [demoSite] = await t.db.select().from(sites).where(eq(sites.subdomain, 'demo'));
  demo.siteIds = (await t.db.select({ id: sites.id }).from(sites).where(eq(sites.businessId, demoSite.businessId))).map((s) => s.id);
  [{ id: demo.employee }] = await t.db.select({ id: employees.id }).from(employees).where(eq(employees.siteId, demoSite.id)).limit(1);
  [{ id: demo.contract }] = await t.db
    .select({ id: employeeContracts.id })
    .from(employeeContracts)
    .where(eq(employeeContracts.employeeId, demo.employee))
    .limit(1);
  [{ id: demo.exception }] = await t.db.select({ id: exceptions.id }).from(exceptions).where(eq(exceptions.siteId, demoSite.id)).limit(1);
  [{ id: demo.note }] = await t.db.select({ id: notes.id }).from(notes).where(eq(notes.siteId, demoSite.id)).limit(1);
  [{ id: demo.reason }] = await t.db
    .select({ id: exceptionReasons.id })
    .from(exceptionReasons)
    .where(eq(exceptionReasons.businessId, demoSite.businessId))
    .limit(1);
  [{ id: demo.user }] = await t.db.select({ id: siteUsers.id }).from(siteUsers).where(eq(siteUsers.siteId, demoSite.id)).limit(1);
  [{ id: demo.holiday }] = await t.db
    .select({ id: publicHolidays.id })
    .from(publicHolidays)
    .where(eq(publicHolidays.siteId, demoSite.id))
    .limit(1);
  [{ id: demo.notification }] = await t.db
    .insert(savedNotifications)
    .values({ siteId: demoSite.id, userId: demo.user, name: 'Demo digest', recipientEmails: ['admin@demo.example'] })
    .returning({ id: savedNotifications.id });
  [{ id: demo.recipientList }] = await t.db
    .insert(reportRecipientLists)
    .values({ siteId: demoSite.id, userId: demo.user, name: 'Demo managers', addresses: ['admin@demo.example'] })
    .returning({ id: reportRecipientLists.id });
  [{ id: demo.apiToken }] = await t.db
    .insert(apiTokens)
    .values({ siteId: demoSite.id, createdBy: demo.user, name: 'Demo tool', scope: 'read', tokenHash: 'probe-hash', prefix: 'hs_probe' })
    .returning({ id: apiTokens.id });
  [{ id: demo.feed }] = await t.db
    .insert(calendarFeeds)
    .values({ siteId: demoSite.id, tokenHash: 'probe-demo-feed' })
    .returning({ id: calendarFeeds.id });
  [{ id: demo.team }] = await t.db.insert(teams).values({ siteId: demoSite.id, name: 'Demo team' }).returning({ id: teams.id });
  [{ id: demo.leaveRequest }] = await t.db
    .insert(leaveRequests)
    .values({
      siteId: demoSite.id,
      employeeId: demo.employee,
      requesterName: 'demo',
      reasonId: demo.reason,
      startDate: future(20),
      endDate: future(20),
    })
    .returning({ id: leaveRequests.id });

  const reg = await t.post('/auth/register', {
    siteName: 'Probe Ltd',
    siteSubdomain: 'probe',
    email: 'owner@probe.test',
    password: 'probe-pass',
    confirmPassword: 'probe-pass',
  });
  expect(reg.statusCode).toBe(201);
  cookie = await t.login('owner@probe.test', 'probe-pass');
  own.employee = (await t.post('/api/employees', employeeInput({ name: 'Probe Staff' }), cookie)).json().id;
  own.reason = (await t.get('/api/exception-reasons', cookie)).json()[0].id;
  before = await demoState();
});
afterAll(() => t?.close());

const call = (route: string, id: number, body: unknown, second = id, query?: string) => {
  const [method, pattern] = route.split(' ');
  const path = pattern.replace(/:\w+/, String(id)).replace(/:\w+/, String(second));
  const url = query ? `${path}?${query}` : path;
  return t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(body === undefined ? {} : { payload: body as object }) });
};

describe('route probe: another business', () => {
  it('has a probe for every /api route that takes an id', () => {
    // Super-admin routes (/api/admin/*) span every business by design; tests/integration/super-admin-*.int.test.ts guard them.
    const parameterised = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/admin/') && r.url.includes(':'))
      .map((r) => `${r.method} ${r.url}`);
    expect(parameterised.length).toBeGreaterThan(10);
    expect(
      parameterised.filter((r) => !probes[r]),
      'routes without a tenancy probe',
    ).toEqual([]);
  });

  it.each(Object.keys(probes))('%s with a demo id answers exactly as for a missing id', async (route) => {
    const probe = probes[route];
    const body = probe.body?.();
    const foreign = await call(route, probe.id(), body, probe.second?.(), probe.query);
    const missing = await call(route, MISSING, body, MISSING, probe.query);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it('cannot create an exception for a demo employee or with a demo business type', async () => {
    const forDemoEmployee = await t.post('/api/exceptions', { ...exceptionBody(), employeeId: demo.employee }, cookie);
    expect(forDemoEmployee.statusCode).toBe(404);
    const withDemoReason = await t.post('/api/exceptions', { ...exceptionBody(), reasonId: demo.reason }, cookie);
    expect(withDemoReason.statusCode).toBe(404);
  });

  it('cannot preview a balance with a demo employee, type or request', async () => {
    const policy = { unit: 'hours', entitlementHours: 200, fullTimeWeeklyHours: 40, entitlementDays: 0, fullWeekDays: 5 };
    const more = { yearStartMonth: 1, accrual: 'upfront', carryOverCapHours: null, carryOverExpiry: null, firstLeaveYear: 2020 };
    expect((await t.put('/api/allowance-policy', { ...policy, ...more }, cookie)).statusCode).toBe(200);
    const ask = { employeeId: own.employee, reasonId: own.reason, startDate: future(30), endDate: future(30) };
    const url = (q: object) => `/api/balances/preview?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;
    expect((await t.get(url(ask), cookie)).statusCode).toBe(200);
    for (const [field, id] of [
      ['employeeId', demo.employee],
      ['reasonId', demo.reason],
      ['requestId', demo.leaveRequest],
    ] as const) {
      const foreign = await t.get(url({ ...ask, [field]: id }), cookie);
      const missing = await t.get(url({ ...ask, [field]: MISSING }), cookie);
      expect([field, foreign.statusCode], foreign.body).toEqual([field, 404]);
      expect(foreign.body).toBe(missing.body);
    }
  });

  it('authorising and marking dates touch only its own site', async () => {
    const dates = [future(40), future(41)];
    expect((await t.post('/api/day-changes/mark', { date: dates[0] }, cookie)).statusCode).toBe(200);
    expect((await t.post('/api/day-changes/authorise', { date: dates[0] }, cookie)).statusCode).toBe(200);
    expect((await t.post('/api/day-changes/authorise-multiple', { dates }, cookie)).statusCode).toBe(200);
  });

  it('leaves every demo row as it was', async () => {
    expect(await demoState()).toEqual(before);
  });
});

const reportBody = (c: TokenProbeContext) => ({
  startDate: c.from,
  endDate: c.to,
  siteScope: 'all',
  includeAllSites: true,
  reportType: 'exceptions',
  includeNotes: true,
});
const tokenProbes: Record<string, TokenProbe> = {
  'GET /api/reports/count': {
    check: async (c) => {
      const res = await asToken(c, 'GET', `/api/reports/count?startDate=${c.from}&endDate=${c.to}&siteScope=all`);
      onlyOwnSite(c, res, res.json().sitesIncluded);
      expect(res.json().siteCount).toBe(1);
    },
  },
  'POST /api/report-preview': {
    check: async (c) => onlyOwnSite(c, ...withSites(await asToken(c, 'POST', '/api/report-preview', reportBody(c)))),
  },
  'POST /api/generate-pdf': {
    check: async (c) => onlyOwnSite(c, await asToken(c, 'POST', '/api/generate-pdf', reportBody(c), { accept: 'application/json' })),
  },
  'POST /api/reports/csv': { check: async (c) => onlyOwnSite(c, await asToken(c, 'POST', '/api/reports/csv', reportBody(c))) },
  // Naming another site on an exception is refused as for a session on its current site.
  'POST /api/exceptions': {
    check: async (c) => expectRefusedSite(await asToken(c, 'POST', '/api/exceptions', { ...ownException(c), siteId: c.other.id })),
  },
  'PUT /api/exceptions/:id': {
    check: async (c) =>
      expectRefusedSite(await asToken(c, 'PUT', `/api/exceptions/${c.exceptionId}`, { ...ownException(c), siteId: c.other.id })),
  },
  'PUT /api/absences/:id': {
    check: async (c) =>
      expectRefusedSite(await asToken(c, 'PUT', `/api/absences/${c.exceptionId}`, { ...ownException(c), siteId: c.other.id })),
  },
  // The settings' site name is the current site's and renaming is an admin's: a token (never an admin) renames none.
  'PUT /api/settings': {
    check: async (c) => {
      const before = await t.db
        .select()
        .from(siteSettings)
        .where(inArray(siteSettings.siteId, [c.own.id, c.other.id]));
      const res = await asToken(c, 'PUT', '/api/settings', { siteName: 'Renamed by token', saturdayWorkday: false, sundayWorkday: false });
      expect(res.statusCode, res.body).toBe(403);
      expect(
        await t.db
          .select()
          .from(siteSettings)
          .where(inArray(siteSettings.siteId, [c.own.id, c.other.id])),
      ).toEqual(before);
    },
  },
};
for (const route of [
  'POST /api/email-report',
  'POST /api/switch-site',
  'PUT /api/sites/:siteId/name',
  'PUT /api/auth/users/:id/site-permissions',
  'POST /api/auth/login',
  'POST /auth/register',
  'POST /api/saved-notifications',
  'PUT /api/saved-notifications/:id',
  'PUT /api/notification-settings',
])
  tokenProbes[route] = { refused: true };

const withSites = (res: TestResponse): [TestResponse, string[]] => [res, res.statusCode === 200 ? res.json().sitesIncluded : []];
const ownException = (c: TokenProbeContext) => ({
  employeeId: tokenCtx.employeeId,
  reasonId: tokenCtx.reasonId,
  startDate: c.from,
  endDate: c.from,
  isFullDay: true,
  hours: null,
  notes: null,
  version: 1,
});
function expectRefusedSite(res: TestResponse) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.json().message).toEqual(expect.any(String));
}

const tokenCtx = { employeeId: 0, reasonId: 0 };
let ctx: TokenProbeContext;

describe('route probe: an API token of one site', () => {
  beforeAll(async () => {
    const [admin] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'admin@demo.example'));
    const [own, other] = await t.db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(inArray(sites.id, demo.siteIds))
      .orderBy(asc(sites.id));
    expect(own.id).toBe(admin.siteId);
    const issued = issueApiToken();
    await t.db
      .insert(apiTokens)
      .values({ siteId: own.id, createdBy: admin.id, name: 'Probe tool', scope: 'write', tokenHash: issued.hash, prefix: issued.prefix });
    const otherNames = (await t.db.select({ name: employees.name }).from(employees).where(eq(employees.siteId, other.id))).map(
      (e) => e.name,
    );
    const [x] = await t.db.select().from(exceptions).where(eq(exceptions.siteId, own.id)).limit(1);
    Object.assign(tokenCtx, { employeeId: x.employeeId, reasonId: x.reasonId });
    ctx = { t, token: issued.token, own, other, otherNames, from: future(-14), to: future(14), exceptionId: x.id };
    // The creator may use both sites, and both have exceptions in the range: a session would see both.
    const session = await t.post('/api/report-preview', reportBody(ctx), await t.login('admin@demo.example', 'hoursight-demo'));
    expect(session.json().sitesIncluded).toEqual([own.name, other.name]);
  });

  it('has a token probe for every route that takes a site or a scope', async () => {
    const scoped = routesTakingASite((await t.get('/api/openapi.json')).json());
    expect(scoped).toContain('POST /api/report-preview');
    expect(
      scoped.filter((r) => !tokenProbes[r]),
      'routes taking a site without a token probe',
    ).toEqual([]);
  });

  it.each(Object.keys(tokenProbes))('%s with a token reaches the token’s site only', async (route) => {
    const probe = tokenProbes[route];
    if ('check' in probe) return probe.check(ctx);
    const [method, pattern] = route.split(' ');
    const res = await asToken(ctx, method as 'POST', pattern.replace(/:\w+/, String(ctx.other.id)), {});
    expect(res.statusCode, res.body).toBe(403);
  });

  it('lists the token’s site only where the app lists sites', async () => {
    const bundle = await asToken(ctx, 'GET', `/api/calendar?startDate=${ctx.from}&endDate=${ctx.to}&shell=1`);
    expect(bundle.statusCode, bundle.body).toBe(200);
    expect(bundle.json().shell.sites.map((s: { id: number }) => s.id)).toEqual([ctx.own.id]);
  });
});
