import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, sites, siteUsers } from '../../src/server/db/schema';
import { createEmployee, createException, createSite, createTeam, employeeInput, grantSite } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';
import { registerSite } from './subscription-helpers';

const PASSWORD = 'tokens-pass';
const START = new Date('2030-05-06T09:00:00Z');
const clock = createClock(START);

let t: TestApp;
let a: Awaited<ReturnType<typeof createTeam>>;
let b: Awaited<ReturnType<typeof createTeam>>;
let adminA: string;
let adminB: string;
let writerA: string;
let employeeA: number;
let employeeB: number;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  a = await createTeam(t.db, PASSWORD);
  b = await createTeam(t.db, PASSWORD);
  adminA = await t.login(a.admin.email, PASSWORD);
  adminB = await t.login(b.admin.email, PASSWORD);
  writerA = await t.login(a.writer.email, PASSWORD);
  employeeA = (await createEmployee(t.db, a.site.id, { name: 'Ada Alpha' })).id;
  employeeB = (await createEmployee(t.db, b.site.id, { name: 'Bob Beta' })).id;
  await createException(t.db, {
    siteId: a.site.id,
    employeeId: employeeA,
    reasonId: a.reasons[0].id,
    startDate: '2030-05-07',
    endDate: '2030-05-07',
  });
  await createException(t.db, {
    siteId: b.site.id,
    employeeId: employeeB,
    reasonId: b.reasons[0].id,
    startDate: '2030-05-07',
    endDate: '2030-05-07',
  });
});
afterAll(() => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const withToken = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => t.request(method, url, { body, headers: { ...bearer(token), ...headers } });
async function makeToken(cookie: string, scope: 'read' | 'write', name = `Tool ${scope}`) {
  const res = await t.post('/api/api-tokens', { name, scope }, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; token: string; prefix: string };
}

describe('creating and listing', () => {
  it('shows the token once, keeps only its SHA-256, and lists it without the token', async () => {
    const res = await t.post('/api/api-tokens', { name: '  Payroll export  ', scope: 'read' }, adminA);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.token).toMatch(/^hs_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Payroll export',
      scope: 'read',
      prefix: created.token.slice(0, 10),
      createdBy: a.admin.username,
      createdAt: START.toISOString(),
      lastUsedAt: null,
    });

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(3));

    const list = await t.get('/api/api-tokens', adminA);
    expect(list.statusCode).toBe(200);
    expect(list.json().planAllows).toBe(true);
    const listed = list.json().tokens.find((x: { id: number }) => x.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Payroll export',
      scope: 'read',
      prefix: created.prefix,
      createdBy: a.admin.username,
      createdAt: START.toISOString(),
      lastUsedAt: null,
    });
    expect(list.body).not.toContain(created.token);
  });

  it('refuses a bad name or scope with 400 and a message', async () => {
    const empty = await t.post('/api/api-tokens', { name: '   ', scope: 'read' }, adminA);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Name is required');
    const scope = await t.post('/api/api-tokens', { name: 'X', scope: 'admin' }, adminA);
    expect(scope.statusCode).toBe(400);
    expect(scope.json().message).toContain('Scope must be read or write');
    const long = await t.post('/api/api-tokens', { name: 'x'.repeat(101), scope: 'read' }, adminA);
    expect(long.statusCode).toBe(400);
  });

  it('is for admins only: a regular user gets 403 on list, create and revoke', async () => {
    expect((await t.get('/api/api-tokens', writerA)).statusCode).toBe(403);
    expect((await t.post('/api/api-tokens', { name: 'Mine', scope: 'write' }, writerA)).statusCode).toBe(403);
    expect((await t.del('/api/api-tokens/1', writerA)).statusCode).toBe(403);
  });

  it('refuses a plan without api_access (a Starter trial) with 403, and says so in the list', async () => {
    const starter = await registerSite(t, 'Starter Co');
    const res = await t.post('/api/api-tokens', { name: 'Tool', scope: 'read' }, starter.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your plan does not include API access. Upgrade to Professional to create API tokens.');
    expect((await t.get('/api/api-tokens', starter.cookie)).json()).toEqual({ tokens: [], planAllows: false });
  });
});

