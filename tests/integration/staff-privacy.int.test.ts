import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCalendar } from '../../src/shared/contracts/calendar-decode';
import type { TCalendarWire } from '../../src/shared/contracts/calendar-wire';
import { AWAY_COLOR } from '../../src/shared/domain/staff-view';
import { staffReplyGaps } from '../../src/server/modules/privacy';
import { startTestApp, type TestApp } from './harness';
import { BOB_SECRETS, NOW, OWN_NOTE, privacySite, showTypes, type PrivacySite } from './staff-privacy-fixture';

let t: TestApp;
let s: PrivacySite;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await privacySite(t);
});
afterAll(() => t?.close());

const MARCH = 'startDate=2030-03-01&endDate=2030-03-31';
const json = async (url: string, cookie: string) => {
  const res = await t.get(url, cookie);
  expect([url, res.statusCode]).toEqual([url, 200]);
  return res.json();
};

/** What each Staff-readable GET is asked in the probe: the week of Bob's absences, Ann's own request. */
const probeUrl = (url: string) =>
  url.replace(':id', String(s.annRequest)) +
  (url === '/api/calendar' ? `?${MARCH}&shell=1` : /exceptions$|notes|holidays|day-changes/.test(url) ? `?${MARCH}` : '') +
  (url === '/api/coverage/suggest' ? `?employeeId=${s.ann.id}&startDate=2030-03-18&endDate=2030-03-19` : '') +
  (url === '/api/balances/preview' ? `?employeeId=${s.ann.id}&reasonId=${s.annual.id}&startDate=2030-03-18&endDate=2030-03-19` : '');

describe('every reply a Staff user can read', () => {
  it('every route open to Staff says what it answers them', () => {
    expect(staffReplyGaps(t.app.routeTable)).toEqual({ undeclared: [], stale: [] });
    expect(staffReplyGaps([...t.app.routeTable, { method: 'GET', url: '/api/new-thing', access: 'staff' }]).undeclared).toEqual([
      'GET /api/new-thing',
    ]);
  });

  it('carries none of a colleague’s notes and never names their sickness', async () => {
    const reads = t.app.routeTable.filter((r) => r.access === 'staff' && r.method === 'GET' && r.url !== '/api/live');
    expect(reads.length).toBeGreaterThan(15);
    for (const r of reads) {
      const res = await t.get(probeUrl(r.url), s.staff);
      // The site has no allowance policy: balances and their preview answer 409 saying so, and are scanned like the rest.
      expect([r.url, res.statusCode]).toEqual([r.url, r.url.startsWith('/api/balances') ? 409 : 200]);
      const reply = res.json() as Record<string, unknown>;
      const text = JSON.stringify(reply);
      for (const secret of BOB_SECRETS) expect([r.url, text.includes(secret)]).toEqual([r.url, false]);
      // The type list is the site's vocabulary, not anyone's absence: only outside it may "Sick Leave" not appear.
      if (r.url === '/api/exception-reasons') continue;
      const { reasons: _vocabulary, ...rest } = reply;
      expect([r.url, JSON.stringify(rest).includes('Sick Leave')]).toEqual([r.url, false]);
    }
  });
});

