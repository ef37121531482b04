import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedNotifications, sites, siteUsers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { startSmtp } from './smtp';

/** Spec 02 §3, §5, §7: the saved-notification calls, the older notification-settings call and the test e-mail. */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let user: string;
let viewer: string;
let northId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ smtpUrl: smtp.url });
  admin = await t.login('admin@demo.example');
  user = await t.login('user@demo.example');
  viewer = await t.login('viewer@demo.example');
  [{ id: northId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo-north'));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const patch = (url: string, body: object, cookie: string) => t.app.inject({ method: 'PATCH', url, payload: body, headers: { cookie } });

describe('saved notifications', () => {
  it('creates with every §3 default', async () => {
    const res = await t.post('/api/saved-notifications', { name: '  Morning digest ', recipientEmails: ['ops@example.test'] }, user);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Morning digest',
      enabled: true,
      recipientEmails: ['ops@example.test'],
      digestFrequency: 'daily',
      sendTime: '08:00',
      userTimezone: 'UTC',
      weeklyDay: 1,
      monthlyDate: 1,
      upcomingExceptionsEnabled: true,
      upcomingExceptionDays: 7,
      upcomingExceptionsSiteScope: 'current',
      upcomingExceptionsSelectedSites: [],
      upcomingExceptionsIncludeNotes: false,
      teamAvailabilityEnabled: false,
      teamAvailabilityPeriod: 7,
      teamAvailabilitySiteScope: 'current',
      teamAvailabilitySelectedSites: [],
      lastSentAt: null,
      ownerEmail: 'user@demo.example',
    });
  });

  it('takes recipients as JSON text and the availability period as a numeric string or null', async () => {
    const text = await t.post(
      '/api/saved-notifications',
      { name: 'Text', recipientEmails: '["a@example.test", " b@example.test "]', teamAvailabilityPeriod: '14' },
      user,
    );
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json()).toMatchObject({ recipientEmails: ['a@example.test', 'b@example.test'], teamAvailabilityPeriod: 14 });
    const nul = await t.post(
      '/api/saved-notifications',
      { name: 'Null', recipientEmails: ['a@example.test'], teamAvailabilityPeriod: null },
      user,
    );
    expect(nul.json().teamAvailabilityPeriod).toBe(7);
    const wrong = await t.post(
      '/api/saved-notifications',
      { name: 'Bad', recipientEmails: ['a@example.test'], teamAvailabilityPeriod: 3 },
      user,
    );
    expect(wrong.statusCode).toBe(400);
  });

  it('answers the §5 messages', async () => {
    const noName = await t.post('/api/saved-notifications', { name: '  ', recipientEmails: ['a@example.test'] }, user);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Please enter a name for the notification.');
    const none = await t.post('/api/saved-notifications', { name: 'X', recipientEmails: [' ', ''] }, user);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('Please enter at least one recipient email address.');
    const bad = await t.post('/api/saved-notifications', { name: 'X', recipientEmails: ['a@example.test', 'not-an-address'] }, user);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('not-an-address');
    const badTime = await t.post('/api/saved-notifications', { name: 'X', recipientEmails: ['a@example.test'], sendTime: '08:15' }, user);
    expect(badTime.statusCode).toBe(400);
    const badZone = await t.post(
      '/api/saved-notifications',
      { name: 'X', recipientEmails: ['a@example.test'], userTimezone: 'Mars/Olympus' },
      user,
    );
    expect(badZone.statusCode).toBe(400);
  });

  it('limits selected sites to sites the user may use', async () => {
    const refused = await t.post(
      '/api/saved-notifications',
      {
        name: 'North',
        recipientEmails: ['a@example.test'],
        teamAvailabilitySiteScope: 'selected',
        teamAvailabilitySelectedSites: [northId],
      },
      user,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Selected sites must be sites you have access to');
    const allowed = await t.post(
      '/api/saved-notifications',
      {
        name: 'North',
        recipientEmails: ['a@example.test'],
        teamAvailabilitySiteScope: 'selected',
        teamAvailabilitySelectedSites: [northId],
      },
      admin,
    );
    expect(allowed.statusCode).toBe(201);
  });

  it("shows users their own and admins the whole site; a user cannot reach an admin's", async () => {
    const mine = await t.post('/api/saved-notifications', { name: 'Admin only', recipientEmails: ['boss@example.test'] }, admin);
    const id = mine.json().id;
    const userList = (await t.get('/api/saved-notifications', user)).json() as Array<{ name: string; ownerEmail: string }>;
    expect(userList.every((n) => n.ownerEmail === 'user@demo.example')).toBe(true);
    expect(userList.some((n) => n.name === 'Admin only')).toBe(false);
    const adminList = (await t.get('/api/saved-notifications', admin)).json() as Array<{ name: string }>;
    expect(adminList.map((n) => n.name)).toEqual(expect.arrayContaining(['Admin only', 'Morning digest']));

    expect(
      (await t.put(`/api/saved-notifications/${id}`, { name: 'Mine now', recipientEmails: ['x@example.test'] }, user)).statusCode,
    ).toBe(404);
    expect((await t.del(`/api/saved-notifications/${id}`, user)).statusCode).toBe(404);
  });

  it('edits, toggles and deletes', async () => {
    const id = (await t.post('/api/saved-notifications', { name: 'Weekly', recipientEmails: ['viewer@demo.example'] }, viewer)).json().id;
    const edited = await t.put(
      `/api/saved-notifications/${id}`,
      {
        name: 'Weekly',
        recipientEmails: ['viewer@demo.example'],
        digestFrequency: 'weekly',
        weeklyDay: 5,
        sendTime: '17:30',
        userTimezone: 'Australia/Sydney',
      },
      viewer,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ digestFrequency: 'weekly', weeklyDay: 5, sendTime: '17:30', userTimezone: 'Australia/Sydney' });
    const off = await patch(`/api/saved-notifications/${id}/toggle`, { enabled: false }, viewer);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().enabled).toBe(false);
    expect((await t.del(`/api/saved-notifications/${id}`, viewer)).statusCode).toBe(200);
    expect(await t.db.select().from(savedNotifications).where(eq(savedNotifications.id, id))).toEqual([]);
  });
});

