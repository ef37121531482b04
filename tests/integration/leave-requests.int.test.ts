import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiToken } from '../../src/server/auth/api-tokens';
import { apiTokens, dayChanges, exceptions, leaveRequestApprovals, leaveRequests, mailOutbox } from '../../src/server/db/schema';
import { createEmployee, createTenant } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD, staffUser } from './leave-requests-fixture';

/*
 * Pinned clock: Wednesday 13 March 2030. Ann 8 h and Bob 6 h a weekday: 14 h available on each weekday.
 * MON/TUE are 18 and 19 March.
 */
const NOW = new Date('2030-03-13T10:00:00Z');
const MON = '2030-03-18';
const TUE = '2030-03-19';
const WED = '2030-03-20';

let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let staff: string;
let manager: string;
let admin: string;
let admin2: string;
let foreignRequestId: number;

const body = (res: { json(): unknown }) => res.json() as Record<string, unknown> & { id: number; history: Array<Record<string, unknown>> };

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await leaveSite(t.db);
  staff = await t.login(s.annUser.email, PASSWORD);
  manager = await t.login(s.writer.email, PASSWORD);
  admin = await t.login(s.admin.email, PASSWORD);
  admin2 = await t.login(s.admin2.email, PASSWORD);
  // A request of another business's site, made through its own Staff user.
  const other = await createTenant(t.db, { password: PASSWORD });
  const emp = await createEmployee(t.db, other.site.id, { name: 'Zed' });
  const zed = await staffUser(t.db, other.site.id, emp.id);
  const res = await t.post(
    '/api/leave-requests',
    { reasonId: other.reasons[0].id, startDate: MON, endDate: MON },
    await t.login(zed.email, PASSWORD),
  );
  expect(res.statusCode).toBe(201);
  foreignRequestId = body(res).id;
});
afterAll(() => t?.close());

const request = (cookie: string, values: Record<string, unknown>) =>
  t.post('/api/leave-requests', { reasonId: s.annual.id, ...values }, cookie);

