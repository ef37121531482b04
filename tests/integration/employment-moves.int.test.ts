import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractMessages } from '../../src/shared/contracts/employee-contracts';
import { NOVEMBER, PAST_ADMIN_ONLY, TODAY, newSite, NOW, pastChange, reads, week, type BoundsSite } from './employment-fixture';
import { createClock, startTestApp, type TestApp } from './harness';

/*
 * Moving a start date and deleting an employee (decision 107); the sites and their hours are described in
 * ./employment-fixture.ts. The parts of each describe run in order on one site.
 */
const clock = createClock(NOW);

let t: TestApp;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  r = reads(t);
});
afterAll(() => t?.close());

describe('moving a start date', () => {
  let s: BoundsSite;
  let cara: number;
  let dan: number;
  const moveCara = (startDate: string | null, cookie: string, confirmPast?: boolean) =>
    t.put(`/api/employees/${cara}`, { name: 'Cara', ...week(8), startDate, ...(confirmPast ? { confirmPast } : {}) }, cookie);
  beforeAll(async () => {
    s = await newSite(t);
    cara = (await t.post('/api/employees', { name: 'Cara', ...week(8) }, s.writer)).json().id;
    dan = (await t.post('/api/employees', { name: 'Dan', ...week(8), startDate: '2027-01-04' }, s.writer)).json().id;
  });

  it('forward from today to a later day is open to writers and moves the first version', async () => {
    const res = await moveCara('2026-12-07', s.writer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ startDate: '2026-12-07', contractFrom: '2026-12-07' });
    expect(await r.firstVersion(cara, s.admin)).toMatchObject({ validFrom: '2026-12-07' });
    expect(await r.hoursOn(TODAY, s.admin)).toBe(11.6);
  });

  it('back into the past: 403 for a writer, 409 with the counts for an admin, then the past days change', async () => {
    const writer = await moveCara('2026-11-30', s.writer);
    expect([writer.statusCode, writer.json().message]).toEqual([403, PAST_ADMIN_ONLY]);
    // Monday 30 November and Tuesday 1 December gain Cara's 8 h.
    const refused = await moveCara('2026-11-30', s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(2, 0)]);
    expect(await r.firstVersion(cara, s.admin)).toMatchObject({ validFrom: '2026-12-07' });
    const res = await moveCara('2026-11-30', s.admin, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(await r.firstVersion(cara, s.admin)).toMatchObject({ validFrom: '2026-11-30' });
    expect(await r.hoursReport('2026-11-01', '2026-11-30', s.admin)).toEqual({ available: '244.0', default: '251.6' });
    const rows = await r.dayChanges(s.admin);
    expect(rows.map((d) => [d.date, d.currentHours])).toEqual([
      ['2026-11-30', 19.6],
      ['2026-12-01', 19.6],
    ]);
    for (const row of rows) expect(row.currentHours).toBe(await r.hoursOn(row.date, s.admin));
  });

  it('forward out of past days is a change of the past too', async () => {
    expect((await moveCara('2026-12-07', s.writer)).statusCode).toBe(403);
    const refused = await moveCara('2026-12-07', s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(2, 0)]);
    expect((await moveCara('2026-12-07', s.admin, true)).statusCode).toBe(200);
    expect(await r.hoursReport('2026-11-01', '2026-11-30', s.admin)).toEqual(NOVEMBER);
    expect((await r.dayChanges(s.admin)).map((d) => [d.date, d.currentHours])).toEqual([
      ['2026-11-30', 11.6],
      ['2026-12-01', 11.6],
    ]);
  });

  it('refuses a start on or after the next version, after the end date, or none, with a clear message', async () => {
    expect((await t.post(`/api/employees/${cara}/contracts`, { validFrom: '2027-02-01', ...week(6) }, s.writer)).statusCode).toBe(201);
    for (const date of ['2027-02-01', '2027-03-01']) {
      const res = await moveCara(date, s.writer);
      expect([res.statusCode, res.json().message]).toEqual([400, contractMessages.startFromNextVersion('2027-02-01')]);
    }
    const none = await moveCara(null, s.writer);
    expect([none.statusCode, none.json().message]).toEqual([400, contractMessages.startRequired]);
    expect((await t.put(`/api/employees/${dan}/end-date`, { endDate: '2027-01-31' }, s.writer)).statusCode).toBe(200);
    const late = await t.put(`/api/employees/${dan}`, { name: 'Dan', ...week(8), startDate: '2027-02-01' }, s.writer);
    expect([late.statusCode, late.json().message]).toEqual([400, contractMessages.startAfterEnd('2027-01-31')]);
  });

  it('follows the first version when the contract history moves it', async () => {
    const first = await r.firstVersion(cara, s.admin);
    const res = await t.put(`/api/employees/${cara}/contracts/${first.id}`, { ...week(8), validFrom: '2026-12-14' }, s.writer);
    expect(res.statusCode, res.body).toBe(200);
    const list = (await t.get('/api/employees', s.admin)).json() as Array<{ id: number; startDate: string | null }>;
    expect(list.find((e) => e.id === cara)?.startDate).toBe('2026-12-14');
  });

  it('bounds an employee from before the rule once their start date is set, as a confirmed change', async () => {
    // An edit without a start date leaves Ana counted from the beginning.
    expect((await t.put(`/api/employees/${s.ana}`, { name: 'Ana', ...week(7.6) }, s.writer)).statusCode).toBe(200);
    expect(await r.firstVersion(s.ana, s.admin)).toMatchObject({ validFrom: null });
    const body = { name: 'Ana', ...week(7.6), startDate: '2026-11-02' };
    expect((await t.put(`/api/employees/${s.ana}`, body, s.writer)).statusCode).toBe(403);
    // History starts when the site was created, 1 October: Ana's 22 October weekdays lose her 7.6 h.
    const refused = await t.put(`/api/employees/${s.ana}`, body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(22, 0)]);
    expect((await t.put(`/api/employees/${s.ana}`, { ...body, confirmPast: true }, s.admin)).statusCode).toBe(200);
    expect(await r.firstVersion(s.ana, s.admin)).toMatchObject({ validFrom: '2026-11-02' });
    expect(await r.hoursOn('2026-10-30', s.admin)).toBe(4);
    expect(await r.hoursReport('2026-11-01', '2026-11-30', s.admin)).toEqual(NOVEMBER);
  });

  it('bounds one from before the rule when the contract history dates their first version, start date and all', async () => {
    const first = await r.firstVersion(s.ben, s.admin);
    const body = { ...week(8), efficiency: 50, validFrom: '2026-11-02' };
    // Ben's 4.0 h on the 22 October weekdays.
    const refused = await t.put(`/api/employees/${s.ben}/contracts/${first.id}`, body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(22, 0)]);
    expect((await t.put(`/api/employees/${s.ben}/contracts/${first.id}`, { ...body, confirmPast: true }, s.admin)).statusCode).toBe(200);
    const list = (await t.get('/api/employees', s.admin)).json() as Array<{ id: number; startDate: string | null }>;
    expect(list.find((e) => e.id === s.ben)?.startDate).toBe('2026-11-02');
    expect(await r.hoursOn('2026-10-30', s.admin)).toBe(0);
  });
});