describe('older notification settings', () => {
  it('reads defaults, then saves the site record, which stays out of the saved list', async () => {
    const before = (await t.get('/api/notification-settings', admin)).json();
    expect(before).toMatchObject({
      enabled: false,
      upcoming_exceptions_enabled: true,
      upcoming_exception_days: 7,
      digest_frequency: 'daily',
      send_time: '08:00',
      team_availability_enabled: false,
      team_availability_period: 7,
      team_availability_site_scope: 'current',
    });
    const saved = await t.put(
      '/api/notification-settings',
      { enabled: true, recipient_emails: 'one@example.test, two@example.test', send_time: '07:30', team_availability_period: null },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      enabled: true,
      recipient_emails: '["one@example.test","two@example.test"]',
      send_time: '07:30',
      team_availability_period: 7,
    });
    expect((await t.get('/api/notification-settings', user)).json().send_time).toBe('07:30');
    const again = await t.put('/api/notification-settings', { enabled: true, recipient_emails: '["one@example.test"]' }, admin);
    expect(again.json().recipient_emails).toBe('["one@example.test"]');
    const rows = await t.db.select().from(savedNotifications).where(eq(savedNotifications.siteSettingsRecord, true));
    expect(rows).toHaveLength(1);
    const list = (await t.get('/api/saved-notifications', admin)).json() as Array<{ id: number }>;
    expect(list.some((n) => n.id === rows[0].id)).toBe(false);
    expect((await t.put('/api/notification-settings', { enabled: true, recipient_emails: '' }, admin)).statusCode).toBe(400);
    expect((await t.put('/api/notification-settings', { enabled: false }, viewer)).statusCode).toBe(403);
  });
});