describe('making a request', () => {
  it('a Staff user asks for their own employee; the history holds the hours now and if approved', async () => {
    const res = await request(staff, { startDate: MON, endDate: TUE, note: 'Family visit' });
    expect(res.statusCode).toBe(201);
    const r = body(res);
    expect(r).toMatchObject({
      employeeId: s.ann.id,
      employeeName: 'Ann',
      requesterUserId: s.annUser.id,
      requesterName: 'Ann',
      reasonName: 'Annual Leave',
      status: 'pending',
      totalHours: 16,
      approvalsNeeded: 1,
      approvalsGiven: 0,
      cancellationPending: false,
      exceptionId: null,
      canDecide: false,
      canCancel: true,
      note: 'Family visit',
    });
    // Staff never read the site's hours (decision 113): their reply's history has no days, and no shortfall.
    // Named as the product names people (decision 114): Ann's user is linked to Ann.
    expect(r.history).toEqual([{ at: NOW.toISOString(), actorName: 'Ann', action: 'requested', comment: null, days: [] }]);
    expect(r.shortfalls).toEqual([]);
    expect(body(await t.get(`/api/leave-requests/${r.id}`, admin)).history).toEqual([
      {
        at: NOW.toISOString(),
        actorName: 'Ann',
        action: 'requested',
        comment: null,
        days: [
          { date: MON, before: 14, after: 6 },
          { date: TUE, before: 14, after: 6 },
        ],
      },
    ]);
    // Both admins (no approvers named) are mailed, each with their own buttons.
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Ann asks for %'`);
    expect(mails.map((m) => m.to).sort()).toEqual([s.admin.email, s.admin2.email].sort());
    // Named and dated as a person writes them, with what the request takes (decision 114).
    expect(mails[0].subject).toBe('Ann asks for Mon 18 – Tue 19 Mar (2 days)');
    expect(mails[0].text).toContain('Ann asks for time off: Annual Leave, Mon 18 – Tue 19 Mar 2030 (2 days, 16.0 h).');
    expect(mails[0].text).toContain('Note: Family visit');
    expect(mails[0].html).toContain('>Approve</a>');
    expect(mails[0].html).toContain('>Decline</a>');
    await t.post(`/api/leave-requests/${r.id}/cancel`, {}, staff);
  });

  it('refuses a user with no linked employee, and a Staff request in the past; a manager may ask after the fact', async () => {
    const unlinked = await t.login(s.viewer.email, PASSWORD);
    const res = await request(unlinked, { startDate: MON, endDate: MON });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account is not linked to an employee of this site. Ask an admin to link it in User Management.');
    const past = await request(staff, { startDate: '2030-03-12', endDate: '2030-03-13' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Requests must start today or later. Ask a manager to record past time off.');
    const managerPast = await request(manager, { startDate: '2030-03-11', endDate: '2030-03-11' });
    expect(managerPast.statusCode).toBe(201);
    expect(body(managerPast).employeeName).toBe('Bob');
    await t.post(`/api/leave-requests/${body(managerPast).id}/cancel`, {}, manager);
  });

  it('validates like an exception: the type must exist for the site and hours stay within the limit', async () => {
    const noType = await t.post('/api/leave-requests', { reasonId: 999999, startDate: MON, endDate: MON }, staff);
    expect(noType.statusCode).toBe(404);
    expect(noType.json().message).toBe('Exception type not found');
    // Ann's Monday is 8 h: twice that is the most an exception may carry.
    const tooMany = await request(staff, { startDate: MON, endDate: MON, isFullDay: false, hours: 16.5 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Hours cannot exceed 16');
    const noHours = await request(staff, { startDate: MON, endDate: MON, isFullDay: false });
    expect(noHours.statusCode).toBe(400);
    expect(noHours.json().message).toBe('Hours are required when Full Day is off');
  });

  it('asks only for a requestable type: Overtime and a type turned off are refused with 400 (decision 113)', async () => {
    const overtime = s.reasons[3];
    const types = (await t.get('/api/exception-reasons', staff)).json() as Array<{ name: string; isRequestable: boolean }>;
    expect(types.map((r) => [r.name, r.isRequestable])).toEqual([
      ['Annual Leave', true],
      ['Sick Leave', true],
      ['Training', true],
      ['Overtime', false],
    ]);
    const extra = await request(staff, { reasonId: overtime.id, startDate: MON, endDate: MON });
    expect([extra.statusCode, extra.json().message]).toEqual([
      400,
      'Overtime cannot be requested as time off. Choose another type, or ask a manager to record it.',
    ]);
    const off = await t.put(`/api/exception-reasons/${s.training.id}`, { name: 'Training', isRequestable: false }, admin);
    expect(off.statusCode).toBe(200);
    const training = await request(manager, { reasonId: s.training.id, startDate: MON, endDate: MON });
    expect([training.statusCode, training.json().message]).toEqual([
      400,
      'Training cannot be requested as time off. Choose another type, or ask a manager to record it.',
    ]);
    expect(await t.db.select().from(leaveRequests).where(eq(leaveRequests.reasonId, s.training.id))).toEqual([]);
    // A manager still records it directly as an exception.
    const direct = await t.post(
      '/api/exceptions',
      { employeeId: s.bob.id, reasonId: s.training.id, startDate: MON, endDate: MON },
      manager,
    );
    expect(direct.statusCode).toBe(201);
    await t.del(`/api/exceptions/${direct.json().id}`, manager);
    await t.put(`/api/exception-reasons/${s.training.id}`, { name: 'Training', isRequestable: true }, admin);
  });

  it('refuses a request overlapping the requester’s own pending or approved one', async () => {
    const first = body(await request(staff, { startDate: MON, endDate: TUE }));
    const clash = await request(staff, { startDate: TUE, endDate: WED });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(`You already have a request from ${MON} to ${TUE} that overlaps these dates`);
    // Once cancelled it no longer blocks.
    await t.post(`/api/leave-requests/${first.id}/cancel`, {}, staff);
    const again = await request(staff, { startDate: TUE, endDate: WED });
    expect(again.statusCode).toBe(201);
    await t.post(`/api/leave-requests/${body(again).id}/cancel`, {}, staff);
  });
});

describe('who sees and decides', () => {
  it('Staff list only their own; managers see the site’s; mine narrows; a window selects by dates', async () => {
    const annReq = body(await request(staff, { startDate: '2030-04-01', endDate: '2030-04-01' }));
    const bobReq = body(await request(manager, { startDate: '2030-04-02', endDate: '2030-04-02' }));
    const ids = async (cookie: string, q = '') => (await t.get(`/api/leave-requests${q}`, cookie)).json().map((r: { id: number }) => r.id);
    expect(await ids(staff)).toContain(annReq.id);
    expect(await ids(staff)).not.toContain(bobReq.id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([annReq.id, bobReq.id]));
    expect(await ids(manager, '?mine=true&status=pending')).toEqual([bobReq.id]);
    expect(await ids(admin, '?status=pending&from=2030-04-02&to=2030-04-30')).toEqual([bobReq.id]);
    expect((await t.get(`/api/leave-requests/${bobReq.id}`, staff)).statusCode).toBe(404);
    expect((await t.get('/api/leave-requests?from=2030-04-30&to=2030-04-01', admin)).statusCode).toBe(400);
    await t.post(`/api/leave-requests/${annReq.id}/cancel`, {}, staff);
    await t.post(`/api/leave-requests/${bobReq.id}/cancel`, {}, manager);
  });

  it('another site’s request answers 404 to every route', async () => {
    for (const path of ['', '/impact']) expect((await t.get(`/api/leave-requests/${foreignRequestId}${path}`, admin)).statusCode).toBe(404);
    for (const action of ['approve', 'cancel'])
      expect((await t.post(`/api/leave-requests/${foreignRequestId}/${action}`, {}, admin)).statusCode).toBe(404);
    expect((await t.post(`/api/leave-requests/${foreignRequestId}/decline`, { comment: 'no' }, admin)).statusCode).toBe(404);
  });

  it('only approvers decide, never on their own request; Staff cannot approve', async () => {
    const r = body(await request(manager, { startDate: '2030-04-08', endDate: '2030-04-08' }));
    const byStaff = await t.post(`/api/leave-requests/${r.id}/approve`, {}, staff);
    expect(byStaff.statusCode).toBe(403); // deciding is a writer's: refused by the access level (decision 105)
    const notApprover = body(await request(staff, { startDate: '2030-04-08', endDate: '2030-04-08' }));
    const byManager = await t.post(`/api/leave-requests/${notApprover.id}/approve`, {}, manager);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe('Only the approvers of this site can decide requests');
    // Name the manager an approver: still not on their own request.
    expect((await t.put('/api/leave-approvers', { userIds: [s.writer.id, s.admin.id] }, admin)).json()).toEqual({
      userIds: [s.admin.id, s.writer.id].sort((a, b) => a - b),
    });
    const own = await t.post(`/api/leave-requests/${r.id}/approve`, {}, manager);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve or decline your own request');
    // The second admin is not named now: no longer an approver.
    expect((await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin2)).statusCode).toBe(403);
    expect((await t.put('/api/leave-approvers', { userIds: [] }, admin)).json()).toEqual({ userIds: [] });
    await t.post(`/api/leave-requests/${r.id}/cancel`, {}, manager);
    await t.post(`/api/leave-requests/${notApprover.id}/cancel`, {}, staff);
  });

  it('approvers must be active users of the site who may change data', async () => {
    for (const userIds of [[s.annUser.id], [s.viewer.id], [999999]]) {
      const res = await t.put('/api/leave-approvers', { userIds }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Approvers must be active users of this site who can make changes (not read-only or Staff)');
    }
    expect((await t.put('/api/leave-approvers', { userIds: [] }, manager)).statusCode).toBe(403);
    expect((await t.get('/api/leave-approvers', staff)).statusCode).toBe(403);
  });
});

describe('deciding', () => {
  it('approving creates the exception through the day ledger and records the hours', async () => {
    const r = body(await request(staff, { startDate: MON, endDate: TUE }));
    const res = await t.post(`/api/leave-requests/${r.id}/approve`, { comment: 'Enjoy' }, admin);
    expect(res.statusCode).toBe(200);
    const done = body(res);
    expect(done).toMatchObject({ status: 'approved', approvalsGiven: 1, canCancel: true, canDecide: false });
    const [exc] = await t.db
      .select()
      .from(exceptions)
      .where(eq(exceptions.id, done.exceptionId as number));
    expect(exc).toMatchObject({ employeeId: s.ann.id, reasonId: s.annual.id, startDate: MON, endDate: TUE, isFullDay: true });
    const days = await t.db
      .select()
      .from(dayChanges)
      .where(and(eq(dayChanges.siteId, s.siteId), sql`${dayChanges.date} in (${MON}, ${TUE})`));
    expect(days.map((d) => [d.date, d.defaultHours, d.currentHours, d.isAuthorised]).sort()).toEqual([
      [MON, 14, 6, false],
      [TUE, 14, 6, false],
    ]);
    expect(done.history[1]).toEqual({
      at: NOW.toISOString(),
      actorName: s.admin.username,
      action: 'approved',
      comment: 'Enjoy',
      days: [
        { date: MON, before: 14, after: 6 },
        { date: TUE, before: 14, after: 6 },
      ],
    });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.annUser.email));
    expect(mail.subject).toBe('Your time off Mon 18 – Tue 19 Mar (2 days) was approved');
    expect(mail.text).toContain('Comment: Enjoy');
    // Decided once: a second decision is refused.
    const again = await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin2);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request has already been decided');
    // The impact of an approved request counts it once.
    const impact = (await t.get(`/api/leave-requests/${r.id}/impact`, admin)).json();
    expect(impact.days[0]).toEqual({ date: MON, availableNow: 6, availableIfApproved: 6, away: [], minimumHours: null });
  });

  it('the approval and the exception are one transaction: a failed insert leaves the request pending', async () => {
    const r = body(await request(manager, { startDate: '2030-05-06', endDate: '2030-05-06' }));
    await t.db.execute(
      sql.raw(`create function hs_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`),
    );
    await t.db.execute(sql.raw(`create trigger hs_test_refuse before insert on exceptions for each row execute function hs_test_refuse()`));
    try {
      const res = await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger hs_test_refuse on exceptions'));
      await t.db.execute(sql.raw('drop function hs_test_refuse()'));
    }
    const [row] = await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, r.id));
    expect(row).toMatchObject({ status: 'pending', exceptionId: null, version: 1 });
    expect(await t.db.select().from(leaveRequestApprovals).where(eq(leaveRequestApprovals.requestId, r.id))).toEqual([]);
    expect(body(await t.get(`/api/leave-requests/${r.id}`, admin)).history.map((h) => h.action)).toEqual(['requested']);
    await t.post(`/api/leave-requests/${r.id}/cancel`, {}, manager);
  });

  it('a type that needs two approvals takes two different approvers', async () => {
    const put = await t.put(
      `/api/exception-reasons/${s.training.id}`,
      { name: 'Training', color: '#8b5cf6', needsTwoApprovals: true },
      admin,
    );
    expect(put.json().needsTwoApprovals).toBe(true);
    const r = body(await request(staff, { reasonId: s.training.id, startDate: '2030-05-13', endDate: '2030-05-13' }));
    expect(r.approvalsNeeded).toBe(2);
    const first = body(await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin));
    expect(first).toMatchObject({ status: 'pending', approvalsGiven: 1, canDecide: false, exceptionId: null });
    expect(first.history[1]).toMatchObject({ action: 'first-approval', days: [{ date: '2030-05-13', before: 14, after: 6 }] });
    const twice = await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already approved this request; it needs a second approver');
    const second = body(await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin2));
    expect(second).toMatchObject({ status: 'approved', approvalsGiven: 2 });
    expect(second.exceptionId).toEqual(expect.any(Number));
    await t.post(`/api/leave-requests/${r.id}/cancel`, {}, admin);
  });

  it('declining needs a comment, which the requester is mailed', async () => {
    const r = body(await request(staff, { startDate: '2030-05-20', endDate: '2030-05-20' }));
    for (const b of [{}, { comment: '   ' }]) {
      const res = await t.post(`/api/leave-requests/${r.id}/decline`, b, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A comment is required when declining');
    }
    const res = body(await t.post(`/api/leave-requests/${r.id}/decline`, { comment: 'Stocktake week' }, admin));
    expect(res.status).toBe('declined');
    expect(res.history[1]).toMatchObject({
      action: 'declined',
      comment: 'Stocktake week',
      days: [{ date: '2030-05-20', before: 14, after: 6 }],
    });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Your time off % was declined'`);
    expect(mails.map((m) => m.text.includes('Comment: Stocktake week'))).toEqual([true]);
  });

  it('cancelling: a pending request at once; an approved future one once an approver agrees', async () => {
    const pending = body(await request(staff, { startDate: '2030-06-03', endDate: '2030-06-03' }));
    const cancelled = body(await t.post(`/api/leave-requests/${pending.id}/cancel`, { comment: 'Plans changed' }, staff));
    expect(cancelled).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(cancelled.history[1]).toMatchObject({ action: 'cancelled', days: [] });
    expect(body(await t.get(`/api/leave-requests/${pending.id}`, admin)).history[1]).toMatchObject({
      action: 'cancelled',
      comment: 'Plans changed',
      days: [{ date: '2030-06-03', before: 14, after: 14 }],
    });

    const r = body(await request(staff, { startDate: '2030-06-10', endDate: '2030-06-11' }));
    const approved = body(await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin));
    const asked = body(await t.post(`/api/leave-requests/${r.id}/cancel`, {}, staff));
    expect(asked).toMatchObject({ status: 'approved', cancellationPending: true, canCancel: false, exceptionId: approved.exceptionId });
    expect(body(await t.get(`/api/leave-requests/${r.id}`, admin)).history[2]).toMatchObject({
      action: 'cancellation-requested',
      days: [
        { date: '2030-06-10', before: 6, after: 14 },
        { date: '2030-06-11', before: 6, after: 14 },
      ],
    });
    // An approver keeps it: it stays approved.
    const kept = body(await t.post(`/api/leave-requests/${r.id}/decline`, { comment: 'Needed that week' }, admin2));
    expect(kept).toMatchObject({ status: 'approved', cancellationPending: false });
    // Asked again, and agreed: the exception goes through the day ledger and the hours come back.
    await t.post(`/api/leave-requests/${r.id}/cancel`, {}, staff);
    const done = body(await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin2));
    expect(done).toMatchObject({ status: 'cancelled', cancellationPending: false, exceptionId: null });
    expect(done.history.at(-1)).toMatchObject({
      action: 'cancelled',
      days: [
        { date: '2030-06-10', before: 6, after: 14 },
        { date: '2030-06-11', before: 6, after: 14 },
      ],
    });
    expect(
      await t.db
        .select()
        .from(exceptions)
        .where(eq(exceptions.id, approved.exceptionId as number)),
    ).toEqual([]);
    const [day] = await t.db
      .select()
      .from(dayChanges)
      .where(and(eq(dayChanges.siteId, s.siteId), eq(dayChanges.date, '2030-06-10')));
    expect(day.currentHours).toBe(14);
  });

  it('an approved request that has started cannot be cancelled by its Staff requester; a manager cancels it', async () => {
    const r = body(await request(staff, { startDate: '2030-03-13', endDate: '2030-03-14' }));
    await t.post(`/api/leave-requests/${r.id}/approve`, {}, admin);
    const res = await t.post(`/api/leave-requests/${r.id}/cancel`, {}, staff);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a pending request, or an approved one that has not started, can be cancelled');
    const byManager = body(await t.post(`/api/leave-requests/${r.id}/cancel`, {}, manager));
    expect(byManager).toMatchObject({ status: 'cancelled', exceptionId: null });
  });
});

