import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiToken } from '../../src/server/auth/api-tokens';
import { apiTokens, leaveRequests, savedNotifications, siteUsers } from '../../src/server/db/schema';
import { startTestApp, type TestApp, type TestResponse } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/**
 * Decision 105: refusals by role that need the row the path names (a business-wide exception type, another
 * user's digest, another's time-off request) or the site's approvers answer 403 before the body is read, as
 * the refusals of the access level do. A row the caller does not see still answers 404. Messages by hand.
 */

const ADMIN_ONLY = { message: 'Admin access required' };
const READ_ONLY = { message: 'Read-only users cannot make changes.' };
const TOKENS_REFUSED = { message: 'API tokens cannot be used here; sign in to the app instead.' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: string, type?: string) =>
  t.app.inject({ method, url, headers: { ...headers, ...(type ? { 'content-type': type } : {}) }, ...(payload ? { payload } : {}) });
const json = 'application/json';
const answer = (res: TestResponse) => [res.statusCode, res.json()];

describe('exception types: a business-wide type is an admin’s', () => {
  it('a writer who is not an admin hears 403 before the body, its type or the reorder direction', async () => {
    const user = { cookie: await t.login('user@demo.example') };
    const types = (await t.get('/api/exception-reasons', user.cookie)).json() as Array<{ id: number; scope: string }>;
    const shared = types.find((r) => r.scope === 'business')!.id;
    expect(answer(await send('PUT', `/api/exception-reasons/${shared}`, user, '{"name":7}', json))).toEqual([403, ADMIN_ONLY]);
    expect(answer(await send('PUT', `/api/exception-reasons/${shared}`, user, '<a/>', 'application/xml'))).toEqual([403, ADMIN_ONLY]);
    expect(answer(await send('POST', `/api/exception-reasons/${shared}/reorder`, user, '{"direction":"sideways"}', json))).toEqual([
      403,
      ADMIN_ONLY,
    ]);
    expect(answer(await send('DELETE', `/api/exception-reasons/${shared}`, user))).toEqual([403, ADMIN_ONLY]);
    // Its own site's type, an unknown one and a malformed id are not refused by role.
    const own = (await t.post('/api/exception-reasons', { name: 'Site course', color: '#112233' }, user.cookie)).json().id;
    expect((await send('PUT', `/api/exception-reasons/${own}`, user, '{"name":7}', json)).statusCode).toBe(400);
    expect(answer(await send('DELETE', '/api/exception-reasons/2000000000', user))).toEqual([404, { message: 'Exception type not found' }]);
    expect((await send('PUT', '/api/exception-reasons/x', user, '{"name":"Fine name"}', json)).statusCode).toBe(400);
    // An admin reaches the validation.
    const admin = { cookie: await t.login('admin@demo.example') };
    expect((await send('PUT', `/api/exception-reasons/${shared}`, admin, '{"name":7}', json)).statusCode).toBe(400);
  });
});

