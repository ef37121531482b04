import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageAcknowledgements, mailOutbox } from '../../src/server/db/schema';
import { createEmployee, createTeam } from '../factories';
import { APP_URL, startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * The coverage guard (decision 097) on every change of hours made one at a time; a time-off request is never refused
 * for a shortfall, its approver is warned (decision 113). Pinned clock: Wednesday 13 March
 * 2030. Ann works 8 h and Bob 6 h each weekday, so a weekday has 14 h; the site needs 10 h Monday to Friday.
 * Ann away for a day leaves 6 h: 4.0 h under the minimum.
 */
const NOW = new Date('2030-03-13T10:00:00Z');
const MON = '2030-03-18';
const TUE = '2030-03-19';
const WED = '2030-03-20';
const THU = '2030-03-21';
const FRI = '2030-03-22';
const MON2 = '2030-03-25';

let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let staff: string;
let manager: string;
let admin: string;
let admin2: string;

const sick = () => s.reasons[1].id;
const overtime = () => s.reasons[3].id;
const acks = () =>
  t.db
    .select()
    .from(coverageAcknowledgements)
    .where(eq(coverageAcknowledgements.siteId, s.siteId))
    .orderBy(asc(coverageAcknowledgements.id));
const away = (employeeId: number, date: string, extra: Record<string, unknown> = {}) => ({
  employeeId,
  reasonId: sick(),
  startDate: date,
  endDate: date,
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await leaveSite(t.db);
  staff = await t.login(s.annUser.email, PASSWORD);
  manager = await t.login(s.writer.email, PASSWORD);
  admin = await t.login(s.admin.email, PASSWORD);
  admin2 = await t.login(s.admin2.email, PASSWORD);
  const weekday = 10;
  const res = await t.put(
    '/api/coverage-rules',
    { weekdays: { monday: weekday, tuesday: weekday, wednesday: weekday, thursday: weekday, friday: weekday }, validFrom: '2030-03-01' },
    admin,
  );
  expect(res.statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('exceptions', () => {
  it('refuses a create that leaves a day short with a 409 naming the day, and writes nothing', async () => {
    const res = await t.post('/api/exceptions', away(s.ann.id, MON), manager);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'This change leaves the site short: Mon 18 Mar drops to 6.0 h, 4.0 h under the minimum. Confirm with a reason to save it anyway.',
      code: 'coverage_shortfall',
      shortfalls: [{ date: MON, requiredHours: 10, availableBefore: 14, availableAfter: 6, shortHours: 4 }],
    });
    const cal = await t.get(`/api/exceptions?startDate=${MON}&endDate=${MON}`, manager);
    expect(cal.json()).toEqual([]);
  });

  it('names every day of a longer span, and passes a change that keeps the minimum', async () => {
    const res = await t.post('/api/exceptions', away(s.ann.id, MON, { endDate: WED }), manager);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This change leaves the site short: Mon 18 Mar drops to 6.0 h, 4.0 h under the minimum; Tue 19 Mar drops to 6.0 h, 4.0 h under the minimum (and 1 more day). Confirm with a reason to save it anyway.',
    );
    expect(res.json().shortfalls.map((d: { date: string }) => d.date)).toEqual([MON, TUE, WED]);
    // Bob 4 h off: 14 − 4 = 10 h, exactly the minimum.
    const fine = await t.post('/api/exceptions', away(s.bob.id, FRI, { isFullDay: false, hours: 4 }), manager);
    expect(fine.statusCode).toBe(201);
  });

  it('an empty reason is a 400 with its message', async () => {
    const res = await t.post('/api/exceptions', { ...away(s.ann.id, MON), coverageConfirmation: { reason: '   ' } }, manager);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Give a reason');
  });

  it('saves a confirmed create and records who, why and the days', async () => {
    const res = await t.post(
      '/api/exceptions',
      { ...away(s.ann.id, MON), coverageConfirmation: { reason: 'Agency cover booked' } },
      manager,
    );
    expect(res.statusCode).toBe(201);
    const [ack] = await acks();
    expect(ack).toMatchObject({
      action: 'exception.create',
      exceptionId: res.json().id,
      leaveRequestId: null,
      reason: 'Agency cover booked',
      userId: s.writer.id,
      userName: s.writer.username,
      shortfalls: [{ date: MON, requiredHours: 10, availableBefore: 14, availableAfter: 6, shortHours: 4 }],
    });
  });

  it('passes a change on a short day that does not lower it, and an additive type', async () => {
    const [mine] = (await t.get(`/api/exceptions?startDate=${MON}&endDate=${MON}`, manager)).json() as Array<{
      id: number;
      version: number;
    }>;
    // Monday is 6 h, short already: a new note on its exception moves no hours.
    const edit = await t.put(`/api/exceptions/${mine.id}`, { ...away(s.ann.id, MON), notes: 'Flu', version: mine.version }, manager);
    expect(edit.statusCode).toBe(200);
    const extra = await t.post('/api/exceptions', { ...away(s.bob.id, MON), reasonId: overtime(), isFullDay: false, hours: 2 }, manager);
    expect(extra.statusCode).toBe(201);
    expect(await acks()).toHaveLength(1);
  });

  it('refuses a move onto a covered day, naming only that day, and saves it confirmed', async () => {
    const [mine] = (await t.get(`/api/exceptions?startDate=${MON}&endDate=${MON}&employeeId=${s.ann.id}`, manager)).json() as Array<{
      id: number;
      version: number;
    }>;
    const moved = { ...away(s.ann.id, TUE), version: mine.version };
    const res = await t.put(`/api/exceptions/${mine.id}`, moved, manager);
    expect(res.statusCode).toBe(409);
    // Monday gets its 8 h back; Tuesday drops.
    expect(res.json().shortfalls).toEqual([{ date: TUE, requiredHours: 10, availableBefore: 14, availableAfter: 6, shortHours: 4 }]);
    const ok = await t.put(`/api/exceptions/${mine.id}`, { ...moved, coverageConfirmation: { reason: 'Swapped with Monday' } }, manager);
    expect(ok.statusCode).toBe(200);
    const last = (await acks()).at(-1);
    expect(last).toMatchObject({ action: 'exception.update', exceptionId: mine.id, reason: 'Swapped with Monday' });
  });

  it('deepens: a move onto a day already short is refused too', async () => {
    // Bob's 4 h on Friday moved onto Tuesday, where Ann is away (6 h): 2 h, deeper under.
    const [bobs] = (await t.get(`/api/exceptions?startDate=${FRI}&endDate=${FRI}&employeeId=${s.bob.id}`, manager)).json() as Array<{
      id: number;
      version: number;
    }>;
    const res = await t.put(
      `/api/exceptions/${bobs.id}`,
      { ...away(s.bob.id, TUE, { isFullDay: false, hours: 4 }), version: bobs.version },
      manager,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().shortfalls).toEqual([{ date: TUE, requiredHours: 10, availableBefore: 6, availableAfter: 2, shortHours: 8 }]);
  });

  it('a delete never asks, not even of extra hours on a short day', async () => {
    const [extra] = (await t.get(`/api/exceptions?startDate=${MON}&endDate=${MON}&employeeId=${s.bob.id}`, manager)).json() as Array<{
      id: number;
    }>;
    const res = await t.del(`/api/exceptions/${extra.id}`, manager);
    expect(res.statusCode).toBe(200);
  });
});

describe('time-off requests', () => {
  let requestId: number;

  const thuShort = { date: THU, requiredHours: 10, availableBefore: 14, availableAfter: 6, shortHours: 4 };

  it('a Staff request that would leave a day short is accepted as pending, without a question (decision 113)', async () => {
    const before = await acks();
    const res = await t.post('/api/leave-requests', { reasonId: s.annual.id, startDate: THU, endDate: THU }, staff);
    expect(res.statusCode).toBe(201);
    requestId = res.json().id;
    // The Staff reply says nothing of the site's hours: no shortfall, no day's hours in its history.
    expect(res.json()).toMatchObject({ status: 'pending', shortfalls: [], history: [{ action: 'requested', days: [] }] });
    for (const word of ['requiredHours', 'availableBefore', 'availableAfter', 'shortHours', '"before"', '"after"'])
      expect([word, res.body.includes(word)]).toEqual([word, false]);
    expect(((await t.get('/api/leave-requests?mine=true', staff)).json() as Array<{ shortfalls: unknown[] }>)[0].shortfalls).toEqual([]);
    // Nobody was asked for a reason, so nothing is acknowledged.
    expect(await acks()).toEqual(before);
  });

  it('the approver reads the warning on the request: which day, how far under the minimum', async () => {
    const pending = (await t.get('/api/leave-requests?status=pending', admin)).json() as Array<{ id: number; shortfalls: unknown[] }>;
    expect(pending.find((r) => r.id === requestId)?.shortfalls).toEqual([thuShort]);
    expect((await t.get(`/api/leave-requests/${requestId}`, manager)).json().shortfalls).toEqual([thuShort]);
  });

  it('a confirmation sent with a request, as decision 097 asked, is accepted and not recorded', async () => {
    const before = await acks();
    const res = await t.post(
      '/api/leave-requests',
      { reasonId: s.annual.id, startDate: FRI, endDate: FRI, coverageConfirmation: { reason: 'Wedding' } },
      staff,
    );
    expect(res.statusCode).toBe(201);
    expect(await acks()).toEqual(before);
    await t.post(`/api/leave-requests/${res.json().id}/cancel`, {}, staff);
  });

  it('the impact gives each day its minimum', async () => {
    const res = await t.get(`/api/leave-requests/${requestId}/impact`, admin);
    expect(res.json().days).toEqual([expect.objectContaining({ date: THU, availableNow: 14, availableIfApproved: 6, minimumHours: 10 })]);
  });

  it('approving it is a 409 too; confirmed, the exception is made and the approval recorded', async () => {
    const res = await t.post(`/api/leave-requests/${requestId}/approve`, { comment: 'OK' }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().shortfalls).toEqual([{ date: THU, requiredHours: 10, availableBefore: 14, availableAfter: 6, shortHours: 4 }]);
    expect((await t.get(`/api/leave-requests/${requestId}`, admin)).json()).toMatchObject({ status: 'pending', approvalsGiven: 0 });
    const empty = await t.post(`/api/leave-requests/${requestId}/approve`, { coverageConfirmation: { reason: '' } }, admin);
    expect(empty.statusCode).toBe(400);
    const ok = await t.post(
      `/api/leave-requests/${requestId}/approve`,
      { coverageConfirmation: { reason: 'Temp covers Thursday' } },
      admin2,
    );
    expect(ok.statusCode).toBe(200);
    // Decided, it carries no warning any more.
    expect(ok.json()).toMatchObject({ status: 'approved', shortfalls: [] });
    expect((await acks()).at(-1)).toMatchObject({
      action: 'request.approve',
      exceptionId: ok.json().exceptionId,
      leaveRequestId: requestId,
      reason: 'Temp covers Thursday',
      userId: s.admin2.id,
    });
  });

  it('a mailed link cannot take the reason: its page says to approve in the app, and nothing changes', async () => {
    const TUE2 = '2030-03-26';
    const made = await t.post('/api/leave-requests', { reasonId: s.annual.id, startDate: TUE2, endDate: TUE2 }, staff);
    expect(made.statusCode).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.admin.email)).orderBy(desc(mailOutbox.id)).limit(1);
    const approve = new RegExp(`Approve: (${APP_URL}/api/leave-decision\\?token=\\S+)`).exec(mail.text)![1].slice(APP_URL.length);
    const page = await t.request('POST', approve, {
      body: '',
      headers: { origin: APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain(
      'Approving this request leaves the site short: Tue 26 Mar drops to 6.0 h, 4.0 h under the minimum. Open Hoursight to approve it with a reason.',
    );
    expect((await t.get(`/api/leave-requests/${made.json().id}`, admin)).json()).toMatchObject({ status: 'pending' });
  });

  it('a request that keeps the minimum carries no warning, until another absence makes it one: weighed when read', async () => {
    const res = await t.post(
      '/api/leave-requests',
      { reasonId: s.annual.id, startDate: MON2, endDate: MON2, isFullDay: false, hours: 4 },
      staff,
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    // 14 h less Ann's 4 h leaves 10 h: the minimum, not under it.
    expect((await t.get(`/api/leave-requests/${id}`, admin)).json().shortfalls).toEqual([]);
    // Bob off sick that Monday (8 h left); Ann's 4 h would now leave 4 h, 6 h under.
    const bobSick = await t.post('/api/exceptions', away(s.bob.id, MON2, { coverageConfirmation: { reason: 'He is ill' } }), admin);
    expect(bobSick.statusCode).toBe(201);
    expect((await t.get(`/api/leave-requests/${id}`, admin)).json().shortfalls).toEqual([
      { date: MON2, requiredHours: 10, availableBefore: 8, availableAfter: 4, shortHours: 6 },
    ]);
    expect((await t.get(`/api/leave-requests/${id}`, staff)).json().shortfalls).toEqual([]);
  });
});

describe('a site without rules', () => {
  it('is unaffected', async () => {
    const other = await createTeam(t.db, PASSWORD);
    const emp = await createEmployee(t.db, other.site.id, { name: 'Solo' });
    const cookie = await t.login(other.writer.email, PASSWORD);
    const res = await t.post(
      '/api/exceptions',
      { employeeId: emp.id, reasonId: other.reasons[1].id, startDate: MON, endDate: FRI },
      cookie,
    );
    expect(res.statusCode).toBe(201);
    const acked = await t.db.select().from(coverageAcknowledgements).where(eq(coverageAcknowledgements.siteId, other.site.id));
    expect(acked).toEqual([]);
  });
});