describe('impact', () => {
  it('shows each day now and if approved, and who else is away, pending marked', async () => {
    const bobOff = await t.post(
      '/api/exceptions',
      { employeeId: s.bob.id, reasonId: s.annual.id, startDate: '2030-07-01', endDate: '2030-07-01' },
      admin,
    );
    expect(bobOff.statusCode).toBe(201);
    const bobReq = body(await request(manager, { reasonId: s.training.id, startDate: '2030-07-02', endDate: '2030-07-02' }));
    const r = body(await request(staff, { startDate: '2030-07-01', endDate: '2030-07-02', isFullDay: false, hours: 2 }));
    const res = (await t.get(`/api/leave-requests/${r.id}/impact`, admin)).json();
    expect(res).toEqual({
      requestId: r.id,
      days: [
        {
          date: '2030-07-01',
          availableNow: 8,
          availableIfApproved: 6,
          away: [{ employeeName: 'Bob', reasonName: 'Annual Leave', pending: false }],
          minimumHours: null,
        },
        {
          date: '2030-07-02',
          availableNow: 14,
          availableIfApproved: 12,
          away: [{ employeeName: 'Bob', reasonName: 'Training', pending: true }],
          minimumHours: null,
        },
      ],
    });
    // The site's hours are the approvers' to weigh: Staff cannot read a request's impact (decision 113).
    expect((await t.get(`/api/leave-requests/${r.id}/impact`, staff)).statusCode).toBe(403);
    await t.post(`/api/leave-requests/${bobReq.id}/cancel`, {}, manager);
  });
});

