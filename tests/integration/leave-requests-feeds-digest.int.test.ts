import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, sites } from '../../src/server/db/schema';
import { runDueDigests } from '../../src/server/modules/notifications';
import { APP_URL, createClock, startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * Pending time-off requests outside the app (decision 092): tentative events in a calendar feed asked for them, and
 * the "requests waiting" line of an approver's digest. Clock: Monday 11 March 2030, 06:00 UTC.
 */
const clock = createClock(new Date('2030-03-11T06:00:00Z'));
let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let staff: string;
let admin: string;
let requestId: number;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  s = await leaveSite(t.db);
  await t.db.update(sites).set({ name: 'HQ' }).where(eq(sites.id, s.siteId));
  staff = await t.login(s.annUser.email, PASSWORD);
  admin = await t.login(s.admin.email, PASSWORD);
  const res = await t.post('/api/leave-requests', { reasonId: s.annual.id, startDate: '2030-03-18', endDate: '2030-03-19' }, staff);
  expect(res.statusCode).toBe(201);
  requestId = res.json().id;
});
afterAll(() => t?.close());

describe('calendar feed', () => {
  it('shows pending requests as tentative events only when asked', async () => {
    const feed = await t.post('/api/calendar-feeds', { employeeId: null, includeNotes: false }, admin);
    expect(feed.statusCode).toBe(201);
    const path = new URL(feed.json().url).pathname;
    const plain = (await t.get(path)).body;
    expect(plain).not.toContain('TENTATIVE');
    expect(plain).not.toContain('(pending)');

    const withPending = (await t.get(`${path}?pending=1`)).body.replace(/\r\n /g, '');
    const event = withPending.split('BEGIN:VEVENT').find((e) => e.includes(`UID:leave-request-${requestId}@hoursight`));
    expect(event).toBeDefined();
    expect(event).toContain('STATUS:TENTATIVE');
    expect(event).toContain('SUMMARY:Ann — Annual Leave (pending)');
    expect(event).toContain('DTSTART;VALUE=DATE:20300318');
    expect(event).toContain('DTEND;VALUE=DATE:20300320');
    expect((await t.get(`${path}?pending=maybe`)).statusCode).toBe(400);
  });
});

describe('digest', () => {
  it('tells an approver how many requests wait; not a user who does not decide', async () => {
    for (const [cookie, name] of [
      [admin, 'Approver digest'],
      [await t.login(s.writer.email, PASSWORD), 'Manager digest'],
    ]) {
      const res = await t.post(
        '/api/saved-notifications',
        { name, recipientEmails: ['digest@example.test'], sendTime: '08:00', userTimezone: 'UTC', upcomingExceptionDays: 1 },
        cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    clock.set(new Date('2030-03-11T08:00:30Z'));
    const log = { info: () => undefined, error: () => undefined };
    expect(await runDueDigests({ db: t.db, mailer: t.mailer, now: clock.now, appUrl: APP_URL, log })).toEqual({ sent: 2, skipped: 0 });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like '% digest: Mon 11 Mar'`);
    const approver = mails.find((m) => m.subject.startsWith('Approver'))!;
    const manager = mails.find((m) => m.subject.startsWith('Manager'))!;
    expect(approver.text).toContain(`Time-off requests waiting for your decision: HQ 1\nReview requests: ${APP_URL}/requests`);
    expect(approver.html).toContain('Time-off requests waiting for your decision: HQ 1.');
    expect(manager.text).not.toContain('Time-off requests waiting');
  });
});
