import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, mailOutbox } from '../../src/server/db/schema';
import { createEmployee } from '../factories';
import { APP_URL, startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * The words of the time-off mails (decision 114), whole, as a person reads them: names (the employee's, never a
 * sign-in), dates ("Mon 18 – Tue 19 Mar 2030"), working days and hours ("2 days, 16.0 h"). Every expected text is
 * written out by hand. Pinned clock: Wednesday 13 March 2030, so a subject leaves out 2030 and says 2031.
 * Ann works 8 h Monday to Friday; the first admin is linked to the employee Dana Decider, the second to no one.
 */
const NOW = new Date('2030-03-13T10:00:00Z');

let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  s = await leaveSite(t.db);
  // Dana works no hours, so the site's weekday stays Ann's 8 and Bob's 6.
  const none = { mondayHours: 0, tuesdayHours: 0, wednesdayHours: 0, thursdayHours: 0, fridayHours: 0, saturdayHours: 0, sundayHours: 0 };
  const dana = await createEmployee(t.db, s.siteId, { name: 'Dana Decider', ...none });
  await t.db.update(employees).set({ userId: s.admin.id }).where(eq(employees.id, dana.id));
  staff = await t.login(s.annUser.email, PASSWORD);
  admin = await t.login(s.admin.email, PASSWORD);
});
afterAll(() => t?.close());

