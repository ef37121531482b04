import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayChanges, rateLimits } from '../../src/server/db/schema';
import {
  createBusiness,
  createEmployee,
  createException,
  createNote,
  createSite,
  createStarterReasons,
  createTeam,
  createUser,
  grantSite,
} from '../factories';
import { startTestApp, type TestApp } from './harness';
import { startSmtp } from './smtp';

/*
 * Week of Monday 4 March 2030 on two sites of one business, plus a granted-elsewhere site and another
 * business that must never show up. Expected figures are worked out by hand:
 *  Site A: Ana Müller 7.6 h Mon–Fri at 100 %; Γιώργος 8 h Mon–Fri at 50 % (base 4.0).
 *   - Ana, Annual Leave, full day, Mon 4 – Wed 6: 3 days, 3 × 7.6 = 22.8 h away.
 *   - Ana, Annual Leave, 2 h on Thu 7: a part day counts as its hours and its share of the day: 2.0 h away,
 *     2 / 7.6 = 0.263 of a day.
 *   - Γιώργος, Sick Leave, full day, Fri 1 – Tue 5: in range Mon 4 – Tue 5: 2 days of his 8 contract hours,
 *     16.0 h away (decision 108: hours away are the contract hours an absence covers; his 50 % efficiency
 *     scales only the hours available).
 *   Site A totals: 3 exceptions, 3 + 0.263 + 2 = 5.3 days, 22.8 + 2 + 16 = 40.8 h away.
 *  "Today" is Tuesday 5 March, so that day's unauthorised change awaits authorisation.
 *   Hours: default 11.6 per weekday, 58.0 for the week; available Mon 0.0, Tue 0.0, Wed 4.0, Thu 9.6, Fri 11.6 = 25.2.
 *  Site B: Дмитрий Иванов 7.6 h; Overtime 2 h on Tue 5 (+2.0 extra).
 */
