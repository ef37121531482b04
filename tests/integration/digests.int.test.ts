import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges, notificationDeliveries, savedNotifications, sites, siteUsers, userSitePermissions } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { runDueDigests } from '../../src/server/modules/notifications';
import { createEmployee, createException, createHoliday, createNote, createSite, createTenant, createUser, grantSite } from '../factories';
import { APP_URL, createClock, startTestApp, type TestApp } from './harness';
import { startSmtp } from './smtp';

/**
 * The digest sender with an injected clock, read back from a real SMTP catcher. Every expected instant,
 * hour and percentage below is worked out by hand from the rows this file inserts.
 */

const clock = createClock(new Date('2030-03-04T06:00:00Z')); // Monday
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let cookie: string;
let adminId: number;
let adminEmail: string;
let northId: number;
const logged: string[] = [];
const log = {
  info: (_o: object, msg: string) => void logged.push(msg),
  error: (o: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(o)}`),
};
const run = (mailer = t.mailer) => runDueDigests({ db: t.db, mailer, now: clock.now, appUrl: APP_URL, log });
const mailsTo = (to: string) => smtp.received.filter((m) => m.to === to);
const at = (iso: string) => clock.set(new Date(iso));

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ now: clock.now, smtpUrl: smtp.url });
  const { business, site, reasons, admin } = await createTenant(t.db, { password: 'digest-pass' });
  adminId = admin.id;
  adminEmail = admin.email;
  const north = await createSite(t.db, business.id, { name: 'North <Branch>' });
  northId = north.id;
  await grantSite(t.db, admin.id, north.id);
  await t.db.update(sites).set({ name: 'HQ' }).where(eq(sites.id, site.id));

  const ann = await createEmployee(t.db, site.id, { name: 'Ann <script>' });
  const bob = await createEmployee(t.db, site.id, {
    name: 'Bob',
    mondayHours: 8,
    tuesdayHours: 8,
    wednesdayHours: 8,
    thursdayHours: 8,
    fridayHours: 8,
  });
  await createEmployee(t.db, north.id, {
    name: 'Cat',
    mondayHours: 6,
    tuesdayHours: 6,
    wednesdayHours: 6,
    thursdayHours: 6,
    fridayHours: 6,
  });
  const leave = reasons.find((r) => r.name === 'Annual Leave')!;
  const training = reasons.find((r) => r.name === 'Training')!;
  await createException(t.db, {
    siteId: site.id,
    employeeId: ann.id,
    reasonId: leave.id,
    startDate: '2030-03-05',
    notes: '<b>back Wednesday</b>',
  });
  await createException(t.db, {
    siteId: site.id,
    employeeId: bob.id,
    reasonId: training.id,
    startDate: '2030-03-06',
    isFullDay: false,
    hours: 2.5,
  });
  await createHoliday(t.db, site.id, '2030-03-04', 'Founders <Day>');
  await createNote(t.db, { siteId: site.id, title: 'Stocktake & audit', startDate: '2030-03-05' });
  await t.db.insert(dayChanges).values({ siteId: site.id, date: '2030-03-05', defaultHours: 15.6, currentHours: 8, isAuthorised: false });

  cookie = await t.login(admin.email, 'digest-pass');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Signs in again: the clock jumps further than a session lives. */
async function create(body: Record<string, unknown>) {
  cookie = await t.login(adminEmail, 'digest-pass');
  const res = await t.post('/api/saved-notifications', body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('a daily digest', () => {
  let id: number;
  it('goes out once at its slot, to each recipient, with the content', async () => {
    at('2030-03-04T06:00:00Z');
    id = await create({
      name: 'Morning <HQ> & co',
      recipientEmails: ['ops@example.test', 'lead@example.test'],
      sendTime: '08:00',
      userTimezone: 'Europe/London',
      upcomingExceptionDays: 3,
      upcomingExceptionsIncludeNotes: true,
      teamAvailabilityEnabled: true,
      teamAvailabilityPeriod: 2,
      teamAvailabilitySiteScope: 'all',
    });
    at('2030-03-04T07:59:59Z');
    expect(await run()).toEqual({ sent: 0, skipped: 0 });
    at('2030-03-04T08:00:30Z');
    expect(await run()).toEqual({ sent: 1, skipped: 0 });
    expect(await run()).toEqual({ sent: 0, skipped: 0 });

    expect(mailsTo('ops@example.test')).toHaveLength(1);
    expect(mailsTo('lead@example.test')).toHaveLength(1);
    const mail = mailsTo('ops@example.test')[0];
    expect(mail.subject).toBe('Morning <HQ> & co: Mon 4 Mar');
    // HQ: Monday is a holiday (0 of 0); Tuesday Ann is on leave, Bob's 8.0 of 15.6, and the day awaits authorisation.
    // 8.0 of 15.6 over two days is 48.7% below normal; North has Cat's 6.0 of 6.0 both days.
    expect(mail.text).toContain(
      'HQ: 49% below normal over the next 2 days; 1 day awaits authorisation. North <Branch>: at normal capacity over the next 2 days',
    );
    expect(mail.text).toContain(
      'Tue 5 Mar\n  HQ\n    - Ann <script>: Annual Leave, full day (<b>back Wednesday</b>)\n    - Note: Stocktake & audit',
    );
    expect(mail.text).toContain('Wed 6 Mar\n  HQ\n    - Bob: Training, 2.5 h');
    expect(mail.text).toContain('Mon 4 Mar: 0.0 h of 0.0 h (Holiday: Founders <Day>)');
    expect(mail.text).toContain('Tue 5 Mar: 8.0 h of 15.6 h (Awaiting authorisation)');
    expect(mail.text).toContain('North <Branch>\n  Mon 4 Mar: 6.0 h of 6.0 h\n  Tue 5 Mar: 6.0 h of 6.0 h');
    // Every user string is escaped in the HTML part.
    expect(mail.html).toContain('Ann &lt;script&gt;: Annual Leave, full day');
    expect(mail.html).toContain('&lt;b&gt;back Wednesday&lt;/b&gt;');
    expect(mail.html).toContain('Morning &lt;HQ&gt; &amp; co');
    expect(mail.html).toContain('North &lt;Branch&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('name="viewport"');

    // RFC 8058: each recipient's own turn-off link, in the body and in the List-Unsubscribe header.
    const link = (to: string) => /Turn off this notification: (\S+)/.exec(mailsTo(to)[0].text)![1];
    expect(link('ops@example.test')).toMatch(new RegExp(`^${APP_URL}/api/notifications/disable\\?token=${id}\\.[A-Za-z0-9_-]{43}$`));
    expect(link('ops@example.test')).not.toBe(link('lead@example.test'));
    expect(mail.headers['list-unsubscribe']).toBe(`<${link('ops@example.test')}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo('lead@example.test')[0].headers['list-unsubscribe']).toBe(`<${link('lead@example.test')}>`);

    const [row] = await t.db.select().from(savedNotifications).where(eq(savedNotifications.id, id));
    expect(row.lastSentAt?.toISOString()).toBe('2030-03-04T08:00:30.000Z');
  });

  it('two instances racing for the next slot send it once', async () => {
    at('2030-03-05T08:00:10Z');
    const other = createMailer({
      db: t.db,
      smtpUrl: smtp.url,
      from: 'Hoursight <no-reply@hoursight.test>',
      now: clock.now,
      log: { info: () => undefined, warn: () => undefined },
    });
    const [a, b] = await Promise.all([run(), run(other)]);
    expect(a.sent + b.sent).toBe(1);
    expect(mailsTo('ops@example.test')).toHaveLength(2);
    const slots = await t.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, id));
    expect(slots.map((s) => s.slotAt.toISOString())).toEqual(['2030-03-04T08:00:00.000Z', '2030-03-05T08:00:00.000Z']);
  });

  it('after a restart sends a missed slot under 6 hours old once, and skips an older one with one log line', async () => {
    // Down from before 08:00 on Wednesday until 11:00: three hours late, still sent, once.
    at('2030-03-06T11:00:00Z');
    expect(await run()).toEqual({ sent: 1, skipped: 0 });
    at('2030-03-06T11:01:00Z');
    expect(await run()).toEqual({ sent: 0, skipped: 0 });
    expect(mailsTo('ops@example.test')).toHaveLength(3);
    // Down again until Thursday 14:00:01: over six hours after 08:00, so skipped.
    at('2030-03-07T14:00:01Z');
    expect(await run()).toEqual({ sent: 0, skipped: 1 });
    expect(await run()).toEqual({ sent: 0, skipped: 0 });
    expect(mailsTo('ops@example.test')).toHaveLength(3);
    expect(logged.filter((l) => l.startsWith('digest slot skipped'))).toHaveLength(1);
  });

  it('shows only the sites the owner may use at send time', async () => {
    await t.db.delete(userSitePermissions).where(and(eq(userSitePermissions.userId, adminId), eq(userSitePermissions.siteId, northId)));
    at('2030-03-08T08:01:00Z');
    expect((await run()).sent).toBe(1);
    const last = mailsTo('ops@example.test').at(-1)!;
    expect(last.subject).toBe('Morning <HQ> & co: Fri 8 Mar');
    expect(last.text).not.toContain('North');
  });

  it('turns off one recipient from their signed link without signing in, by the page or by one-click', async () => {
    const pathOf = (to: string) => /Turn off this notification: (\S+)/.exec(mailsTo(to)[0].text)![1].slice(APP_URL.length);
    const row = async () => (await t.db.select().from(savedNotifications).where(eq(savedNotifications.id, id)))[0];
    const ops = pathOf('ops@example.test');
    const page = await t.app.inject({ method: 'GET', url: ops });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Morning &lt;HQ&gt; &amp; co');
    expect(page.body).toContain('will no longer be sent to you');
    // Opening the link changes nothing (mail scanners open links); a POST does.
    expect((await row()).recipientEmails).toEqual(['ops@example.test', 'lead@example.test']);
    const forged = await t.app.inject({
      method: 'POST',
      url: ops.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL },
      payload: '',
    });
    expect(forged.statusCode).toBe(404);
    // The mail provider's one-click POST: no session, no Origin of ours, the RFC 8058 body.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: ops,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('You will no longer receive');
    expect(await row()).toMatchObject({ enabled: true, recipientEmails: ['lead@example.test'] });
    // The link of an address no longer on the notification is spent.
    expect((await t.app.inject({ method: 'GET', url: ops })).statusCode).toBe(404);

    at('2030-03-09T08:01:00Z');
    expect((await run()).sent).toBe(1);
    expect(mailsTo('ops@example.test')).toHaveLength(4);
    expect(mailsTo('lead@example.test').at(-1)!.subject).toBe('Morning <HQ> & co: Sat 9 Mar');

    // A provider may post from a page of its own, multipart-encoded: the last recipient gone turns it off.
    const lead = await t.app.inject({
      method: 'POST',
      url: pathOf('lead@example.test'),
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: 'https://mail.example.net' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(lead.statusCode, lead.body).toBe(200);
    expect(await row()).toMatchObject({ enabled: false, recipientEmails: [] });
    at('2030-03-10T08:01:00Z');
    expect((await run()).sent).toBe(0);
    // With nobody left it cannot be switched on again until a recipient is added.
    cookie = await t.login(adminEmail, 'digest-pass');
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-notifications/${id}/toggle`,
      payload: { enabled: true },
      headers: { cookie },
    });
    expect(on.statusCode).toBe(400);
    expect(on.json().message).toBe('Please enter at least one recipient email address.');
  });

  it('refuses the link of a deleted digest', async () => {
    at('2030-03-11T06:00:00Z');
    const gone = await create({ name: 'Short-lived', recipientEmails: ['brief@example.test'], sendTime: '07:00' });
    at('2030-03-11T07:00:30Z');
    await run();
    const path = /Turn off this notification: (\S+)/.exec(mailsTo('brief@example.test')[0].text)![1].slice(APP_URL.length);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await t.del(`/api/saved-notifications/${gone}`, cookie)).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This link is not valid');
    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('schedules', () => {
  it('08:00 Australia/Sydney goes out at 21:00 UTC before the April 2030 change and 22:00 UTC after it', async () => {
    at('2030-04-05T12:00:00Z');
    await create({ name: 'Sydney', recipientEmails: ['syd@example.test'], userTimezone: 'Australia/Sydney', sendTime: '08:00' });
    at('2030-04-05T20:59:00Z');
    expect((await run()).sent).toBe(0);
    at('2030-04-05T21:00:05Z'); // Saturday 6 April 08:00 AEDT (+11)
    expect((await run()).sent).toBe(1);
    at('2030-04-06T21:00:05Z'); // Sunday 7 April 07:00 AEST: daylight saving ended at 03:00
    expect((await run()).sent).toBe(0);
    at('2030-04-06T22:00:05Z'); // Sunday 7 April 08:00 AEST (+10)
    expect((await run()).sent).toBe(1);
    expect(mailsTo('syd@example.test').map((m) => m.subject)).toEqual(['Sydney: Sat 6 Apr', 'Sydney: Sun 7 Apr']);
  });

  it('weekly on Friday (5) and monthly on the 28th', async () => {
    at('2030-04-08T00:00:00Z'); // Monday
    await create({ name: 'Weekly', recipientEmails: ['week@example.test'], digestFrequency: 'weekly', weeklyDay: 5, sendTime: '16:30' });
    await create({
      name: 'Monthly',
      recipientEmails: ['month@example.test'],
      digestFrequency: 'monthly',
      monthlyDate: 28,
      sendTime: '06:00',
      userTimezone: 'America/New_York',
    });
    for (const iso of [
      '2030-04-11T16:31:00Z',
      '2030-04-12T16:29:00Z',
      '2030-04-12T16:31:00Z',
      '2030-04-19T16:35:00Z',
      '2030-04-28T09:59:00Z',
      '2030-04-28T10:01:00Z',
    ]) {
      at(iso);
      await run();
    }
    // Fridays 12 and 19 April at 16:30 UTC; 28 April 06:00 EDT (-4) is 10:00 UTC.
    expect(mailsTo('week@example.test').map((m) => m.subject)).toEqual(['Weekly: Fri 12 Apr', 'Weekly: Fri 19 Apr']);
    expect(mailsTo('month@example.test').map((m) => m.subject)).toEqual(['Monthly: Sun 28 Apr']);
  });

  it('sends the older per-site settings record through the same sender', async () => {
    at('2030-05-01T00:00:00Z');
    cookie = await t.login(adminEmail, 'digest-pass');
    const res = await t.put(
      '/api/notification-settings',
      { enabled: true, recipient_emails: '["site@example.test"]', send_time: '09:30' },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    at('2030-05-01T09:31:00Z');
    await run();
    expect(mailsTo('site@example.test').map((m) => m.subject)).toEqual(['Site notification settings: Wed 1 May']);
  });

  it('stops when the owner is deactivated', async () => {
    at('2030-05-02T00:00:00Z');
    const [owner] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, adminId));
    const other = await createUser(t.db, owner.siteId, { password: 'other-pass' });
    const otherCookie = await t.login(other.email, 'other-pass');
    expect(
      (await t.post('/api/saved-notifications', { name: 'Leaver', recipientEmails: ['leaver@example.test'] }, otherCookie)).statusCode,
    ).toBe(201);
    await t.db.update(siteUsers).set({ isActive: false }).where(eq(siteUsers.id, other.id));
    at('2030-05-02T08:01:00Z');
    await run();
    expect(mailsTo('leaver@example.test')).toEqual([]);
  });
});