/** The mails to `to` since `after`, oldest first, with each signed link replaced by "<link>". */
async function mailsTo(to: string, after = 0) {
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
  return rows
    .filter((m) => m.id > after)
    .map((m) => ({
      id: m.id,
      subject: m.subject,
      text: m.text.replace(/\/api\/leave-decision\?token=\S+/g, '/api/leave-decision?token=<link>'),
    }));
}
const lastId = async () => (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).reduce((a, r) => Math.max(a, r.id), 0);
const ask = async (values: Record<string, unknown>) => {
  const res = await t.post('/api/leave-requests', { reasonId: s.annual.id, ...values }, staff);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

const approverFooter = [
  '',
  `Approve: ${APP_URL}/api/leave-decision?token=<link>`,
  `Decline: ${APP_URL}/api/leave-decision?token=<link>`,
  '',
  `Open Hoursight: ${APP_URL}/requests`,
  '',
  'The buttons work once, for 7 days, while the request is unchanged.',
  '',
];
const requesterFooter = ['', `Open Hoursight: ${APP_URL}/time-off`, ''];

describe('time-off mails, word for word', () => {
  let twoDays = 0;

  it('a new request: who asks, for which days, and what it takes', async () => {
    const before = await lastId();
    twoDays = await ask({ startDate: '2030-03-18', endDate: '2030-03-19', note: 'Family visit' });
    const [mail] = await mailsTo(s.admin.email, before);
    expect(mail.subject).toBe('Ann asks for Mon 18 – Tue 19 Mar (2 days)');
    expect(mail.text.split('\n')).toEqual([
      'Ann asks for time off: Annual Leave, Mon 18 – Tue 19 Mar 2030 (2 days, 16.0 h).',
      'Note: Family visit',
      ...approverFooter,
    ]);
    // The second approver gets the same words with links of their own.
    const [other] = await mailsTo(s.admin2.email, before);
    expect(other.subject).toBe(mail.subject);
  });

  it('part days across a weekend and a month count the working days only', async () => {
    const before = await lastId();
    await ask({ startDate: '2030-03-29', endDate: '2030-04-01', isFullDay: false, hours: 4 });
    const [mail] = await mailsTo(s.admin.email, before);
    expect(mail.subject).toBe('Ann asks for Fri 29 Mar – Mon 1 Apr (2 days)');
    expect(mail.text.split('\n')[0]).toBe('Ann asks for time off: Annual Leave, Fri 29 Mar – Mon 1 Apr 2030, 4.0 h a day (2 days, 8.0 h).');
  });

  it('a request into next year says both years, in the subject too', async () => {
    const before = await lastId();
    await ask({ startDate: '2030-12-30', endDate: '2031-01-02' });
    const [mail] = await mailsTo(s.admin.email, before);
    expect(mail.subject).toBe('Ann asks for Mon 30 Dec 2030 – Thu 2 Jan 2031 (4 days)');
    expect(mail.text.split('\n')[0]).toBe('Ann asks for time off: Annual Leave, Mon 30 Dec 2030 – Thu 2 Jan 2031 (4 days, 32.0 h).');
  });

  it('one day is that day', async () => {
    const before = await lastId();
    await ask({ startDate: '2030-03-22', endDate: '2030-03-22' });
    const [mail] = await mailsTo(s.admin.email, before);
    expect(mail.subject).toBe('Ann asks for Fri 22 Mar (1 day)');
    expect(mail.text.split('\n')[0]).toBe('Ann asks for time off: Annual Leave, Fri 22 Mar 2030 (1 day, 8.0 h).');
  });

  it('the decision reaches Ann, naming the approver by their employee name', async () => {
    const before = await lastId();
    expect((await t.post(`/api/leave-requests/${twoDays}/approve`, { comment: 'Enjoy' }, admin)).statusCode).toBe(200);
    const [mail] = await mailsTo(s.annUser.email, before);
    expect(mail.subject).toBe('Your time off Mon 18 – Tue 19 Mar (2 days) was approved');
    expect(mail.text.split('\n')).toEqual([
      'Dana Decider approved your time off: Annual Leave, Mon 18 – Tue 19 Mar 2030 (2 days, 16.0 h).',
      'Comment: Enjoy',
      ...requesterFooter,
    ]);
  });

  it('a cancellation asked for, and its outcome', async () => {
    let before = await lastId();
    expect((await t.post(`/api/leave-requests/${twoDays}/cancel`, {}, staff)).json().cancellationPending).toBe(true);
    const [ask2] = await mailsTo(s.admin.email, before);
    expect(ask2.subject).toBe('Ann asks to cancel Mon 18 – Tue 19 Mar (2 days)');
    expect(ask2.text.split('\n')).toEqual([
      'Ann asks to cancel approved time off: Annual Leave, Mon 18 – Tue 19 Mar 2030 (2 days, 16.0 h).',
      'Note: Family visit',
      ...approverFooter,
    ]);
    before = await lastId();
    expect((await t.post(`/api/leave-requests/${twoDays}/approve`, {}, admin)).statusCode).toBe(200);
    const [done] = await mailsTo(s.annUser.email, before);
    expect(done.subject).toBe('Your time off Mon 18 – Tue 19 Mar (2 days) is cancelled');
    expect(done.text.split('\n')).toEqual([
      'Dana Decider approved your cancellation, so this time off is cancelled: Annual Leave, Mon 18 – Tue 19 Mar 2030 (2 days, 16.0 h).',
      ...requesterFooter,
    ]);
  });

  it('a request that would leave the site short says so to its approvers, in words', async () => {
    const rule = { weekdays: { monday: 10, tuesday: 10, wednesday: 10, thursday: 10, friday: 10 }, validFrom: '2030-05-01' };
    expect((await t.put('/api/coverage-rules', rule, admin)).statusCode).toBe(200);
    const before = await lastId();
    // Ann's 8 h away leaves Bob's 6 h: 4.0 h under the minimum of 10.
    await ask({ startDate: '2030-05-06', endDate: '2030-05-06' });
    const [mail] = await mailsTo(s.admin.email, before);
    expect(mail.subject).toBe('Ann asks for Mon 6 May (1 day)');
    expect(mail.text.split('\n').slice(0, 2)).toEqual([
      'Ann asks for time off: Annual Leave, Mon 6 May 2030 (1 day, 8.0 h).',
      'Approving it leaves the site short: Mon 6 May drops to 6.0 h, 4.0 h under the minimum. Approve it in Hoursight, with a reason.',
    ]);
  });

  it('a decline by an approver with no employee names their user name, never their e-mail', async () => {
    const id = await ask({ startDate: '2030-04-08', endDate: '2030-04-08' });
    const before = await lastId();
    const admin2 = await t.login(s.admin2.email, PASSWORD);
    expect((await t.post(`/api/leave-requests/${id}/decline`, { comment: 'Stocktake week' }, admin2)).statusCode).toBe(200);
    const [mail] = await mailsTo(s.annUser.email, before);
    expect(mail.subject).toBe('Your time off Mon 8 Apr (1 day) was declined');
    expect(mail.text.split('\n')).toEqual([
      `${s.admin2.username} declined your time off: Annual Leave, Mon 8 Apr 2030 (1 day, 8.0 h).`,
      'Comment: Stocktake week',
      ...requesterFooter,
    ]);
    expect(mail.text).not.toContain(s.admin2.email);
  });
});