describe('test e-mail', () => {
  it('sends one mail to the given address', async () => {
    const res = await t.post('/api/test-email', { email: 'tester@example.test' }, user);
    expect(res.statusCode, res.body).toBe(200);
    const got = smtp.received.filter((m) => m.to === 'tester@example.test');
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe('Hoursight test email');
    expect(got[0].text).toContain('This is a test email from Hoursight.');
    expect((await t.post('/api/test-email', { email: 'nope' }, user)).statusCode).toBe(400);
    expect((await t.post('/api/test-email', { email: 'tester@example.test' })).statusCode).toBe(401);
  });
});

describe('mail caps (decision 064)', () => {
  const addresses = (n: number) => Array.from({ length: n }, (_, i) => `cap${i}@example.test`);

  it('refuses a digest with more than 10 recipients, in the saved list and the older record', async () => {
    const over = await t.post('/api/saved-notifications', { name: 'Too many', recipientEmails: addresses(11) }, admin);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('A digest can have at most 10 recipients.');
    const ten = await t.post('/api/saved-notifications', { name: 'Ten', recipientEmails: addresses(10) }, admin);
    expect(ten.statusCode, ten.body).toBe(201);
    const edit = await t.put(`/api/saved-notifications/${ten.json().id}`, { name: 'Ten', recipientEmails: addresses(11) }, admin);
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toContain('A digest can have at most 10 recipients.');
    const older = await t.put('/api/notification-settings', { enabled: true, recipient_emails: addresses(11).join(', ') }, admin);
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe('A digest can have at most 10 recipients.');
    expect((await t.del(`/api/saved-notifications/${ten.json().id}`, admin)).statusCode).toBe(200);
  });

  it('keeps at most 10 digests per user', async () => {
    const [{ id: userId }] = await t.db.select({ id: siteUsers.id }).from(siteUsers).where(eq(siteUsers.email, 'user@demo.example'));
    const mine = async () => (await t.db.select().from(savedNotifications).where(eq(savedNotifications.userId, userId))).length;
    const made: number[] = [];
    while ((await mine()) < 10) {
      const res = await t.post('/api/saved-notifications', { name: `Digest ${made.length}`, recipientEmails: ['user@demo.example'] }, user);
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().id);
    }
    const eleventh = await t.post('/api/saved-notifications', { name: 'Eleventh', recipientEmails: ['user@demo.example'] }, user);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toBe('You can have at most 10 digests. Delete one to add another.');
    // The cap is the user's own: an admin of the same site still saves one.
    const adminOwn = await t.post('/api/saved-notifications', { name: 'Admin eleventh', recipientEmails: ['admin@demo.example'] }, admin);
    expect(adminOwn.statusCode, adminOwn.body).toBe(201);
    for (const id of [...made, adminOwn.json().id as number]) await t.db.delete(savedNotifications).where(eq(savedNotifications.id, id));
  });

  it('lets a read-only user mail only users of the business', async () => {
    const outside = await t.post(
      '/api/saved-notifications',
      { name: 'Leak', recipientEmails: ['viewer@demo.example', 'friend@example.test'] },
      viewer,
    );
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('Read-only users can send e-mail only to users of this business.');
    // A colleague, whatever the case of the address, is inside the business.
    const inside = await t.post(
      '/api/saved-notifications',
      { name: 'Team', recipientEmails: ['viewer@demo.example', 'Admin@Demo.Example'] },
      viewer,
    );
    expect(inside.statusCode, inside.body).toBe(201);
    const edit = await t.put(
      `/api/saved-notifications/${inside.json().id}`,
      { name: 'Team', recipientEmails: ['friend@example.test'] },
      viewer,
    );
    expect(edit.statusCode).toBe(403);

    const before = smtp.received.length;
    const test = await t.post('/api/test-email', { email: 'friend@example.test' }, viewer);
    expect(test.statusCode).toBe(403);
    expect(test.json().message).toBe('Read-only users can send e-mail only to users of this business.');
    expect((await t.post('/api/test-email', { email: 'user@demo.example' }, viewer)).statusCode).toBe(200);
    await t.mailer.settled();
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual(['user@demo.example']);
    expect((await t.del(`/api/saved-notifications/${inside.json().id}`, viewer)).statusCode).toBe(200);
  });
});
