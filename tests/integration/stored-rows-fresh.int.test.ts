import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAST_ADMIN_ONLY, pastChange } from './employment-fixture';
import { createClock, startTestApp, type TestApp } from './harness';
import {
  auth,
  expectDays,
  F1,
  F2,
  F3,
  newSite,
  none,
  NOW,
  open,
  P1,
  P2,
  P3,
  RECORDED,
  recordedWith,
  week,
  type FreshSite,
} from './stored-rows-fixture';

/*
 * Stored day rows never stale (decision 111): every change that moves a day's hours, past or future, brings the
 * day's stored row along in its transaction, so `GET /api/day-changes`, the day explanation and the hours report
 * say the same of every day. The site and its recorded days are described in ./stored-rows-fixture.ts.
 */
const clock = createClock(NOW);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t?.close());

it('a fresh site: every reader agrees on the recorded days', async () => {
  await expectDays(t, (await newSite(t)).admin, RECORDED);
});

describe('public holidays', () => {
  let s: FreshSite;
  beforeAll(async () => {
    s = await newSite(t);
  });

  it('a holiday on a past working day is an administrator’s confirmed change, and its row takes the new hours', async () => {
    const body = { name: 'Founders Day', date: P1 };
    const byWriter = await t.post('/api/public-holidays', body, s.writer);
    expect([byWriter.statusCode, byWriter.json().message]).toEqual([403, PAST_ADMIN_ONLY]);
    const refused = await t.post('/api/public-holidays', body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(1, 1)]);
    await expectDays(t, s.admin, RECORDED);

    expect((await t.post('/api/public-holidays', { ...body, confirmPast: true }, s.admin)).statusCode).toBe(201);
    // Authorised at 12 h, now 0 h: still authorised, the report showing both.
    await expectDays(t, s.admin, recordedWith([P1, 0, 0, auth(12)]));
  });

  it('a holiday on a past day without hours, or on a future day, is any writer’s', async () => {
    expect((await t.post('/api/public-holidays', { name: 'Saturday Fair', date: P3 }, s.writer)).statusCode).toBe(201);
    expect((await t.post('/api/public-holidays', { name: 'Winter Day', date: F2 }, s.writer)).statusCode).toBe(201);
    await expectDays(t, s.admin, recordedWith([P1, 0, 0, auth(12)], [F2, 0, 0, open()]));
  });

  it('deleting a past holiday gives the day its hours back once confirmed', async () => {
    const held = (await t.get(`/api/public-holidays?startDate=${P1}&endDate=${P1}`, s.admin)).json() as Array<{ id: number }>;
    const url = `/api/public-holidays/${held[0].id}`;
    expect((await t.del(url, s.writer)).json().message).toBe(PAST_ADMIN_ONLY);
    const refused = await t.del(url, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(1, 1)]);
    expect((await t.del(`${url}?confirmPast=true`, s.admin)).statusCode).toBe(200);
    await expectDays(t, s.admin, recordedWith([F2, 0, 0, open()]));
  });

  it('an import with past holidays is confirmed as one change, and re-marks an authorised future day', async () => {
    const body = {
      country: 'GB',
      state: null,
      holidays: [
        { date: P2, name: 'Import Day' },
        { date: F1, name: 'Import Day' },
      ],
    };
    expect((await t.post('/api/public-holidays/import', body, s.writer)).json().message).toBe(PAST_ADMIN_ONLY);
    const refused = await t.post('/api/public-holidays/import', body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(1, 0)]);
    const res = await t.post('/api/public-holidays/import', { ...body, confirmPast: true }, s.admin);
    expect([res.statusCode, res.json()]).toEqual([200, { imported: 2, skipped: 0 }]);
    await expectDays(t, s.admin, recordedWith([P2, 0, 0, open()], [F1, 0, 0, open(12)], [F2, 0, 0, open()]));
  });
});

