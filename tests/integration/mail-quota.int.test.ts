import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { runDueDigests } from '../../src/server/modules/notifications';
import { createSite, createTenant, createUser } from '../factories';
import { APP_URL, createClock, startTestApp, type TestApp } from './harness';
import { startSmtp } from './smtp';

/**
 * Decision 064: a site mails at most 100 addresses outside its business in any 24 hours, counted across
 * report e-mails, digests and test mail, in the database (so every instance sees the same count), and
 * again when a digest is sent. Every count below is added up by hand from the mails this file sends.
 */

const clock = createClock(new Date('2030-06-03T06:00:00Z'));
const at = (iso: string) => clock.set(new Date(iso));
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let siteId: number;
const PASSWORD = 'quota-pass';
const emails = { admin: '', writer: '', colleague: '' };
const logged: string[] = [];
const log = {
  info: (o: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(o)}`),
  error: (o: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(o)}`),
};
const run = () => runDueDigests({ db: t.db, mailer: t.mailer, now: clock.now, appUrl: APP_URL, log });
const outside = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}@outside.test`);
const received = (to: string) => smtp.received.filter((m) => m.to.toLowerCase().split(', ').includes(to)).length;
const WEEK = { startDate: '2030-06-03', endDate: '2030-06-09', reportType: 'exceptions' };
const capMessage = (left: number) =>
  `This site can e-mail at most 100 addresses outside the business a day; ${left} ${left === 1 ? 'is' : 'are'} left now. Send to fewer outside addresses or try again tomorrow.`;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ now: clock.now, smtpUrl: smtp.url });
  const { business, site, admin } = await createTenant(t.db, { password: PASSWORD });
  siteId = site.id;
  const writer = await createUser(t.db, site.id, { password: PASSWORD });
  // A user of another site of the same business is not outside it.
  const other = await createSite(t.db, business.id, { name: 'Elsewhere' });
  const colleague = await createUser(t.db, other.id, { email: 'colleague@inside.test' });
  Object.assign(emails, { admin: admin.email, writer: writer.email, colleague: colleague.email });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the day’s outside budget', () => {
  it('is shared by digests, reports and test mail, counts outside addresses only and names the cap when refused', async () => {
    let admin = await t.login(emails.admin, PASSWORD);
    const writer = await t.login(emails.writer, PASSWORD);
    const digest = async (name: string, recipientEmails: string[], sendTime: string) => {
      const res = await t.post('/api/saved-notifications', { name, recipientEmails, sendTime }, admin);
      expect(res.statusCode, res.body).toBe(201);
    };
    await digest('Morning', [...outside('d', 9), emails.colleague], '07:00');
    await digest('Late mixed', ['late@outside.test', emails.colleague], '09:00');
    await digest('Late outside', ['only@outside.test'], '09:00');

    at('2030-06-03T07:00:30Z');
    expect(await run()).toEqual({ sent: 1, skipped: 0 }); // 9 outside
    for (let i = 0; i < 4; i++) {
      const res = await t.post('/api/email-report', { ...WEEK, emailAddresses: outside(`r${i}-`, 20).join(';') }, admin);
      expect(res.statusCode, res.body).toBe(200); // 29, 49, 69, 89 outside
    }
    for (const to of outside('t', 10)) expect((await t.post('/api/test-email', { email: to }, writer)).statusCode).toBe(200); // 99

    const before = smtp.received.length;
    const over = await t.post(
      '/api/email-report',
      { ...WEEK, emailAddresses: `a@outside.test; b@outside.test; ${emails.colleague}` },
      admin,
    );
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: capMessage(1) });
    // Mail to the business's own users does not count: with one place left, one outside and two inside go.
    const fits = await t.post(
      '/api/email-report',
      { ...WEEK, emailAddresses: `a@outside.test; ${emails.colleague}; ${emails.writer}` },
      admin,
    );
    expect(fits.statusCode, fits.body).toBe(200); // 100
    const full = await t.post('/api/test-email', { email: 'late-test@outside.test' }, admin);
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toBe(capMessage(0));
    expect((await t.post('/api/test-email', { email: emails.colleague }, admin)).statusCode).toBe(200);
    await t.mailer.settled();
    expect(smtp.received.length).toBe(before + 2);
    expect(received('b@outside.test')).toBe(0);
    expect(received('late-test@outside.test')).toBe(0);

    // Saved under the caps, the 09:00 digests meet a spent budget when sent: the outside addresses are left out and logged.
    at('2030-06-03T09:00:30Z');
    expect(await run()).toEqual({ sent: 1, skipped: 1 });
    expect(received('late@outside.test')).toBe(0);
    expect(received('only@outside.test')).toBe(0);
    expect(received(emails.colleague)).toBe(4); // the 07:00 digest, the report, the test mail and the 09:00 digest
    expect(logged.filter((l) => l.startsWith('digest recipients left out by the mail caps'))).toHaveLength(2);
    expect(logged.find((l) => l.includes('slot skipped'))).toContain("0 left of the site's 100 a day");

    // 24 hours after the 07:00:30 mails the budget is free again.
    at('2030-06-04T07:00:31Z');
    admin = await t.login(emails.admin, PASSWORD);
    expect((await t.post('/api/test-email', { email: 'next-day@outside.test' }, admin)).statusCode).toBe(200);
  });

  it('lets one of two requests racing for the last place through, whichever instance queued the rest', async () => {
    at('2030-06-10T12:00:00Z');
    // 99 outside addresses mailed a minute ago by another instance sharing the database.
    await t.db.insert(mailOutbox).values({
      to: 'many',
      subject: 's',
      text: 't',
      html: 'h',
      status: 'sent',
      siteId,
      outsideRecipients: 99,
      createdAt: new Date('2030-06-10T11:59:00Z'),
    });
    const [admin, writer] = await Promise.all([t.login(emails.admin, PASSWORD), t.login(emails.writer, PASSWORD)]);
    const answers = await Promise.all([
      t.post('/api/test-email', { email: 'race-a@outside.test' }, admin),
      t.post('/api/test-email', { email: 'race-b@outside.test' }, writer),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    await t.mailer.settled();
    expect(received('race-a@outside.test') + received('race-b@outside.test')).toBe(1);
  });
});
