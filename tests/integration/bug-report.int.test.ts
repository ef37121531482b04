import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugReports, mailOutbox, sites, siteUsers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from './harness';

const SUBJECT_MISSING = 'Please provide a subject for your bug report.';
const DETAILS_MISSING = 'Please provide details about the bug you encountered.';
const SUPPORT = 'support@hoursight.test';

let t: TestApp;
let plain: TestApp;
let cookie: string;
let demoId: number;

beforeAll(async () => {
  // With a support address and no SMTP: reports are mailed into the outbox only.
  t = await startTestApp({ supportEmail: SUPPORT });
  cookie = await t.login('user@demo.example');
  [{ id: demoId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo'));
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

const reportCount = async (db: TestApp['db']) => (await db.select().from(bugReports)).length;

describe('POST /api/bug-report', () => {
  it.each([
    [{ details: 'Something broke' }, 'subject', SUBJECT_MISSING],
    [{ subject: '', details: 'Something broke' }, 'subject', SUBJECT_MISSING],
    [{ subject: '   ', details: 'Something broke' }, 'subject', SUBJECT_MISSING],
    [{ subject: 'Broken' }, 'details', DETAILS_MISSING],
    [{ subject: 'Broken', details: ' \n\t ' }, 'details', DETAILS_MISSING],
    [{ subject: 'x'.repeat(201), details: 'ok' }, 'subject', 'Subject must be 200 characters or fewer.'],
  ])('refuses %j with 400', async (body, path, message) => {
    const before = await reportCount(t.db);
    const res = await t.post('/api/bug-report', body, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(await reportCount(t.db)).toBe(before);
  });

  it('stores the report for the user and site, and mails support through the outbox, escaped', async () => {
    const subject = '<b>x</b>';
    const details = 'Line one & <script>alert("hi")</script>\nline two';
    const res = await t.post('/api/bug-report', { subject: `  ${subject}  `, details }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Bug report sent' });

    const [user] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'user@demo.example'));
    const [report] = await t.db.select().from(bugReports).orderBy(desc(bugReports.id)).limit(1);
    expect(report).toMatchObject({ siteId: demoId, userId: user.id, subject, details });

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, SUPPORT));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.status).toBe('logged'); // no SMTP: kept in the outbox, not attempted
    expect(mail.subject).toBe(`[Bug #${report.id}] ${subject}`);
    expect(mail.text).toContain(details);
    expect(mail.text).toContain('user@demo.example');
    // User text reaches the HTML part escaped, never as markup.
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Line one &amp; ');
    expect(mail.html).toContain('<br>line two');
  });

  it('lets a read-only user report a bug', async () => {
    const viewer = await t.login('viewer@demo.example');
    const res = await t.post('/api/bug-report', { subject: 'From the viewer', details: 'Read-only, still reporting' }, viewer);
    expect(res.statusCode).toBe(200);
    const [report] = await t.db.select().from(bugReports).orderBy(desc(bugReports.id)).limit(1);
    expect(report.subject).toBe('From the viewer');
  });

  it('without a support address stores the report and sends no mail', async () => {
    plain = await startTestApp();
    const other = await plain.login('user@demo.example');
    const res = await plain.post('/api/bug-report', { subject: 'No mail', details: 'Nobody to tell' }, other);
    expect(res.statusCode).toBe(200);
    expect(await reportCount(plain.db)).toBe(1);
    expect(await plain.db.select().from(mailOutbox)).toHaveLength(0);
  });
});
