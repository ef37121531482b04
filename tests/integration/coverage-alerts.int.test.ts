import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/server/db/client';
import { coverageOverrides, coverageRules, shortfallAlerts } from '../../src/server/db/schema';
import { createMailer, type Mailer } from '../../src/server/mail/mailer';
import { runShortfallAlerts } from '../../src/server/modules/coverage';
import { runDueDigests } from '../../src/server/modules/notifications';
import { createBusiness, createEmployee, createException, createSite, createStarterReasons, createUser, grantSite } from '../factories';
import { APP_URL, createClock, startTestApp, type TestApp } from './harness';
import { startSmtp } from './smtp';

/**
 * The daily shortfall alert (decision 101) and the digest's shortfall section, read back from a real SMTP
 * catcher. Every hour below is worked out by hand from the rows this file inserts:
 *
 * North: Ann 8 h, Bob 8 h, Cat 7.5 h Monday to Friday = 23.5 h a weekday, nothing at weekends. Minimum 20 h
 * Monday to Friday from 1 Mar 2030, and an override of 10 h on Saturday 9 Mar.
 *   Tue 5 Mar  Ann on leave             15.5 h, short 4.5
 *   Thu 7 Mar  Bob off 4 h               19.5 h, short 0.5
 *   Sat 9 Mar  nobody works              0.0 h, short 10.0 (override)
 *   Wed 13 Mar Cat on leave (added later) 16.0 h, short 4.0
 *   Fri 22 Mar Ann on leave             15.5 h, short 4.5 (beyond 14 days until 9 Mar)
 *   Wed 27 Mar Ann on leave             15.5 h, short 4.5 (beyond 21 days on 6 Mar)
 * South (another business): Dan 6 h Monday to Friday, an override of 8 h on Wed 6 Mar: 6.0 h, short 2.0.
 * East (North's business): no rules, Eve on leave every day: never mailed.
 */

