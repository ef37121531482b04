import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * The rules (decision 096) by weekday, versioned by date, beaten by overrides, as the API keeps them and as the
 * guard applies them. Pinned clock: Wednesday 13 March 2030. Ann works 8 h and Bob 6 h each weekday: 14 h, and
 * 6 h with Ann away, which the assistant's shortfalls compare with each day's minimum.
 */
const NOW = new Date('2030-03-13T10:00:00Z');

let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let admin: string;
let staff: string;
let manager: string;

const put = (body: unknown, cookie = admin) => t.put('/api/coverage-rules', body, cookie);
/** The days Ann away from `from` to `to` would leave short, each with its minimum. */
const shortDays = async (from: string, to: string) => {
  const res = await t.get(`/api/coverage/suggest?employeeId=${s.ann.id}&startDate=${from}&endDate=${to}`, manager);
  expect(res.statusCode).toBe(200);
  return (res.json() as { shortfalls: Array<{ date: string; requiredHours: number; shortHours: number }> }).shortfalls.map((d) => [
    d.date,
    d.requiredHours,
    d.shortHours,
  ]);
};

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await leaveSite(t.db);
  admin = await t.login(s.admin.email, PASSWORD);
  staff = await t.login(s.annUser.email, PASSWORD);
  manager = await t.login(s.writer.email, PASSWORD);
});
afterAll(() => t?.close());

describe('coverage rules', () => {
  it('a site starts without rules', async () => {
    const res = await t.get('/api/coverage-rules', admin);
    expect(res.json()).toEqual({ weekdays: {}, validFrom: null, overrides: [], versions: [], alertHorizonDays: 14 });
  });

  it('keeps versions by date and overrides by day, and answers what holds today', async () => {
    expect(
      (await put({ weekdays: { monday: 10, tuesday: 12 }, validFrom: '2030-03-01', overrides: [{ date: '2030-03-19', hours: 5 }] }))
        .statusCode,
    ).toBe(200);
    const res = await put({ weekdays: { monday: 13 }, validFrom: '2030-03-25', alertHorizonDays: 21 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      weekdays: { monday: 10, tuesday: 12 },
      validFrom: '2030-03-01',
      overrides: [{ date: '2030-03-19', hours: 5 }],
      versions: [
        { validFrom: '2030-03-01', weekdays: { monday: 10, tuesday: 12 } },
        { validFrom: '2030-03-25', weekdays: { monday: 13 } },
      ],
      alertHorizonDays: 21,
    });
  });

  it('applies them: by weekday, the override beating it, and each version from its date', async () => {
    // Mon 25 Feb and Tue 26 Feb are before the first version: no minimum. Tuesday 19 March's override (5 h) beats
    // Tuesday's 12 h; from 25 March only Monday has a minimum (13 h), Tuesday none.
    expect(await shortDays('2030-02-25', '2030-03-26')).toEqual([
      ['2030-03-04', 10, 4],
      ['2030-03-05', 12, 6],
      ['2030-03-11', 10, 4],
      ['2030-03-12', 12, 6],
      ['2030-03-18', 10, 4],
      ['2030-03-25', 13, 7],
    ]);
  });

  it('replaces the version starting on the same day, and the overrides from validFrom on', async () => {
    await put({ weekdays: { monday: 11 }, validFrom: '2030-03-25' });
    const res = await put({ overrides: [{ date: '2030-04-01', hours: 3 }], validFrom: '2030-03-20' });
    expect(res.json()).toMatchObject({
      overrides: [
        { date: '2030-03-19', hours: 5 },
        { date: '2030-04-01', hours: 3 },
      ],
      versions: [
        { validFrom: '2030-03-01', weekdays: { monday: 10, tuesday: 12 } },
        { validFrom: '2030-03-25', weekdays: { monday: 11 } },
      ],
    });
    // Monday 1 April's override (3 h) leaves it covered with Ann away; Monday 25 March needs 11.
    expect(await shortDays('2030-03-25', '2030-04-01')).toEqual([['2030-03-25', 11, 5]]);
  });

  it('Staff read them; only admins write them', async () => {
    const read = await t.get('/api/coverage-rules', staff);
    expect(read.statusCode).toBe(200);
    expect(read.json().weekdays).toEqual({ monday: 10, tuesday: 12 });
    expect((await put({ weekdays: { monday: 1 }, validFrom: '2030-04-01' }, manager)).statusCode).toBe(403);
    expect((await put({ weekdays: { monday: 1 }, validFrom: '2030-04-01' }, staff)).statusCode).toBe(403);
  });

  it('another site never sees them', async () => {
    const other = await createTeam(t.db, PASSWORD);
    const cookie = await t.login(other.admin.email, PASSWORD);
    expect((await t.get('/api/coverage-rules', cookie)).json()).toEqual({
      weekdays: {},
      validFrom: null,
      overrides: [],
      versions: [],
      alertHorizonDays: 14,
    });
  });

  it.each([
    [{ weekdays: { monday: -1 }, validFrom: '2030-04-01' }, 'Minimum hours must not be negative'],
    [{ weekdays: { monday: 7.25 }, validFrom: '2030-04-01' }, 'Minimum hours go in steps of 0.1'],
    [{ weekdays: { monday: 10 }, validFrom: '2030-02-30' }, 'Date is not a real calendar day'],
    [{ overrides: [{ date: '2030-03-01', hours: 4 }], validFrom: '2030-04-01' }, 'Overrides must be on or after validFrom'],
    [
      {
        overrides: [
          { date: '2030-04-02', hours: 4 },
          { date: '2030-04-02', hours: 5 },
        ],
        validFrom: '2030-04-01',
      },
      'Each override date may appear once',
    ],
    [{ weekdays: { monday: 10 }, validFrom: '2030-04-01', alertHorizonDays: 91 }, 'The alert horizon is at most 90 days'],
  ])('refuses a bad body with its message (%j)', async (body, message) => {
    const res = await put(body);
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
  });
});