describe('API tokens', () => {
  it('a token reads requests and changes none, whatever its scope (decision 105)', async () => {
    const issue = async (scope: 'read' | 'write') => {
      const issued = issueApiToken();
      await t.db
        .insert(apiTokens)
        .values({ siteId: s.siteId, createdBy: s.admin.id, name: `Leave ${scope}`, scope, tokenHash: issued.hash, prefix: issued.prefix });
      return { authorization: `Bearer ${issued.token}` };
    };
    const read = await issue('read');
    const write = await issue('write');
    const r = body(await request(staff, { startDate: '2030-08-05', endDate: '2030-08-05' }));
    const list = await t.request('GET', '/api/leave-requests?status=pending', { headers: read });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: number }) => x.id)).toContain(r.id);
    const byRead = await t.request('POST', `/api/leave-requests/${r.id}/approve`, { headers: read, body: {} });
    expect(byRead.statusCode).toBe(403);
    // A token asks for no one and decides nothing, though its maker is an approver: a decision is a person's.
    const ask = await t.request('POST', '/api/leave-requests', {
      headers: write,
      body: { reasonId: s.annual.id, startDate: MON, endDate: MON },
    });
    expect(ask.statusCode).toBe(403);
    const byWrite = await t.request('POST', `/api/leave-requests/${r.id}/approve`, { headers: write, body: {} });
    expect([byWrite.statusCode, byWrite.json().message]).toEqual([403, 'API tokens cannot be used here; sign in to the app instead.']);
    expect((await t.get(`/api/leave-requests/${r.id}`, admin)).json().status).toBe('pending');
    await t.post(`/api/leave-requests/${r.id}/cancel`, {}, admin);
  });
});