describe('scopes', () => {
  it('a read token reads what a signed-in user reads, of its own site only, and records when it was used', async () => {
    const { id, token } = await makeToken(adminA, 'read');
    const res = await withToken('GET', '/api/employees', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { name: string }) => e.name)).toEqual(['Ada Alpha']);
    const exceptions = await withToken('GET', '/api/exceptions?startDate=2030-05-01&endDate=2030-05-31', token);
    expect(exceptions.statusCode).toBe(200);
    expect(exceptions.json().map((e: { employeeId: number }) => e.employeeId)).toEqual([employeeA]);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row.lastUsedAt).toEqual(START);
  });

  it('a read token is refused every change with 403', async () => {
    const { token } = await makeToken(adminA, 'read');
    const res = await withToken('POST', '/api/employees', token, employeeInput({ name: 'Not Made' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Read-only users cannot make changes.');
    expect((await withToken('DELETE', `/api/employees/${employeeA}`, token)).statusCode).toBe(403);
    const names = (await t.db.select({ name: siteUsers.username }).from(siteUsers).where(eq(siteUsers.siteId, a.site.id))).length;
    expect(names).toBe(3);
  });

  it('a write token changes data like a regular user but never reaches admin routes', async () => {
    const { token } = await makeToken(adminA, 'write');
    const made = await withToken('POST', '/api/employees', token, employeeInput({ name: 'Made By Token' }));
    expect(made.statusCode, made.body).toBe(201);
    expect((await withToken('GET', '/api/auth/site-users', token)).statusCode).toBe(403);
    expect((await withToken('DELETE', `/api/sites/${a.site.id}`, token)).statusCode).toBe(403);
    expect((await withToken('DELETE', `/api/employees/${made.json().id}`, token)).statusCode).toBe(200);
  });

  it('cannot use the routes of a signed-in person: tokens, own account, site switch, personal notifications', async () => {
    const { token } = await makeToken(adminA, 'write');
    for (const [method, url, body] of [
      ['POST', '/api/api-tokens', { name: 'Child', scope: 'write' }],
      ['GET', '/api/api-tokens', undefined],
      ['GET', '/api/auth/me', undefined],
      ['POST', '/api/switch-site', { siteId: b.site.id }],
      ['GET', '/api/saved-notifications', undefined],
      ['GET', '/api/sites', undefined],
    ] as const) {
      const res = await withToken(method, url, token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('API tokens cannot be used here; sign in to the app instead.');
    }
    // An unknown token there is 401, as everywhere: the path says nothing to someone without a token.
    expect((await withToken('GET', '/api/auth/me', 'hs_unknown')).statusCode).toBe(401);
  });

  it('is the token alone when cookies come with it: a read token with an admin cookie still cannot change', async () => {
    const { token } = await makeToken(adminA, 'read');
    const res = await t.request('POST', '/api/employees', {
      body: employeeInput({ name: 'Not Made' }),
      cookie: adminA,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(403);
    const wrong = await t.request('GET', '/api/employees', { cookie: adminA, headers: bearer('hs_not-a-real-token') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid or revoked API token');
    const basic = await t.request('GET', '/api/employees', { cookie: adminA, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.statusCode).toBe(401);
  });

  it('needs no Origin check: a tool may send its own Origin; a cookie with that Origin is still refused', async () => {
    const { token } = await makeToken(adminA, 'write');
    const res = await withToken('POST', '/api/employees', token, employeeInput({ name: 'From A Tool' }), {
      origin: 'https://tool.example',
    });
    expect(res.statusCode, res.body).toBe(201);
    const viaCookie = await t.request('POST', '/api/employees', {
      body: employeeInput({ name: 'Forged' }),
      cookie: adminA,
      headers: { origin: 'https://tool.example' },
    });
    expect(viaCookie.statusCode).toBe(403);
  });
});

describe('sites', () => {
  it("a token of site A cannot read, change or revoke site B's rows (404 as for none)", async () => {
    const { id, token } = await makeToken(adminA, 'write');
    const put = await withToken('PUT', `/api/employees/${employeeB}`, token, employeeInput({ name: 'Hijacked' }));
    expect(put.statusCode).toBe(404);
    expect((await withToken('DELETE', `/api/employees/${employeeB}`, token)).statusCode).toBe(404);
    const listed = await withToken('GET', '/api/employees', token);
    expect(listed.json().map((e: { id: number }) => e.id)).not.toContain(employeeB);
    // Site B's admin cannot revoke site A's token either; it keeps working.
    expect((await t.del(`/api/api-tokens/${id}`, adminB)).statusCode).toBe(404);
    expect((await withToken('GET', '/api/employees', token)).statusCode).toBe(200);
    expect((await t.get('/api/api-tokens', adminB)).json().tokens.map((x: { id: number }) => x.id)).not.toContain(id);
  });
});

describe('one site only', () => {
  it('a token reads its own site even when its creator may use more and asks for all sites', async () => {
    const team = await createTeam(t.db, PASSWORD);
    const north = await createSite(t.db, team.business.id, { name: 'Token North' });
    await grantSite(t.db, team.admin.id, north.id);
    const northStaff = await createEmployee(t.db, north.id, { name: 'Nora North' });
    await createException(t.db, {
      siteId: north.id,
      employeeId: northStaff.id,
      reasonId: team.reasons[0].id,
      startDate: '2030-05-08',
      endDate: '2030-05-08',
    });
    const cookie = await t.login(team.admin.email, PASSWORD);
    const body = { startDate: '2030-05-01', endDate: '2030-05-31', siteScope: 'all', reportType: 'exceptions' };
    // The creator's own session sees both sites; the token made on their home site sees that one only.
    expect((await t.post('/api/report-preview', body, cookie)).json().sitesIncluded).toEqual([team.site.name, 'Token North']);
    const { token } = await makeToken(cookie, 'read');
    const preview = await withToken('POST', '/api/report-preview', token, body);
    expect(preview.json().sitesIncluded).toEqual([team.site.name]);
    expect(preview.body).not.toContain('Nora North');
    const csv = await withToken('POST', '/api/reports/csv', token, { ...body, includeAllSites: true });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Nora North');
    expect(
      (await withToken('GET', '/api/reports/count?startDate=2030-05-01&endDate=2030-05-31&siteScope=all', token)).json(),
    ).toMatchObject({ sitesIncluded: [team.site.name], siteCount: 1 });
  });

  it('cannot make, list or revoke calendar feeds: a feed would outlive the token', async () => {
    const { token } = await makeToken(adminA, 'write');
    for (const [method, url] of [
      ['POST', '/api/calendar-feeds'],
      ['GET', '/api/calendar-feeds'],
      ['DELETE', '/api/calendar-feeds/1'],
    ] as const) {
      const res = await withToken(method, url, token, method === 'POST' ? { employeeId: null, includeNotes: true } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('API tokens cannot be used here; sign in to the app instead.');
    }
  });
});

describe('revoking', () => {
  it('stops the token at once (401), takes it off the list, and a second revoke is 404', async () => {
    const { id, token } = await makeToken(adminA, 'read');
    expect((await withToken('GET', '/api/employees', token)).statusCode).toBe(200);
    const res = await t.del(`/api/api-tokens/${id}`, adminA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'API token revoked' });
    const after = await withToken('GET', '/api/employees', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Invalid or revoked API token');
    expect((await t.get('/api/api-tokens', adminA)).json().tokens.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await t.del(`/api/api-tokens/${id}`, adminA)).statusCode).toBe(404);
  });

  it('ends with its creator: a deactivated admin’s tokens answer 401', async () => {
    const team = await createTeam(t.db, PASSWORD);
    const cookie = await t.login(team.admin.email, PASSWORD);
    const { token } = await makeToken(cookie, 'read');
    expect((await withToken('GET', '/api/employees', token)).statusCode).toBe(200);
    await t.db.update(siteUsers).set({ isActive: false }).where(eq(siteUsers.id, team.admin.id));
    expect((await withToken('GET', '/api/employees', token)).statusCode).toBe(401);
  });
});

describe('subscription', () => {
  it('an expired trial: reads go on, changes answer 402 like a session; a plan without API access refuses the token (403)', async () => {
    const team = await createTeam(t.db, PASSWORD);
    const cookie = await t.login(team.admin.email, PASSWORD);
    const { token } = await makeToken(cookie, 'write');
    await t.db
      .update(sites)
      .set({ subscriptionStatus: 'trial', trialEndsAt: new Date(START.getTime() - 1000) })
      .where(eq(sites.id, team.site.id));
    expect((await withToken('GET', '/api/employees', token)).statusCode).toBe(200);
    const change = await withToken('POST', '/api/employees', token, employeeInput({ name: 'Late' }));
    expect(change.statusCode).toBe(402);
    expect(change.json().message).toBe('Trial period has expired. Please activate a subscription to continue using the service.');

    await t.db
      .update(sites)
      .set({ planType: 'starter', featuresEnabled: JSON.stringify(['basic_calendar']) })
      .where(eq(sites.id, team.site.id));
    const downgraded = await withToken('GET', '/api/employees', token);
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json().message).toBe('Your plan does not include API access. Upgrade to Professional to create API tokens.');
  });
});

describe('rate limit and last used', () => {
  it('allows 600 requests a minute per token, answers 429 to the 601st, and again a minute later; other tokens are unaffected', async () => {
    clock.set(new Date('2030-05-06T10:00:00Z'));
    const { id, token } = await makeToken(adminA, 'read');
    const other = await makeToken(adminA, 'read');
    for (let i = 0; i < 600; i++) {
      const res = await withToken('GET', '/api/exception-reasons', token);
      if (res.statusCode !== 200) throw new Error(`request ${i + 1} answered ${res.statusCode}`);
    }
    const over = await withToken('GET', '/api/exception-reasons', token);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Too many requests with this API token. Wait a minute and try again.');
    expect((await withToken('GET', '/api/exception-reasons', other.token)).statusCode).toBe(200);

    // Last used is written at most once a minute: 601 calls in the same minute left the first time.
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row.lastUsedAt).toEqual(new Date('2030-05-06T10:00:00Z'));

    clock.advance(60_000);
    expect((await withToken('GET', '/api/exception-reasons', token)).statusCode).toBe(200);
    const [later] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(later.lastUsedAt).toEqual(new Date('2030-05-06T10:01:00Z'));
    const listed = (await t.get('/api/api-tokens', adminA)).json().tokens.find((x: { id: number }) => x.id === id);
    expect(listed.lastUsedAt).toBe('2030-05-06T10:01:00.000Z');
  });
});