describe('deleting an employee', () => {
  let s: BoundsSite;
  beforeAll(async () => {
    s = await newSite(t);
  });

  it('is open to writers when no past day counted them', async () => {
    const dan = (await t.post('/api/employees', { name: 'Dan', ...week(8), startDate: '2027-01-04' }, s.writer)).json().id;
    const cara = (await t.post('/api/employees', { name: 'Cara', ...week(8) }, s.writer)).json().id;
    expect((await t.del(`/api/employees/${dan}`, s.writer)).statusCode).toBe(200);
    expect((await t.del(`/api/employees/${cara}`, s.writer)).statusCode).toBe(200);
    expect(await r.hoursOn(TODAY, s.admin)).toBe(11.6);
  });

  it('of someone with past hours: 403 for a writer, 409 with the counts, then their past hours go', async () => {
    const writer = await t.del(`/api/employees/${s.ben}`, s.writer);
    expect([writer.statusCode, writer.json().message]).toEqual([403, PAST_ADMIN_ONLY]);
    // Ben's 4.0 h on every weekday from 1 October to 1 December: 22 + 21 + 1 = 44 days.
    const refused = await t.del(`/api/employees/${s.ben}`, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(44, 0)]);
    expect(await r.employeeIds(s.admin)).toContain(s.ben);
    const res = await t.del(`/api/employees/${s.ben}?confirmPast=true`, s.admin);
    expect(res.statusCode, res.body).toBe(200);
    // November without Ben: 236.0 − 21 × 4.0 = 152.0 of 243.6 − 84 = 159.6.
    expect(await r.hoursReport('2026-11-01', '2026-11-30', s.admin)).toEqual({ available: '152.0', default: '159.6' });
    expect(await r.hoursOn('2026-11-24', s.admin)).toBe(0);
    const rows = await r.dayChanges(s.admin);
    expect(rows).toHaveLength(22);
    for (const row of rows.slice(0, 3)) expect(row.currentHours).toBe(await r.hoursOn(row.date, s.admin));
  });
});