const NOW = new Date('2030-03-05T09:00:00Z');
const WEEK = { startDate: '2030-03-04', endDate: '2030-03-10' };
const XSS = '<img src=x onerror=alert(1)>';
const PASSWORD = 'reports-pass';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let viewer: string;
let writer: string;
let writerId: number;
let teamEmails: { admin: string; writer: string };
const names = { siteA: '', siteB: '' };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ now: () => NOW, smtpUrl: smtp.url });
  const team = await createTeam(t.db, PASSWORD);
  const reason = Object.fromEntries(team.reasons.map((r) => [r.name, r.id]));
  const siteA = team.site.id;
  names.siteA = team.site.name;
  const siteB = await createSite(t.db, team.business.id, { name: 'North Σ Сайт' });
  names.siteB = siteB.name;
  const siteHidden = await createSite(t.db, team.business.id, { name: 'Not granted' });
  await grantSite(t.db, team.admin.id, siteB.id);
  await grantSite(t.db, team.viewer.id, siteB.id);

  const ana = await createEmployee(t.db, siteA, { name: 'Ana Müller', sortOrder: 1 });
  const giorgos = await createEmployee(t.db, siteA, {
    name: 'Γιώργος Παπαδόπουλος',
    sortOrder: 2,
    efficiency: 50,
    mondayHours: 8,
    tuesdayHours: 8,
    wednesdayHours: 8,
    thursdayHours: 8,
    fridayHours: 8,
  });
  const dmitri = await createEmployee(t.db, siteB.id, { name: 'Дмитрий Иванов' });
  const xss = await createEmployee(t.db, siteA, {
    name: `Eve ${XSS}`,
    sortOrder: 3,
    mondayHours: 0,
    tuesdayHours: 0,
    wednesdayHours: 0,
    thursdayHours: 0,
    fridayHours: 0,
  });
  const hidden = await createEmployee(t.db, siteHidden.id, { name: 'Hidden Person' });

  await createException(t.db, {
    siteId: siteA,
    employeeId: ana.id,
    reasonId: reason['Annual Leave'],
    startDate: '2030-03-04',
    endDate: '2030-03-06',
    notes: 'Beach trip',
  });
  await createException(t.db, {
    siteId: siteA,
    employeeId: ana.id,
    reasonId: reason['Annual Leave'],
    startDate: '2030-03-07',
    isFullDay: false,
    hours: 2,
  });
  await createException(t.db, {
    siteId: siteA,
    employeeId: giorgos.id,
    reasonId: reason['Sick Leave'],
    startDate: '2030-03-01',
    endDate: '2030-03-05',
  });
  // Eve works 0 hours: her Training shows as an exception and adds nothing to the totals.
  await createException(t.db, { siteId: siteA, employeeId: xss.id, reasonId: reason['Training'], startDate: '2030-03-20', notes: XSS });
  await createException(t.db, {
    siteId: siteB.id,
    employeeId: dmitri.id,
    reasonId: reason['Overtime'],
    startDate: '2030-03-05',
    isFullDay: false,
    hours: 2,
  });
  await createException(t.db, { siteId: siteHidden.id, employeeId: hidden.id, reasonId: reason['Annual Leave'], startDate: '2030-03-05' });
  await createNote(t.db, { siteId: siteA, title: `Stocktake ${XSS}`, description: 'Everyone in', startDate: '2030-03-06' });

  const other = await createBusiness(t.db, { name: 'Other Business' });
  const otherSite = await createSite(t.db, other.id);
  const otherReasons = await createStarterReasons(t.db, other.id);
  const stranger = await createEmployee(t.db, otherSite.id, { name: 'Other Business Person' });
  await createException(t.db, { siteId: otherSite.id, employeeId: stranger.id, reasonId: otherReasons[0].id, startDate: '2030-03-05' });

  await t.db.insert(dayChanges).values([
    {
      siteId: siteA,
      date: '2030-03-07',
      defaultHours: 11.6,
      currentHours: 9.6,
      authorisedHours: 9.6,
      isAuthorised: true,
      authorisedBy: team.admin.id,
      authorisedAt: new Date('2030-03-08T10:30:00Z'),
    },
    { siteId: siteA, date: '2030-03-05', defaultHours: 11.6, currentHours: 0, isAuthorised: false },
  ]);

  admin = await t.login(team.admin.email, PASSWORD);
  writer = await t.login(team.writer.email, PASSWORD);
  writerId = team.writer.id;
  teamEmails = { admin: team.admin.email, writer: team.writer.email };
  viewer = await t.login(team.viewer.email, PASSWORD);
  // A user of the other business, to prove it is unaffected either way.
  await createUser(t.db, otherSite.id, { password: PASSWORD });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const pdfText = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hs-report-'));
  const file = path.join(dir, 'r.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('GET /api/reports/count', () => {
  it('counts exceptions overlapping the range in the current site, and in every permitted site', async () => {
    const q = `startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`;
    const current = await t.get(`/api/reports/count?${q}`, admin);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ count: 3, sitesIncluded: [names.siteA], siteCount: 2 });
    const all = await t.get(`/api/reports/count?${q}&siteScope=all`, admin);
    expect(all.json()).toEqual({ count: 4, sitesIncluded: [names.siteA, names.siteB], siteCount: 2 });
  });

  it('gives a user without grants only the home site, and answers 401 signed out', async () => {
    const res = await t.get(`/api/reports/count?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}&siteScope=all`, writer);
    expect(res.json()).toEqual({ count: 3, sitesIncluded: [names.siteA], siteCount: 1 });
    expect((await t.get(`/api/reports/count?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`)).statusCode).toBe(401);
  });
});

