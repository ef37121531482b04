import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptions, leaveRequests, mailOutbox, sites } from '../../src/server/db/schema';
import { APP_URL, createClock, startTestApp, type TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * The Approve and Decline buttons of an approver's mail (decision 092). Clock: Wednesday 13 March 2030; Ann (8 h)
 * and Bob (6 h) give 14 h on a weekday. Both admins approve (none named).
 */
const START = new Date('2030-03-13T10:00:00Z');
const clock = createClock(START);
let t: TestApp;
let s: Awaited<ReturnType<typeof leaveSite>>;
let staff: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  s = await leaveSite(t.db);
  staff = await t.login(s.annUser.email, PASSWORD);
  admin = await t.login(s.admin.email, PASSWORD);
});
afterAll(() => t?.close());

/** Asks for a day off as Ann and answers the request id and each admin's two links, read from their mails. */
async function ask(date: string) {
  const res = await t.post('/api/leave-requests', { reasonId: s.annual.id, startDate: date, endDate: date }, staff);
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  const links = async (to: string) => {
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.subject).toMatch(/^Ann asks for (Mon|Tue|Wed|Thu|Fri) \d\d Mar \(1 day\)$/);
    const url = (word: string) =>
      new RegExp(`${word}: (${APP_URL}/api/leave-decision\\?token=\\S+)`).exec(mail.text)![1].slice(APP_URL.length);
    return { approve: url('Approve'), decline: url('Decline') };
  };
  return { id, admin: await links(s.admin.email), admin2: await links(s.admin2.email) };
}

const status = async (id: number) => (await t.db.select().from(leaveRequests).where(eq(leaveRequests.id, id)))[0];
const post = (url: string, form = '') =>
  t.request('POST', url, { body: form, headers: { origin: APP_URL, 'content-type': 'application/x-www-form-urlencoded' } });