describe('weekend switches', () => {
  let s: FreshSite;
  let settings: { siteName: string };
  beforeAll(async () => {
    s = await newSite(t);
    settings = (await t.get('/api/settings', s.admin)).json();
  });
  const weekend = (saturdayWorkday: boolean) =>
    t.put('/api/settings', { siteName: settings.siteName, saturdayWorkday, sundayWorkday: false }, s.writer);

  it('Saturday as a working day gives Ben’s 5 h to every Saturday, and every stored Saturday follows', async () => {
    expect((await weekend(true)).statusCode).toBe(200);
    await expectDays(
      t,
      s.admin,
      recordedWith(
        // The past authorised Saturday keeps its sign-off of 0 h beside its new 5 h; the future one awaits again.
        [P3, 5, 5, auth(0)],
        [F3, 5, 5, open(0)],
        ['2026-11-21', 5, 5, none],
      ),
    );
  });

  it('and back again', async () => {
    expect((await weekend(false)).statusCode).toBe(200);
    await expectDays(t, s.admin, recordedWith([F3, 0, 0, open(0)], ['2026-11-21', 0, 0, none]));
  });
});

describe('employees', () => {
  let s: FreshSite;
  let cai: number;
  beforeAll(async () => {
    s = await newSite(t);
  });
  const cai6 = { name: 'Cai', ...week(6) };

  it('adding someone from a past Monday moves seven past weekdays, one of them authorised', async () => {
    const body = { ...cai6, startDate: P1 };
    expect((await t.post('/api/employees', body, s.writer)).json().message).toBe(PAST_ADMIN_ONLY);
    const refused = await t.post('/api/employees', body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(7, 1)]);
    const res = await t.post('/api/employees', { ...body, confirmPast: true }, s.admin);
    expect(res.statusCode, res.body).toBe(201);
    cai = res.json().id;
    await expectDays(
      t,
      s.admin,
      recordedWith(
        [P1, 18, 18, auth(12)],
        [P2, 18, 18, open()],
        ['2026-11-25', 18, 18, open()],
        ['2026-12-01', 18, 18, open()],
        [F1, 18, 18, open(12)],
        [F2, 18, 18, open()],
      ),
    );
  });

  it('moving the start to 30 November takes the first week back', async () => {
    const body = { ...cai6, startDate: '2026-11-30' };
    const refused = await t.put(`/api/employees/${cai}`, body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(5, 1)]);
    expect((await t.put(`/api/employees/${cai}`, { ...body, confirmPast: true }, s.admin)).statusCode).toBe(200);
    await expectDays(
      t,
      s.admin,
      recordedWith(
        [P1, 12, 12, auth(12)],
        ['2026-11-25', 12, 12, open()],
        ['2026-11-30', 18, 18, open()],
        ['2026-12-01', 18, 18, open()],
        [F1, 18, 18, open(12)],
        [F2, 18, 18, open()],
      ),
    );
  });

  it('an end date on 30 November takes 1 December and the future back', async () => {
    const refused = await t.put(`/api/employees/${cai}/end-date`, { endDate: '2026-11-30' }, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(1, 0)]);
    expect((await t.put(`/api/employees/${cai}/end-date`, { endDate: '2026-11-30', confirmPast: true }, s.admin)).statusCode).toBe(200);
    await expectDays(
      t,
      s.admin,
      recordedWith(['2026-11-30', 18, 18, open()], ['2026-12-01', 12, 12, open()], [F1, 12, 12, open(12)], [F2, 12, 12, open()]),
    );
  });

  it('deleting them takes their one past day back', async () => {
    expect((await t.del(`/api/employees/${cai}`, s.writer)).json().message).toBe(PAST_ADMIN_ONLY);
    const refused = await t.del(`/api/employees/${cai}`, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(1, 0)]);
    expect((await t.del(`/api/employees/${cai}?confirmPast=true`, s.admin)).statusCode).toBe(200);
    await expectDays(t, s.admin, recordedWith(['2026-11-30', 12, 12, open()], [F1, 12, 12, open(12)]));
  });

  it("today's hours from the employee dialog move only days from today on, an authorised day's default too", async () => {
    // Ana away on the future Monday, authorised at Ben's 4 h: her new hours move its default, not its hours.
    const leave = { employeeId: s.ana, reasonId: s.reason['Annual Leave'], startDate: F1, endDate: F1 };
    expect((await t.post('/api/exceptions', leave, s.writer)).statusCode).toBe(201);
    expect((await t.post('/api/day-changes/authorise', { date: F1 }, s.admin)).statusCode).toBe(200);
    const res = await t.put(`/api/employees/${s.ana}`, { name: 'Ana', ...week(9) }, s.writer);
    expect(res.statusCode, res.body).toBe(200);
    await expectDays(t, s.admin, recordedWith(['2026-11-30', 12, 12, open()], [F1, 4, 13, auth(4)], [F2, 13, 13, open()]));
  });
});

