import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferMessages } from '../../src/shared/contracts/transfer';
import { NOVEMBER, PAST_ADMIN_ONLY, TODAY, newSite, NOW, pastChange, reads, week, type BoundsSite } from './employment-fixture';
import { createClock, startTestApp, type TestApp } from './harness';

/*
 * One person's history, and the employee import (decision 107); the sites and their hours are described in
 * ./employment-fixture.ts. Every earlier report stays as it was unless a change was confirmed as a change of the past.
 */
const clock = createClock(NOW);

let t: TestApp;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  r = reads(t);
});
afterAll(() => t?.close());

const november = (cookie: string) => r.hoursReport('2026-11-01', '2026-11-30', cookie);

describe('add, backdate, edit and delete', () => {
  let s: BoundsSite;
  let finn: number;
  beforeAll(async () => {
    s = await newSite(t);
  });

  it('adding from today leaves November as it was', async () => {
    const res = await t.post('/api/employees', { name: 'Finn', ...week(6) }, s.writer);
    expect(res.statusCode, res.body).toBe(201);
    finn = res.json().id;
    expect(await november(s.admin)).toEqual(NOVEMBER);
  });

  it('backdating to 16 November changes November only once confirmed', async () => {
    const body = { name: 'Finn', ...week(6), startDate: '2026-11-16' };
    // 16–20, 23–27 and 30 November and 1 December: 12 past weekdays.
    const refused = await t.put(`/api/employees/${finn}`, body, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(12, 0)]);
    expect(await november(s.admin)).toEqual(NOVEMBER);
    expect((await t.put(`/api/employees/${finn}`, { ...body, confirmPast: true }, s.admin)).statusCode).toBe(200);
    // Eleven November weekdays at 6 h: 236.0 + 66 = 302.0 of 243.6 + 66 = 309.6.
    expect(await november(s.admin)).toEqual({ available: '302.0', default: '309.6' });
  });

  it("editing today's hours changes no earlier day", async () => {
    const res = await t.put(`/api/employees/${finn}`, { name: 'Finn', ...week(4), startDate: '2026-11-16' }, s.writer);
    expect(res.statusCode, res.body).toBe(200);
    expect(await november(s.admin)).toEqual({ available: '302.0', default: '309.6' });
    expect([await r.hoursOn('2026-12-01', s.admin), await r.hoursOn(TODAY, s.admin)]).toEqual([17.6, 15.6]);
    const versions = (await t.get(`/api/employees/${finn}/contracts`, s.admin)).json().contracts;
    expect(versions).toMatchObject([
      { validFrom: '2026-11-16', validTo: '2026-12-01', mondayHours: 6 },
      { validFrom: TODAY, validTo: null, mondayHours: 4 },
    ]);
  });

  it('deleting takes the past hours away only once confirmed, and the stored days agree', async () => {
    expect((await t.del(`/api/employees/${finn}`, s.writer)).json().message).toBe(PAST_ADMIN_ONLY);
    const refused = await t.del(`/api/employees/${finn}`, s.admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, pastChange(12, 0)]);
    expect(await november(s.admin)).toEqual({ available: '302.0', default: '309.6' });
    expect((await t.del(`/api/employees/${finn}?confirmPast=true`, s.admin)).statusCode).toBe(200);
    expect(await november(s.admin)).toEqual(NOVEMBER);
    const rows = await r.dayChanges(s.admin);
    expect(rows.map((d) => d.currentHours)).toEqual([11.6, 11.6, 11.6, 11.6, 11.6, 11.6, 4, 11.6, 11.6, 11.6, 11.6, 11.6]);
    for (const row of rows) expect(row.currentHours).toBe(await r.hoursOn(row.date, s.admin));
  });
});

describe('the employee import', () => {
  let s: BoundsSite;
  const preview = (csv: string, cookie: string) => t.post('/api/import/employees/preview', { csv, locale: 'en-GB' }, cookie);
  beforeAll(async () => {
    s = await newSite(t);
  });

  it('refuses a past start date on its row, for admins too, and starts the others on theirs', async () => {
    const csv = 'Name,Start date\nGwen,2026-11-30\nHal,2027-01-04\nIvy,\nJo,30/11/2026\n';
    for (const cookie of [s.writer, s.admin]) {
      const res = await preview(csv, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().errors).toEqual([
        { line: 2, message: transferMessages.pastStart('2026-11-30') },
        { line: 5, message: transferMessages.startNotADate('30/11/2026') },
      ]);
      expect(res.json().rows.map((row: { cells: string[] }) => [row.cells[0], row.cells.at(-1)])).toEqual([
        ['Hal', '2027-01-04'],
        ['Ivy', TODAY],
      ]);
    }
    const res = await t.post('/api/import/employees', { csv: 'Name,Start date\nHal,2027-01-04\nIvy,\n', locale: 'en-GB' }, s.writer);
    expect(res.statusCode, res.body).toBe(200);
    const list = (await t.get('/api/employees', s.admin)).json() as Array<{ id: number; name: string; startDate: string | null }>;
    const hal = list.find((e) => e.name === 'Hal')!;
    const ivy = list.find((e) => e.name === 'Ivy')!;
    expect([hal.startDate, ivy.startDate]).toEqual(['2027-01-04', TODAY]);
    expect(await r.firstVersion(hal.id, s.admin)).toMatchObject({ validFrom: '2027-01-04' });
    expect(await r.firstVersion(ivy.id, s.admin)).toMatchObject({ validFrom: TODAY });
    expect(await november(s.admin)).toEqual(NOVEMBER);
    expect(await r.hoursOn('2026-12-01', s.admin)).toBe(11.6);
  });

  it("exports the start date, and never changes an existing employee's", async () => {
    const exported = (await t.get('/api/export/employees.csv', s.admin)).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(exported[0].split(',').at(-1)).toBe('Start date');
    expect(
      exported
        .find((l) => l.includes(',Hal,'))
        ?.split(',')
        .at(-1),
    ).toBe('2027-01-04');
    expect(
      exported
        .find((l) => l.includes(',Ana,'))
        ?.split(',')
        .at(-1),
    ).toBe('');
    const same = await preview('Name,Start date\nHal,2027-01-04\nAna,\n', s.writer);
    expect(same.json()).toMatchObject({ errors: [], counts: { create: 0, update: 0, unchanged: 2 } });
    const moved = await preview('Name,Start date\nHal,2027-01-11\n', s.admin);
    expect(moved.json().errors).toEqual([{ line: 2, message: transferMessages.startChange }]);
  });
});
