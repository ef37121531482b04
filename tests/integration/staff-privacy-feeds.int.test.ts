import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiToken } from '../../src/server/auth/api-tokens';
import { apiTokens, siteUsers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { PASSWORD } from './leave-requests-fixture';
import {
  ANN_REQUEST_NOTE,
  BOB_SECRETS,
  NOW,
  OWN_NOTE,
  privacySite,
  SICK_NOTE,
  TRAINING_NOTE,
  type PrivacySite,
} from './staff-privacy-fixture';

/** Colleagues' privacy (decision 106) in calendar feeds, API tokens and the setting itself. */

let t: TestApp;
let s: PrivacySite;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await privacySite(t);
});
afterAll(() => t?.close());

/** Each event of the feed as "summary | description", in the feed's order. */
const events = async (url: string) => {
  const res = await t.get(`${new URL(url).pathname}?pending=1`);
  expect(res.statusCode).toBe(200);
  const cal = new ICAL.Component(ICAL.parse(res.body));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return `${e.summary} | ${e.description ?? ''}`;
  });
};

/** Makes Ann a writer for one step (only writers make feeds), then Staff again, as an admin's role change would. */
async function feedMadeWhileAWriter() {
  await t.db.update(siteUsers).set({ isStaff: false, isReadOnly: false }).where(eq(siteUsers.id, s.annUser.id));
  const res = await t.post('/api/calendar-feeds', { employeeId: null, includeNotes: true }, await t.login(s.annUser.email, PASSWORD));
  expect(res.statusCode).toBe(201);
  return (res.json() as { url: string }).url;
}
const makeStaff = () => t.db.update(siteUsers).set({ isStaff: true, isReadOnly: true }).where(eq(siteUsers.id, s.annUser.id));

describe('calendar feeds', () => {
  it('a feed made by someone now Staff shows colleagues as "Away", without notes, hours or extra hours; their own in full', async () => {
    const url = await feedMadeWhileAWriter();
    try {
      // Still a writer: the whole site, as any manager's feed.
      expect(await events(url)).toEqual([
        `Bob — Sick Leave | ${SICK_NOTE}`,
        `Bob — Training (2.5 h) | ${TRAINING_NOTE}`,
        `Bob — Overtime (2 h) | ${BOB_SECRETS[2]}`,
        `Ann — Annual Leave | ${OWN_NOTE}`,
        'Ann — Training (pending) | ',
        'Bob — Training (pending) | ',
      ]);
      await makeStaff();
      expect(await events(url)).toEqual([
        'Bob — Away | ',
        'Bob — Away | ',
        `Ann — Annual Leave | ${OWN_NOTE}`,
        'Ann — Training (pending) | ',
      ]);
    } finally {
      await makeStaff();
    }
  });

  it('an admin’s feed is unchanged', async () => {
    const res = await t.post('/api/calendar-feeds', { employeeId: null, includeNotes: true }, s.admin);
    expect(res.statusCode).toBe(201);
    const list = await events((res.json() as { url: string }).url);
    expect(list.slice(0, 2)).toEqual([`Bob — Sick Leave | ${SICK_NOTE}`, `Bob — Training (2.5 h) | ${TRAINING_NOTE}`]);
  });
});

describe('API tokens', () => {
  it('a token made by a Staff user acts for the site: every absence reads "Away", its own creator’s too', async () => {
    const issued = issueApiToken();
    await t.db.insert(apiTokens).values({
      siteId: s.siteId,
      createdBy: s.annUser.id,
      name: 'Staff read',
      scope: 'read',
      tokenHash: issued.hash,
      prefix: issued.prefix,
    });
    const res = await t.request('GET', '/api/exceptions?startDate=2030-03-01&endDate=2030-03-31', {
      headers: { authorization: `Bearer ${issued.token}` },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ employeeName: string; reasonName: string; notes: string | null; hours: number | null }>;
    expect(list.map((e) => [e.employeeName, e.reasonName, e.notes, e.hours])).toEqual([
      ['Bob', 'Away', null, null],
      ['Bob', 'Away', null, null],
      ['Ann', 'Away', null, null],
    ]);
    expect(res.body).not.toContain(ANN_REQUEST_NOTE);
  });
});

describe('the setting "Show absence types to staff"', () => {
  it('is off by default and read by everyone', async () => {
    expect(((await t.get('/api/settings', s.staff)).json() as { showAbsenceTypesToStaff: boolean }).showAbsenceTypesToStaff).toBe(false);
  });

  it('is the admin’s: another writer is refused, a value that is not true or false is a 400 with a message', async () => {
    const base = { siteName: s.site.name, saturdayWorkday: false, sundayWorkday: false };
    const byWriter = await t.put('/api/settings', { ...base, showAbsenceTypesToStaff: true }, s.manager);
    expect([byWriter.statusCode, byWriter.json()]).toEqual([403, { message: 'Admin access required' }]);
    const bad = await t.put('/api/settings', { ...base, showAbsenceTypesToStaff: 'yes' }, s.admin);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toContain('showAbsenceTypesToStaff must be true or false');
    const on = await t.put('/api/settings', { ...base, showAbsenceTypesToStaff: true }, s.admin);
    expect([on.statusCode, (on.json() as { showAbsenceTypesToStaff: boolean }).showAbsenceTypesToStaff]).toEqual([200, true]);
    // Left out: unchanged, so a writer saving the weekend switches keeps the admin's choice.
    const kept = await t.put('/api/settings', base, s.manager);
    expect([kept.statusCode, (kept.json() as { showAbsenceTypesToStaff: boolean }).showAbsenceTypesToStaff]).toEqual([200, true]);
  });
});