describe('contract versions', () => {
  let s: FreshSite;
  let version: number;
  beforeAll(async () => {
    s = await newSite(t);
  });
  const url = (tail = '') => `/api/employees/${s.ana}/contracts${tail}`;

  it('a version from a past Tuesday moves six past weekdays once confirmed', async () => {
    const body = { validFrom: P2, ...week(6) };
    expect((await t.post(url(), body, s.writer)).json().message).toBe(PAST_ADMIN_ONLY);
    const refused = await t.post(url(), body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(6, 0)]);
    const res = await t.post(url(), { ...body, confirmPast: true }, s.admin);
    expect(res.statusCode, res.body).toBe(201);
    version = res.json().contracts.find((c: { validFrom: string | null }) => c.validFrom === P2).id;
    await expectDays(
      t,
      s.admin,
      recordedWith([P2, 10, 10, open()], ['2026-11-25', 10, 10, open()], [F1, 10, 10, open(12)], [F2, 10, 10, open()]),
    );
  });

  it('moving it a day earlier moves the authorised Monday only', async () => {
    const body = { validFrom: P1, ...week(6) };
    const refused = await t.put(url(`/${version}`), body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(1, 1)]);
    expect((await t.put(url(`/${version}`), { ...body, confirmPast: true }, s.admin)).statusCode).toBe(200);
    await expectDays(
      t,
      s.admin,
      recordedWith(
        [P1, 10, 10, auth(12)],
        [P2, 10, 10, open()],
        ['2026-11-25', 10, 10, open()],
        [F1, 10, 10, open(12)],
        [F2, 10, 10, open()],
      ),
    );
  });

  it('deleting it gives every day its old hours', async () => {
    const refused = await t.del(url(`/${version}`), s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(7, 1)]);
    expect((await t.del(url(`/${version}?confirmPast=true`), s.admin)).statusCode).toBe(200);
    await expectDays(t, s.admin, recordedWith(['2026-11-25', 12, 12, open()], [F1, 12, 12, open(12)]));
  });
});