describe('GET /api/exceptions', () => {
  it('Staff: Bob away without type, notes or hours, his extra hours left out; Ann’s own in full', async () => {
    const list = (await json(`/api/exceptions?${MARCH}`, s.staff)) as Array<Record<string, unknown>>;
    const away = { reasonId: 0, reasonName: 'Away', reasonColor: AWAY_COLOR, isAdditive: false, hours: null, notes: null };
    expect(
      list.map(({ id, employeeName, startDate, endDate, isFullDay, reasonId, reasonName, reasonColor, isAdditive, hours, notes }) => ({
        id,
        employeeName,
        startDate,
        endDate,
        isFullDay,
        reasonId,
        reasonName,
        reasonColor,
        isAdditive,
        hours,
        notes, // prettier-ignore
      })),
    ).toEqual([
      { id: s.ids.sick, employeeName: 'Bob', startDate: '2030-03-18', endDate: '2030-03-19', isFullDay: true, ...away },
      { id: s.ids.training, employeeName: 'Bob', startDate: '2030-03-20', endDate: '2030-03-20', isFullDay: false, ...away },
      {
        id: s.ids.own,
        employeeName: 'Ann',
        startDate: '2030-03-22',
        endDate: '2030-03-22',
        isFullDay: true,
        reasonId: s.annual.id,
        reasonName: 'Annual Leave',
        reasonColor: '#3b82f6',
        isAdditive: false,
        hours: null,
        notes: OWN_NOTE,
      },
    ]);
  });

  it('a manager still reads everything', async () => {
    const list = (await json(`/api/exceptions?${MARCH}`, s.manager)) as Array<{
      reasonName: string;
      notes: string | null;
      hours: number | null;
    }>;
    expect(list.map((e) => [e.reasonName, e.notes, e.hours])).toEqual([
      ['Sick Leave', BOB_SECRETS[0], null],
      ['Training', BOB_SECRETS[1], 2.5],
      ['Overtime', BOB_SECRETS[2], 2],
      ['Annual Leave', OWN_NOTE, null],
    ]);
  });

  it('with "Show absence types to staff" on, Staff see Training but never the sickness; never notes or hours', async () => {
    await showTypes(t, s, true);
    try {
      const list = (await json(`/api/exceptions?${MARCH}`, s.staff)) as Array<{
        reasonName: string;
        notes: string | null;
        hours: number | null;
      }>;
      expect(list.map((e) => [e.reasonName, e.notes, e.hours])).toEqual([
        ['Away', null, null],
        ['Training', null, null],
        ['Annual Leave', OWN_NOTE, null],
      ]);
    } finally {
      await showTypes(t, s, false);
    }
  });

  it('a type flagged Sickness stays "Away" whatever its name, with the setting on', async () => {
    const made = await t.post('/api/exception-reasons', { name: 'Wellbeing day', color: '#123456', isSickness: true }, s.admin);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Wellbeing day', isSickness: true });
    const reasonId = (made.json() as { id: number }).id;
    const res = await t.post(
      '/api/exceptions',
      { employeeId: s.bob.id, reasonId, startDate: '2030-04-01', endDate: '2030-04-01', isFullDay: true, hours: null },
      s.admin,
    );
    expect(res.statusCode).toBe(201);
    await showTypes(t, s, true);
    try {
      const list = (await json('/api/exceptions?startDate=2030-04-01&endDate=2030-04-01', s.staff)) as Array<{ reasonName: string }>;
      expect(list.map((e) => e.reasonName)).toEqual(['Away']);
    } finally {
      await showTypes(t, s, false);
    }
  });
});