describe('decision links', () => {
  it('GET shows the request and a form and changes nothing; the POST approves as the link’s approver', async () => {
    const r = await ask('2030-03-18');
    const page = await t.get(r.admin.approve);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Approve this request?');
    expect(page.body).toContain('<strong>Ann</strong> asks for time off: Annual Leave, Mon 18 Mar 2030 (1 day, 8.0 h).');
    // The day's hours now and if approved (Ann's 8 h off the 14 h), and who else is away.
    expect(page.body).toMatch(/>Mon 18 Mar<\/th><td[^>]*>14\.0 → 6\.0<\/td><td[^>]*>Nobody<\/td>/);
    expect(page.body).toContain('<form method="post"');
    // A browser posts this page's form with its real Origin only under a referrer policy other than no-referrer.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect((await t.get('/api/health')).headers['referrer-policy']).toBe('no-referrer');
    await t.get(r.admin.approve);
    expect(await status(r.id)).toMatchObject({ status: 'pending', version: 1 });

    const done = await post(r.admin.approve, 'comment=See+you+Tuesday');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Request approved');
    const row = await status(r.id);
    expect(row).toMatchObject({ status: 'approved', version: 2 });
    expect(await t.db.select().from(exceptions).where(eq(exceptions.id, row.exceptionId!))).toHaveLength(1);
    // The site's hours on each day are the approvers' to read (decision 113).
    const view = (await t.get(`/api/leave-requests/${r.id}`, admin)).json();
    expect(view.history[1]).toMatchObject({
      action: 'approved',
      actorName: s.admin.username,
      comment: 'See you Tuesday',
      days: [{ date: '2030-03-18', before: 14, after: 6 }],
    });
    const [toAnn] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.annUser.email));
    expect(toAnn.subject).toBe('Your time off Mon 18 Mar (1 day) was approved');
    // The admin has no linked employee, so the mail names them by their user name, as the users list does.
    expect(toAnn.text).toContain(`${s.admin.username} approved your time off: Annual Leave, Mon 18 Mar 2030 (1 day, 8.0 h).`);

    // Used: refused, on GET and POST alike.
    for (const res of [await t.get(r.admin.approve), await post(r.admin.approve)]) {
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('This link has already been used.');
    }
    // The other admin's links died with the change.
    for (const res of [await t.get(r.admin2.approve), await post(r.admin2.decline, 'comment=No')]) {
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('This request changed since the link was sent. Open Hoursight to see it.');
    }
  });

  it('refuses a forged link and an expired one', async () => {
    const r = await ask('2030-03-19');
    const token = r.admin.approve.split('token=')[1];
    const forged = [
      r.admin.approve.replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A')),
      // Another approver's id under this MAC, then the action swapped.
      r.admin.approve.replace(`.${s.admin.id}.`, `.${s.admin2.id}.`),
      r.admin.approve.replace('.approve.', '.decline.'),
      `/api/leave-decision?token=${token.slice(0, -3)}`,
    ];
    for (const url of forged) {
      for (const res of [await t.get(url), await post(url)]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('This link is not valid or has expired.');
      }
    }
    clock.set(new Date(START.getTime() + 8 * 24 * 3600 * 1000));
    try {
      for (const res of [await t.get(r.admin.approve), await post(r.admin.approve)]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('This link is not valid or has expired.');
      }
    } finally {
      clock.set(START);
    }
    expect(await status(r.id)).toMatchObject({ status: 'pending', version: 1 });
    await t.post(`/api/leave-requests/${r.id}/cancel`, {}, staff);
  });

  it('Decline asks for the comment, then declines; a request changed since the mail refuses the link', async () => {
    const r = await ask('2030-03-20');
    const page = await t.get(r.admin.decline);
    expect(page.body).toContain('Decline this request?');
    expect(page.body).toContain('Comment (required)');
    const empty = await post(r.admin.decline, 'comment=+');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('A comment is required when declining');
    expect(await status(r.id)).toMatchObject({ status: 'pending', version: 1 });
    const done = await post(r.admin.decline, 'comment=Audit+week');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Request declined');
    expect(await status(r.id)).toMatchObject({ status: 'declined' });

    const cancelled = await ask('2030-03-21');
    await t.post(`/api/leave-requests/${cancelled.id}/cancel`, {}, staff);
    const res = await post(cancelled.admin.approve);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('This request changed since the link was sent.');
  });

  it('a site whose trial has ended refuses the decision (402) and keeps the link', async () => {
    const r = await ask('2030-03-26');
    const [site] = await t.db.select().from(sites).where(eq(sites.id, s.siteId));
    await t.db
      .update(sites)
      .set({ subscriptionStatus: 'trial', trialEndsAt: new Date(START.getTime() - 60_000) })
      .where(eq(sites.id, s.siteId));
    try {
      const res = await post(r.admin.approve);
      expect(res.statusCode).toBe(402);
      expect(res.body).toContain('Trial period has expired.');
    } finally {
      await t.db
        .update(sites)
        .set({ subscriptionStatus: site.subscriptionStatus, trialEndsAt: site.trialEndsAt })
        .where(eq(sites.id, s.siteId));
    }
    expect((await post(r.admin.approve)).statusCode).toBe(200);
  });

  it('a cancellation asked for mails the approvers new links that decide it', async () => {
    const r = await ask('2030-03-27');
    expect((await post(r.admin.approve)).statusCode).toBe(200);
    expect((await t.post(`/api/leave-requests/${r.id}/cancel`, {}, staff)).json().cancellationPending).toBe(true);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.admin2.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.subject).toBe('Ann asks to cancel Wed 27 Mar (1 day)');
    const approve = /Approve: (\S+)/.exec(mail.text)![1].slice(APP_URL.length);
    expect((await t.get(approve)).body).toContain('asks to cancel approved time off');
    const done = await post(approve);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Cancellation approved');
    expect(await status(r.id)).toMatchObject({ status: 'cancelled', exceptionId: null });
  });

  it('a link works only for an approver still: one no longer named is refused', async () => {
    const r = await ask('2030-03-25');
    expect((await t.put('/api/leave-approvers', { userIds: [s.admin.id] }, admin)).statusCode).toBe(200);
    try {
      const res = await post(r.admin2.approve);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Only the approvers of this site can decide requests');
      expect(await status(r.id)).toMatchObject({ status: 'pending' });
    } finally {
      await t.put('/api/leave-approvers', { userIds: [] }, admin);
    }
  });
});