describe('digests: a read-only admin sees the site’s but changes only their own', () => {
  it('refuses a change of another user’s digest with 403 before the body, and changes nothing', async () => {
    await t.db.update(siteUsers).set({ isAdmin: true }).where(eq(siteUsers.email, 'viewer@demo.example'));
    const viewer = { cookie: await t.login('viewer@demo.example') };
    const admin = { cookie: await t.login('admin@demo.example') };
    const digest = { name: 'Week ahead', recipientEmails: ['admin@demo.example'] };
    const others = (await t.post('/api/saved-notifications', digest, admin.cookie)).json().id as number;
    const own = (await t.post('/api/saved-notifications', { ...digest, name: 'Mine' }, viewer.cookie)).json().id as number;
    const before = await t.db.select().from(savedNotifications).where(eq(savedNotifications.id, others));

    expect((await t.get('/api/saved-notifications', viewer.cookie)).json().map((n: { id: number }) => n.id)).toEqual(
      expect.arrayContaining([others, own]),
    );
    expect(answer(await send('PUT', `/api/saved-notifications/${others}`, viewer, '{"name":""}', json))).toEqual([403, READ_ONLY]);
    expect(answer(await send('PUT', `/api/saved-notifications/${others}`, viewer, JSON.stringify(digest), json))).toEqual([403, READ_ONLY]);
    expect(answer(await send('PATCH', `/api/saved-notifications/${others}/toggle`, viewer, 'off', 'text/plain'))).toEqual([403, READ_ONLY]);
    expect(answer(await send('PATCH', `/api/saved-notifications/${others}/toggle`, viewer, '{"enabled":false}', json))).toEqual([
      403,
      READ_ONLY,
    ]);
    expect(answer(await send('DELETE', `/api/saved-notifications/${others}`, viewer))).toEqual([403, READ_ONLY]);
    expect(await t.db.select().from(savedNotifications).where(eq(savedNotifications.id, others))).toEqual(before);

    // Their own: validation answers, and a good change goes through; an admin who may change data changes any.
    expect((await send('PUT', `/api/saved-notifications/${own}`, viewer, '{"name":""}', json)).statusCode).toBe(400);
    expect((await send('PATCH', `/api/saved-notifications/${own}/toggle`, viewer, '{"enabled":false}', json)).json().enabled).toBe(false);
    expect((await send('PATCH', `/api/saved-notifications/${own}/toggle`, admin, '{"enabled":true}', json)).json().enabled).toBe(true);
    expect((await send('DELETE', `/api/saved-notifications/${own}`, viewer)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/saved-notifications/${others}`, admin)).statusCode).toBe(200);
    await t.db.update(siteUsers).set({ isAdmin: false }).where(eq(siteUsers.email, 'viewer@demo.example'));
  });
});

describe('time off: deciding, asking and cancelling', () => {
  it('refuses by role before the body: Staff and read-only never decide, nor a non-approver, nor on one’s own', async () => {
    const s = await leaveSite(t.db);
    const as = async (email: string) => ({ cookie: await t.login(email, PASSWORD) });
    const [staff, manager, viewer, admin] = await Promise.all([
      as(s.annUser.email),
      as(s.writer.email),
      as(s.viewer.email),
      as(s.admin.email),
    ]);
    const ask = (who: { cookie: string }, date: string) =>
      t.post('/api/leave-requests', { reasonId: s.annual.id, startDate: date, endDate: date }, who.cookie);
    const ann = (await ask(staff, '2031-06-02')).json().id as number;
    const bob = (await ask(manager, '2031-06-03')).json().id as number;
    const bad = '{"comment":42}';

    expect(answer(await send('POST', `/api/leave-requests/${ann}/approve`, staff, bad, json))).toEqual([
      403,
      { message: 'Staff accounts can see the calendar and their own time off only.' },
    ]);
    expect(answer(await send('POST', `/api/leave-requests/${ann}/decline`, viewer, bad, json))).toEqual([403, READ_ONLY]);
    const notApprover = { message: 'Only the approvers of this site can decide requests' };
    expect(answer(await send('POST', `/api/leave-requests/${ann}/approve`, manager, bad, json))).toEqual([403, notApprover]);
    expect(answer(await send('POST', '/api/leave-requests/x/approve', manager, '<a/>', 'application/xml'))).toEqual([403, notApprover]);
    // Named an approver, the manager still may not decide their own request.
    await t.put('/api/leave-approvers', { userIds: [s.writer.id] }, admin.cookie);
    expect(answer(await send('POST', `/api/leave-requests/${bob}/decline`, manager, bad, json))).toEqual([
      403,
      { message: 'You cannot approve or decline your own request' },
    ]);
    await t.put('/api/leave-approvers', { userIds: [] }, admin.cookie);
    // An approver reaches the validation and the lookup.
    expect((await send('POST', `/api/leave-requests/${ann}/approve`, admin, bad, json)).statusCode).toBe(400);
    expect((await send('POST', '/api/leave-requests/2000000000/approve', admin, '{}', json)).statusCode).toBe(404);

    // A read-only user who is not Staff sees Ann's request but may not cancel it; Staff do not see Bob's (404).
    expect(answer(await send('POST', `/api/leave-requests/${ann}/cancel`, viewer, '<a/>', 'application/xml'))).toEqual([
      403,
      { message: 'Only the person who made a request can cancel it' },
    ]);
    expect((await send('POST', `/api/leave-requests/${bob}/cancel`, staff, '{}', json)).statusCode).toBe(404);
    // Asking needs a linked employee, whatever the body.
    expect(answer(await send('POST', '/api/leave-requests', viewer, '{"reasonId":"x"}', json))).toEqual([
      403,
      { message: 'Your account is not linked to an employee of this site. Ask an admin to link it in User Management.' },
    ]);
    expect((await send('POST', `/api/leave-requests/${ann}/cancel`, staff, '{}', json)).statusCode).toBe(200);
    expect((await send('POST', `/api/leave-requests/${bob}/cancel`, manager, '{}', json)).statusCode).toBe(200);
  });

  it('an API token reads requests but never asks, decides or cancels, even one made by an approver', async () => {
    const s = await leaveSite(t.db);
    const issued = issueApiToken();
    await t.db
      .insert(apiTokens)
      .values({ siteId: s.siteId, createdBy: s.admin.id, name: 'HR tool', scope: 'write', tokenHash: issued.hash, prefix: issued.prefix });
    const token = { authorization: `Bearer ${issued.token}` };
    const staff = await t.login(s.annUser.email, PASSWORD);
    const id = (
      await t.post('/api/leave-requests', { reasonId: s.annual.id, startDate: '2031-07-07', endDate: '2031-07-07' }, staff)
    ).json().id as number;
    for (const url of [`/api/leave-requests/${id}/approve`, `/api/leave-requests/${id}/decline`, `/api/leave-requests/${id}/cancel`])
      expect(answer(await send('POST', url, token, '{"comment":"Fine"}', json))).toEqual([403, TOKENS_REFUSED]);
    expect(answer(await send('POST', '/api/leave-requests', token, '{}', json))).toEqual([403, TOKENS_REFUSED]);
    const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
    expect([row.status, row.version]).toEqual(['pending', 1]);
    const read = await t.app.inject({ method: 'GET', url: `/api/leave-requests/${id}`, headers: token });
    expect([read.statusCode, read.json().status]).toEqual([200, 'pending']);
  });
});