describe('exceptions and their types', () => {
  let s: FreshSite;
  let leave: { id: number; version: number };
  let extra: number;
  beforeAll(async () => {
    s = await newSite(t);
  });

  it("Ana's leave on the authorised past Monday re-marks it, and widening it to Tuesday moves Tuesday", async () => {
    const body = { employeeId: s.ana, reasonId: s.reason['Annual Leave'], startDate: P1, endDate: P1 };
    const res = await t.post('/api/exceptions', body, s.writer);
    expect(res.statusCode, res.body).toBe(201);
    leave = res.json();
    await expectDays(t, s.admin, recordedWith([P1, 4, 12, open(12)]));
    const wider = await t.put(`/api/exceptions/${leave.id}`, { ...body, endDate: P2, version: leave.version }, s.writer);
    expect(wider.statusCode, wider.body).toBe(200);
    await expectDays(t, s.admin, recordedWith([P1, 4, 12, open(12)], [P2, 4, 12, open()]));
  });

  it("a type's switch to adding hours moves every day its exceptions cover, past and future", async () => {
    const type = await t.post('/api/exception-reasons', { name: 'Extra', color: '#22c55e', isAdditive: false }, s.writer);
    expect(type.statusCode, type.body).toBe(201);
    extra = type.json().id;
    for (const [startDate, endDate] of [
      ['2026-11-26', '2026-11-26'],
      [F1, F2],
    ]) {
      const body = { employeeId: s.ben, reasonId: extra, startDate, endDate, isFullDay: false, hours: 2 };
      expect((await t.post('/api/exceptions', body, s.writer)).statusCode).toBe(201);
    }
    await expectDays(
      t,
      s.admin,
      recordedWith(
        [P1, 4, 12, open(12)],
        [P2, 4, 12, open()],
        ['2026-11-26', 10, 12, open()],
        [F1, 10, 12, open(12)],
        [F2, 10, 12, open()],
      ),
    );

    const flipped = await t.put(`/api/exception-reasons/${extra}`, { name: 'Extra', color: '#22c55e', isAdditive: true }, s.writer);
    expect(flipped.statusCode, flipped.body).toBe(200);
    await expectDays(
      t,
      s.admin,
      recordedWith(
        [P1, 4, 12, open(12)],
        [P2, 4, 12, open()],
        ['2026-11-26', 14, 12, open()],
        [F1, 14, 12, open(12)],
        [F2, 14, 12, open()],
      ),
    );
  });

  it('deleting the leave gives Monday and Tuesday back', async () => {
    expect((await t.del(`/api/exceptions/${leave.id}`, s.writer)).statusCode).toBe(200);
    await expectDays(
      t,
      s.admin,
      recordedWith([P1, 12, 12, open(12)], ['2026-11-26', 14, 12, open()], [F1, 14, 12, open(12)], [F2, 14, 12, open()]),
    );
  });
});

describe('imports and data maintenance', () => {
  let s: FreshSite;
  beforeAll(async () => {
    s = await newSite(t);
  });

  it('an exceptions file marks its days, past and future', async () => {
    const csv =
      'Employee,Type,Start date,End date,Full day,Hours\nAna,Annual Leave,2026-11-23,2026-11-23,yes,\nBen,Annual Leave,2026-12-07,2026-12-07,yes,\n';
    const res = await t.post('/api/import/exceptions', { csv }, s.writer);
    expect(res.statusCode, res.body).toBe(200);
    await expectDays(t, s.admin, recordedWith([P1, 4, 12, open(12)], [F1, 8, 12, open(12)]));
  });

  it("an employees file changes hours from today on, and only those days' rows", async () => {
    const res = await t.post('/api/import/employees', { csv: 'Name,Monday\nAna,10\n' }, s.writer);
    expect(res.statusCode, res.body).toBe(200);
    await expectDays(t, s.admin, recordedWith([P1, 4, 12, open(12)], [F1, 10, 14, open(12)]));
  });

  it('data maintenance drops the rows it drops with the exceptions of those days', async () => {
    const old = '2026-10-26';
    const leave = { employeeId: s.ana, reasonId: s.reason['Annual Leave'], startDate: old, endDate: old };
    expect((await t.post('/api/exceptions', leave, s.writer)).statusCode).toBe(201);
    expect((await t.post('/api/day-changes/authorise', { date: old }, s.admin)).statusCode).toBe(200);
    await expectDays(t, s.admin, [[old, 4, 12, auth(4)]]);
    // Thirty days kept: everything dated before 2 November goes, the row and the leave with it.
    const res = await t.post('/api/data-maintenance', { retentionDays: 30, futureDataDays: 730 }, s.admin);
    expect(res.statusCode, res.body).toBe(200);
    await expectDays(t, s.admin, [[old, 12, 12, none], ...recordedWith([P1, 4, 12, open(12)], [F1, 10, 14, open(12)])]);
  });
});