const clock = createClock(new Date('2030-03-04T06:00:00Z')); // Monday
const PASSWORD = 'coverage-alerts-pass';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const ids = { north: 0, south: 0, east: 0, cat: 0, leave: 0, writer: 0 };
const emails = { northAdmin: '', northAdmin2: '', northWriter: '', southAdmin: '', eastAdmin: '' };
const logged: string[] = [];
const log = {
  info: (_o: object, msg: string) => void logged.push(msg),
  error: (o: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(o)}`),
};
const run = (mailer: Mailer = t.mailer, db = t.db) => runShortfallAlerts({ db, mailer, now: clock.now, appUrl: APP_URL, log });
const mailsTo = (to: string) => smtp.received.filter((m) => m.to === to);
const at = (iso: string) => clock.set(new Date(iso));
const alerted = async (siteId: number) =>
  (
    await t.db
      .select({ date: shortfallAlerts.date })
      .from(shortfallAlerts)
      .where(eq(shortfallAlerts.siteId, siteId))
      .orderBy(asc(shortfallAlerts.date))
  ).map((r) => r.date);
const weekdays = (h: number) => ({ mondayHours: h, tuesdayHours: h, wednesdayHours: h, thursdayHours: h, fridayHours: h });

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ now: clock.now, smtpUrl: smtp.url });
  const a = await createBusiness(t.db, { name: 'Alpha' });
  const reasons = await createStarterReasons(t.db, a.id);
  const leave = reasons.find((r) => r.name === 'Annual Leave')!;
  ids.leave = leave.id;
  const north = await createSite(t.db, a.id, { name: 'North <Branch>' });
  const east = await createSite(t.db, a.id, { name: 'East' });
  ids.north = north.id;
  ids.east = east.id;
  const northAdmin = await createUser(t.db, north.id, { isAdmin: true, password: PASSWORD });
  const northAdmin2 = await createUser(t.db, north.id, { isAdmin: true });
  const northWriter = await createUser(t.db, north.id);
  ids.writer = northWriter.id;
  await createUser(t.db, north.id, { isAdmin: true, isActive: false });
  const eastAdmin = await createUser(t.db, east.id, { isAdmin: true });
  // North's first admin may use East too: East has no rules, so nothing of it appears anywhere.
  await grantSite(t.db, northAdmin.id, east.id);
  Object.assign(emails, {
    northAdmin: northAdmin.email,
    northAdmin2: northAdmin2.email,
    northWriter: northWriter.email,
    eastAdmin: eastAdmin.email,
  });

  const ann = await createEmployee(t.db, north.id, { name: 'Ann', ...weekdays(8) });
  const bob = await createEmployee(t.db, north.id, { name: 'Bob', ...weekdays(8) });
  const cat = await createEmployee(t.db, north.id, { name: 'Cat', ...weekdays(7.5) });
  ids.cat = cat.id;
  for (const date of ['2030-03-05', '2030-03-22', '2030-03-27']) {
    await createException(t.db, { siteId: north.id, employeeId: ann.id, reasonId: leave.id, startDate: date });
  }
  await createException(t.db, {
    siteId: north.id,
    employeeId: bob.id,
    reasonId: leave.id,
    startDate: '2030-03-07',
    isFullDay: false,
    hours: 4,
  });
  await t.db.insert(coverageRules).values({ siteId: north.id, validFrom: '2030-03-01', ...weekdays(20) });
  await t.db.insert(coverageOverrides).values({ siteId: north.id, date: '2030-03-09', hours: 10 });

  const eve = await createEmployee(t.db, east.id, { name: 'Eve', ...weekdays(8) });
  await createException(t.db, { siteId: east.id, employeeId: eve.id, reasonId: leave.id, startDate: '2030-03-04', endDate: '2030-03-31' });

  const b = await createBusiness(t.db, { name: 'Beta' });
  await createStarterReasons(t.db, b.id);
  const south = await createSite(t.db, b.id, { name: 'South' });
  ids.south = south.id;
  const southAdmin = await createUser(t.db, south.id, { isAdmin: true });
  emails.southAdmin = southAdmin.email;
  await createEmployee(t.db, south.id, { name: 'Dan', ...weekdays(6) });
  await t.db.insert(coverageOverrides).values({ siteId: south.id, date: '2030-03-06', hours: 8 });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the daily shortfall alert', () => {
  it("mails each approver of a site one mail listing the site's short days within 14 days", async () => {
    expect(await run()).toEqual({ mailed: 2, days: 4 });
    const [mail, ...more] = mailsTo(emails.northAdmin);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe('Hoursight: 3 days short of minimum hours at North <Branch>');
    expect(mail.text).toContain(
      [
        "These days at North <Branch> in the next 14 days now have fewer available hours than the site's minimum:",
        '',
        'Tue 5 Mar: 15.5 h available, 20.0 h required (short 4.5 h)',
        'Thu 7 Mar: 19.5 h available, 20.0 h required (short 0.5 h)',
        'Sat 9 Mar: 0.0 h available, 10.0 h required (short 10.0 h)',
        '',
        `Open the calendar: ${APP_URL}/`,
        `Capacity: ${APP_URL}/capacity`,
      ].join('\n'),
    );
    expect(mail.text).not.toContain('22 Mar');
    expect(mail.html).toContain('North &lt;Branch&gt;');
    expect(mail.html).not.toContain('<Branch>');
    expect(mail.html).toContain(`href="${APP_URL}/capacity"`);
    // The site's admins are its approvers while none is named; an inactive admin and a writer are not.
    expect(mailsTo(emails.northAdmin2).map((m) => m.text)).toEqual([mail.text]);
    expect(mailsTo(emails.northWriter)).toHaveLength(0);
    // Each site's mail goes to its own approvers only; a site without rules mails no one.
    const south = mailsTo(emails.southAdmin);
    expect(south.map((m) => m.subject)).toEqual(['Hoursight: 1 day short of minimum hours at South']);
    expect(south[0].text).toContain(
      "This day at South in the next 14 days now has fewer available hours than the site's minimum:\n\nWed 6 Mar: 6.0 h available, 8.0 h required (short 2.0 h)",
    );
    expect(mailsTo(emails.eastAdmin)).toHaveLength(0);
    expect(smtp.received).toHaveLength(3);
    expect(await alerted(ids.north)).toEqual(['2030-03-05', '2030-03-07', '2030-03-09']);
    expect(await alerted(ids.east)).toEqual([]);
  });

  it('sends nothing again, and at most one mail a site a day even when a new day falls short', async () => {
    expect(await run()).toEqual({ mailed: 0, days: 0 });
    await createException(t.db, { siteId: ids.north, employeeId: ids.cat, reasonId: ids.leave, startDate: '2030-03-13' });
    at('2030-03-04T18:00:00Z');
    expect(await run()).toEqual({ mailed: 0, days: 0 });
    expect(smtp.received).toHaveLength(3);
    expect(await alerted(ids.north)).toEqual(['2030-03-05', '2030-03-07', '2030-03-09']);
  });

  it('two instances running it at once next day send the new day once', async () => {
    at('2030-03-05T06:00:00Z');
    // A second instance: its own mailer and, on PostgreSQL, its own connection pool to the same database.
    let second: Database | undefined;
    if (t.database.kind === 'postgres') second = await openPostgres(t.database.pool!.options.connectionString!);
    const otherMailer = createMailer({
      db: second?.db ?? t.db,
      smtpUrl: smtp.url,
      from: 'Hoursight <no-reply@hoursight.test>',
      now: clock.now,
      log: { info: () => undefined, warn: () => undefined },
    });
    try {
      const [a, b] = await Promise.all([run(), run(otherMailer, second?.db ?? t.db)]);
      expect(a.mailed + b.mailed).toBe(1);
      expect(a.days + b.days).toBe(1);
    } finally {
      await second?.close();
    }
    const latest = mailsTo(emails.northAdmin);
    expect(latest).toHaveLength(2);
    expect(latest[1].subject).toBe('Hoursight: 1 day short of minimum hours at North <Branch>');
    expect(latest[1].text).toContain(':\n\nWed 13 Mar: 16.0 h available, 20.0 h required (short 4.0 h)\n\n');
    expect(mailsTo(emails.northAdmin2)).toHaveLength(2);
    expect(smtp.received).toHaveLength(5);
    expect(await alerted(ids.north)).toEqual(['2030-03-05', '2030-03-07', '2030-03-09', '2030-03-13']);
  });

  it("follows the site's horizon: 21 days reaches 22 Mar but not 27 Mar", async () => {
    at('2030-03-06T06:00:00Z');
    const cookie = await t.login(emails.northAdmin, PASSWORD);
    const res = await t.put('/api/coverage-rules', { validFrom: '2030-03-06', alertHorizonDays: 21 }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await run()).toEqual({ mailed: 1, days: 1 });
    const latest = mailsTo(emails.northAdmin).at(-1)!;
    expect(latest.text).toContain(
      "This day at North <Branch> in the next 21 days now has fewer available hours than the site's minimum:\n\nFri 22 Mar: 15.5 h available, 20.0 h required (short 4.5 h)\n\n",
    );
    expect(await alerted(ids.north)).toEqual(['2030-03-05', '2030-03-07', '2030-03-09', '2030-03-13', '2030-03-22']);
  });

  it('names approvers: only they get the next alert', async () => {
    at('2030-03-08T06:00:00Z');
    const cookie = await t.login(emails.northAdmin, PASSWORD);
    expect((await t.put('/api/leave-approvers', { userIds: [ids.writer] }, cookie)).statusCode).toBe(200);
    // 27 Mar is within 21 days of 8 Mar.
    expect(await run()).toEqual({ mailed: 1, days: 1 });
    expect(mailsTo(emails.northWriter).map((m) => m.subject)).toEqual(['Hoursight: 1 day short of minimum hours at North <Branch>']);
    expect(mailsTo(emails.northWriter)[0].text).toContain('Wed 27 Mar: 15.5 h available, 20.0 h required (short 4.5 h)');
    expect(mailsTo(emails.northAdmin)).toHaveLength(3);
  });
});

describe('the digest', () => {
  it("lists each covered site's short days in the next 14 days, and says nothing of a site without rules", async () => {
    at('2030-03-06T07:00:00Z');
    const cookie = await t.login(emails.northAdmin, PASSWORD);
    const res = await t.post(
      '/api/saved-notifications',
      {
        name: 'Morning',
        recipientEmails: ['ops@example.test'],
        sendTime: '08:00',
        userTimezone: 'UTC',
        upcomingExceptionDays: 1,
        teamAvailabilityEnabled: true,
        teamAvailabilityPeriod: 1,
        teamAvailabilitySiteScope: 'all',
      },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    at('2030-03-06T08:00:10Z');
    expect((await runDueDigests({ db: t.db, mailer: t.mailer, now: clock.now, appUrl: APP_URL, log })).sent).toBe(1);
    const [digest] = mailsTo('ops@example.test');
    // From Wed 6 Mar to Tue 19 Mar; days already alerted are listed all the same.
    expect(digest.text).toContain(
      [
        'SHORTFALLS IN THE NEXT 14 DAYS',
        '',
        'North <Branch>',
        '  Thu 7 Mar: 19.5 h available, 20.0 h required (short 0.5 h)',
        '  Sat 9 Mar: 0.0 h available, 10.0 h required (short 10.0 h)',
        '  Wed 13 Mar: 16.0 h available, 20.0 h required (short 4.0 h)',
        '',
        'UPCOMING EXCEPTIONS',
      ].join('\n'),
    );
    expect(digest.text).not.toContain('22 Mar');
    expect(digest.text).not.toMatch(/SHORTFALLS[\s\S]*\nEast\n[\s\S]*UPCOMING/);
    expect(digest.html).toContain('Shortfalls in the next 14 days');
    expect(digest.html).toContain('<li>Sat 9 Mar: 0.0 h available, 10.0 h required (short 10.0 h)</li>');
  });
});