describe('GET /api/calendar as Staff', () => {
  const wireOf = async (cookie: string) => (await json(`/api/calendar?${MARCH}`, cookie)) as TCalendarWire;

  it('Bob’s row has no hours or efficiency, his absences no type, notes or hours; Ann’s row and leave in full', async () => {
    const wire = await wireOf(s.staff);
    expect(wire.employees).toEqual([
      [s.ann.id, 'Ann', 100, 1, [8, 8, 8, 8, 8, 0, 0], null, null, null],
      [s.bob.id, 'Bob', 100, 2, [0, 0, 0, 0, 0, 0, 0], null, null, null],
    ]);
    // Day numbers from 1 March: Monday 18 March is 17.
    expect(wire.exceptions).toEqual([
      [s.ids.sick, s.bob.id, 0, 17, 18, true, null, null, 1],
      [s.ids.training, s.bob.id, 0, 19, 19, false, null, null, 1],
      [s.ids.own, s.ann.id, s.annual.id, 21, 21, true, null, OWN_NOTE, 1],
    ]);
  });

  it('still adds up to the site’s hours: Ann’s own plus everyone else’s', async () => {
    const data = decodeCalendar(await wireOf(s.staff), { startDate: '2030-03-01', endDate: '2030-03-31' });
    const days = ['2030-03-13', '2030-03-16', '2030-03-18', '2030-03-19', '2030-03-20', '2030-03-21', '2030-03-22', '2030-03-25'];
    expect(days.map((d) => data.othersHours?.[d])).toEqual([6, 0, 0, 0, 3.5, 8, 6, 6]);
    // Ann's own, by hand: 8 h each weekday, nothing on Saturday 16th, nothing on Friday 22nd (her leave).
    const own = [8, 0, 8, 8, 8, 8, 0, 8];
    // 14 h on a weekday; Bob sick: 8; Bob 2.5 h at training: 11.5; Bob 2 h extra: 16; Ann on leave: 6.
    expect(days.map((d, i) => own[i] + data.othersHours![d])).toEqual([14, 0, 8, 8, 11.5, 16, 6, 14]);
  });

  it('the cache never hands the full reply to Staff, nor Staff’s to a manager, nor one role’s to the same user in another', async () => {
    const full = await wireOf(s.manager);
    expect(full.exceptions.map((e) => e[7])).toEqual([...BOB_SECRETS.slice(0, 3), OWN_NOTE]);
    expect(full.othersHours).toBeUndefined();
    expect((await wireOf(s.staff)).exceptions.map((e) => e[7])).toEqual([null, null, OWN_NOTE]);
    expect((await wireOf(s.manager)).exceptions.map((e) => e[7])).toEqual([...BOB_SECRETS.slice(0, 3), OWN_NOTE]);
    // A tag the manager's browser holds is not the one of the same user's Staff reply.
    const managerTag = (await t.get(`/api/calendar?${MARCH}`, s.manager)).headers.etag as string;
    const staffTag = (await t.get(`/api/calendar?${MARCH}`, s.staff)).headers.etag as string;
    expect(managerTag).toMatch(/\.full\./);
    expect(staffTag).toMatch(new RegExp(`\\.staff-${s.ann.id}\\.`));
  });
});

describe('time-off requests', () => {
  it('Staff read only their own requests, with their own note', async () => {
    const list = (await json('/api/leave-requests', s.staff)) as Array<{ id: number; note: string | null }>;
    expect(list.map((r) => [r.id, r.note])).toEqual([[s.annRequest, 'Ann would like to train']]);
    expect((await t.get(`/api/leave-requests/${s.bobRequest}`, s.staff)).statusCode).toBe(404);
  });

  it('the impact of a request is the approver’s: Staff cannot read it (decision 113); the approver sees the real reason', async () => {
    const day = { date: '2030-03-18', availableNow: 8, availableIfApproved: 0, minimumHours: null };
    expect((await t.get(`/api/leave-requests/${s.annRequest}/impact`, s.staff)).statusCode).toBe(403);
    expect(await json(`/api/leave-requests/${s.annRequest}/impact`, s.admin)).toEqual({
      requestId: s.annRequest,
      days: [{ ...day, away: [{ employeeName: 'Bob', reasonName: 'Sick Leave', pending: false }] }],
    });
  });
});

describe('the probe itself', () => {
  it('finds Bob’s notes and sickness in a manager’s replies to the same routes', async () => {
    const hits: string[] = [];
    for (const url of ['/api/exceptions', '/api/calendar', '/api/leave-requests', '/api/leave-requests/:id/impact']) {
      const text = (await t.get(probeUrl(url), s.manager)).body;
      if (BOB_SECRETS.some((secret) => text.includes(secret)) || text.includes('Sick Leave')) hits.push(url);
    }
    expect(hits).toEqual(['/api/exceptions', '/api/calendar', '/api/leave-requests', '/api/leave-requests/:id/impact']);
  });
});