describe('POST /api/report-preview', () => {
  it('previews the exceptions report of the current site with hand-worked totals', async () => {
    const res = await t.post('/api/report-preview', { ...WEEK, reportType: 'exceptions', siteScope: 'current' }, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalExceptions: 3, sitesIncluded: [names.siteA], dateRange: WEEK });
    expect(body.content).toContain('Ana Müller');
    expect(body.content).toContain('Γιώργος Παπαδόπουλος');
    expect(body.content).toContain('<strong>3</strong> exceptions · <strong>5.3</strong> days away · <strong>40.8</strong> hours away');
    expect(body.content).toContain('Total for Ana Müller: 2 exceptions, 3.3 days away, 24.8 hours away');
    expect(body.content).not.toContain('Дмитрий');
  });

  it('takes both scope spellings and never includes a site the user may not use', async () => {
    for (const scope of [{ siteScope: 'all' }, { includeAllSites: true }]) {
      const res = await t.post('/api/report-preview', { ...WEEK, reportType: 'exceptions', ...scope }, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.sitesIncluded).toEqual([names.siteA, names.siteB]);
      expect(body.totalExceptions).toBe(4);
      expect(body.content).toContain('Дмитрий Иванов');
      expect(body.content).not.toContain('Hidden Person');
      expect(body.content).not.toContain('Other Business Person');
    }
  });

  it('accepts ISO timestamps as the spec’s preview call sends them', async () => {
    const res = await t.post(
      '/api/report-preview',
      { startDate: '2030-03-04T00:00:00.000Z', endDate: '2030-03-10T23:59:59.999Z', reportType: 'exceptions' },
      admin,
    );
    expect(res.json().dateRange).toEqual(WEEK);
  });

  it('escapes a script in an employee name, an exception note and a note title', async () => {
    const res = await t.post(
      '/api/report-preview',
      { startDate: '2030-03-01', endDate: '2030-03-31', reportType: 'exceptions', includeNotes: true },
      admin,
    );
    const html: string = res.json().content;
    expect(html).not.toContain(XSS);
    expect(html).toContain('Eve &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Stocktake &lt;img src=x onerror=alert(1)&gt;');
    expect(html.match(/&lt;img src=x onerror=alert\(1\)&gt;/g)).toHaveLength(4); // heading, total line, note cell, notes section
  });

  it('previews the available-hours report with the engine’s figures and authorisation', async () => {
    const res = await t.post('/api/report-preview', { ...WEEK, reportType: 'hours' }, viewer);
    expect(res.statusCode).toBe(200);
    const html: string = res.json().content;
    expect(res.json().totalExceptions).toBe(3);
    expect(html).toContain('<strong>25.2</strong> available hours of <strong>58.0</strong> default (-32.8)');
    expect(html).toMatch(
      /2030-03-07 Thu<\/td><td[^>]*>Working day<\/td><td[^>]*>9.6<\/td><td[^>]*>11.6<\/td><td[^>]*>-2.0<\/td><td[^>]*>Authorised by \S+ 2030-03-08 10:30 UTC/,
    );
    expect(html).toMatch(
      /2030-03-05 Tue<\/td><td[^>]*>Working day<\/td><td[^>]*>0.0<\/td><td[^>]*>11.6<\/td><td[^>]*>-11.6<\/td><td[^>]*>Awaiting authorisation/,
    );
    expect(html).toMatch(/2030-03-09 Sat<\/td><td[^>]*>Weekend<\/td><td[^>]*>0.0/);
  });

  it('gives weekly totals in the summary format', async () => {
    const res = await t.post(
      '/api/report-preview',
      { startDate: '2030-03-04', endDate: '2030-03-12', reportType: 'available-hours', format: 'summary' },
      admin,
    );
    const html: string = res.json().content;
    expect(html).toMatch(/2030-03-04 – 2030-03-10<\/td><td[^>]*>25.2<\/td><td[^>]*>58.0<\/td><td[^>]*>-32.8<\/td><td[^>]*>1</);
    expect(html).toMatch(/2030-03-11 – 2030-03-12<\/td><td[^>]*>23.2<\/td><td[^>]*>23.2<\/td><td[^>]*>0.0<\/td><td[^>]*>0</);
  });

  it.each([
    [{ startDate: '2030-03-10', endDate: '2030-03-04' }, 'End date must be on or after the start date'],
    [{ startDate: '2030-01-01', endDate: '2031-01-02' }, 'A report covers at most 366 days'],
    [{ startDate: '2030-02-30', endDate: '2030-03-04' }, 'Date is not a real calendar day'],
    [{ startDate: '04/03/2030', endDate: '2030-03-04' }, 'Date must be in yyyy-MM-dd format'],
  ])('refuses a bad range %j with 400', async (range, message) => {
    const res = await t.post('/api/report-preview', { ...range, reportType: 'exceptions' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('allows exactly 366 days and refuses an unknown report type or scope', async () => {
    expect(
      (await t.post('/api/report-preview', { startDate: '2028-01-01', endDate: '2028-12-31', reportType: 'hours' }, admin)).statusCode,
    ).toBe(200);
    expect((await t.post('/api/report-preview', { ...WEEK, reportType: 'payroll' }, admin)).statusCode).toBe(400);
    expect((await t.post('/api/report-preview', { ...WEEK, reportType: 'hours', siteScope: 'everything' }, admin)).statusCode).toBe(400);
  });
});

describe('POST /api/generate-pdf', () => {
  it('answers a real PDF with the spec’s file name, names, dates and totals as text', async () => {
    const res = await t.post('/api/generate-pdf', { ...WEEK, reportType: 'exceptions', siteScope: 'all', includeNotes: true }, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="exceptions_hierarchical_report_2030-03-04_to_2030-03-10.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const s of [
      'Exception Report',
      'Date range: 2030-03-04 to 2030-03-10',
      'Ana Müller',
      'Γιώργος Παπαδόπουλος',
      'Дмитрий Иванов',
      'North Σ Сайт',
      'Notes',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toMatch(/4 exceptions · 5\.3 days away · 40\.8 hours away · 2\.0 extra hours/);
    expect(text).toMatch(/Annual Leave\s+2030-03-04 – 2030-03-06\s+Full day\s+3\s+-22\.8\s+Beach trip/);
    expect(text).toMatch(/Sick Leave\s+2030-03-01 – 2030-03-05\s+Full day\s+2\s+-16\.0/);
    expect(text).not.toContain('Hidden Person');
  });

  it('makes the available-hours PDF with the calendar’s totals', async () => {
    const res = await t.post('/api/generate-pdf', { ...WEEK, reportType: 'hours', siteScope: 'current' }, admin);
    expect(res.headers['content-disposition']).toContain('hours_hierarchical_report_2030-03-04_to_2030-03-10.pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Available Hours Report');
    expect(text).toMatch(/2030-03-07 Thu\s+Working day\s+9\.6\s+11\.6\s+-2\.0\s+Authorised by/);
    expect(text).toMatch(/Total\s+5 working days\s+25\.2\s+58\.0\s+-32\.8\s+1 awaiting authorisation/);
  });

  it('repeats the table header on every page of a long report', async () => {
    const res = await t.post(
      '/api/generate-pdf',
      { startDate: '2030-01-01', endDate: '2030-06-30', reportType: 'hours', siteScope: 'all' },
      admin,
    );
    const text = pdfText(res.rawPayload);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages.slice(0, -1)) expect(page).toMatch(/Date\s+Day\s+Available\s+Default\s+Difference\s+Authorisation/);
    expect(text).toContain(`${names.siteA} (continued)`);
    expect(text).toContain(`Page 2 of ${pages.length}`);
  });

  it('offers the spec’s htmlContent to a caller that accepts only JSON', async () => {
    const res = await t.request('POST', '/api/generate-pdf', {
      body: { ...WEEK, reportType: 'exceptions' },
      cookie: admin,
      headers: { accept: 'application/json' },
    });
    expect(res.json().htmlContent).toContain('Ana Müller');
  });
});

describe('POST /api/reports/csv', () => {
  it('downloads one row per exception as UTF-8 with a BOM', async () => {
    const res = await t.post('/api/reports/csv', { ...WEEK, reportType: 'exceptions', siteScope: 'all' }, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('exceptions_hierarchical_report_2030-03-04_to_2030-03-10.csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(
      'Site,Employee,Type,Start date,End date,Full day,Hours per day,Days away in range,Hours away in range,Extra hours in range,Notes',
    );
    expect(lines).toContain(`${names.siteA},Ana Müller,Annual Leave,2030-03-04,2030-03-06,yes,,3,22.8,0,Beach trip`);
    expect(lines).toContain(`${names.siteB},Дмитрий Иванов,Overtime,2030-03-05,2030-03-05,no,2,0,0,2,`);
  });

  it('downloads one row per site-day for the hours report', async () => {
    const res = await t.post('/api/reports/csv', { ...WEEK, reportType: 'hours' }, admin);
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines[4]).toMatch(new RegExp(`^${names.siteA},2030-03-07,Working day,9.6,11.6,-2,Authorised by `));
  });
});

describe('POST /api/email-report', () => {
  it('mails the report with an HTML body, a plain-text part and the PDF, once per address', async () => {
    const res = await t.post(
      '/api/email-report',
      {
        ...WEEK,
        reportType: 'exceptions',
        includeAllSites: false,
        includeNotes: true,
        emailAddresses: ' boss@example.test; Boss@Example.test;team@example.test; ',
      },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Report sent to 2 recipients', recipients: 2 });
    const mail = smtp.received.find((m) => m.to.includes('boss@example.test'))!;
    expect(mail.to).toBe('boss@example.test, team@example.test');
    expect(mail.subject).toBe('Exception Report: 4 – 10 Mar 2030');
    expect(mail.html).toContain('Ana Müller');
    expect(mail.html).toContain('Stocktake &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain(XSS);
    expect(mail.text).toContain('3 exceptions, 5.3 days away, 40.8 hours away');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe('exceptions_hierarchical_report_2030-03-04_to_2030-03-10.pdf');
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(pdfText(mail.attachments[0].content)).toContain('Γιώργος Παπαδόπουλος');
  });

  it('lets a read-only user mail a report only to users of the business (decision 064)', async () => {
    const before = smtp.received.length;
    const body = { ...WEEK, reportType: 'exceptions', emailAddresses: `${teamEmails.writer}; outsider@example.test` };
    const refused = await t.post('/api/email-report', body, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Read-only users can send e-mail only to users of this business.' });
    expect(smtp.received.length).toBe(before);
    const res = await t.post(
      '/api/email-report',
      { ...body, emailAddresses: `${teamEmails.writer}; ${teamEmails.admin.toUpperCase()}` },
      viewer,
    );
    expect(res.statusCode, res.body).toBe(200);
    // The transport lower-cases the domain part, so compare without case.
    expect(smtp.received.at(-1)!.to.toLowerCase()).toBe(`${teamEmails.writer}, ${teamEmails.admin}`);
  });

  it('mails the available-hours report under the e-mail call’s spelling', async () => {
    const res = await t.post(
      '/api/email-report',
      { ...WEEK, reportType: 'available-hours', includeAllSites: true, emailAddresses: 'hours@example.test' },
      admin,
    );
    expect(res.json().message).toBe('Report sent to 1 recipient');
    const mail = smtp.received.find((m) => m.to === 'hours@example.test')!;
    expect(mail.attachments[0].filename).toBe('hours_hierarchical_report_2030-03-04_to_2030-03-10.pdf');
    expect(mail.text).toContain('25.2 available, 58.0 default, 1 awaiting authorisation');
  });

  it.each([
    ['', 'Please enter at least one email address'],
    [' ; ; ', 'Please enter at least one email address'],
    ['boss@example.test; not-an-address', 'Not a valid email address: not-an-address'],
    [Array.from({ length: 21 }, (_, i) => `p${i}@example.test`).join(';'), 'At most 20 email addresses per report'],
  ])('refuses addresses %j with 400', async (emailAddresses, message) => {
    const before = smtp.received.length;
    const res = await t.post('/api/email-report', { ...WEEK, reportType: 'exceptions', emailAddresses }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(smtp.received.length).toBe(before);
  });

  it('rate-limits report e-mails per user', async () => {
    // 19 e-mails already sent this hour by the writer: the 20th goes, the 21st is refused.
    // The limiter's row as rate-limiter-flexible keeps it: 19 points in a window ending in an hour.
    await t.db.insert(rateLimits).values({ key: `report-email:${writerId}`, points: 19, expire: NOW.getTime() + 60 * 60 * 1000 });
    const body = { startDate: '2030-03-04', endDate: '2030-03-04', reportType: 'hours', emailAddresses: 'limit@example.test' };
    expect((await t.post('/api/email-report', body, writer)).statusCode).toBe(200);
    const refused = await t.post('/api/email-report', body, writer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many report e-mails. Please try again in an hour.');
    // Another user is not held back by it.
    expect((await t.post('/api/email-report', body, admin)).statusCode).toBe(200);
  });
});
