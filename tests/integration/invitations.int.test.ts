import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { employees, mailOutbox, sites, siteUsers } from '../../src/server/db/schema';
import { createEmployee, createTenant, createUser } from '../factories';
import { APP_URL, createClock, startTestApp, type TestApp } from './harness';
import { startSmtp, type ReceivedMail } from './smtp';

/** Inviting an employee by e-mail (decision 091): a Staff user, a mail through SMTP, a 72-hour single-use link. */

const HOUR = 60 * 60 * 1000;
const base = new Date();
const clock = createClock(base);
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let demoId: number;
let northId: number;
let admin: string;
let addressCounter = 1;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ now: clock.now, smtpUrl: smtp.url });
  const rows = await t.db.select().from(sites);
  demoId = rows.find((s) => s.subdomain === 'demo')!.id;
  northId = rows.find((s) => s.subdomain === 'demo-north')!.id;
  admin = await t.login('admin@demo.example');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => clock.set(base));

const invite = (employeeId: number, email: string, cookie = admin) => t.post(`/api/employees/${employeeId}/invite`, { email }, cookie);
const setPassword = (token: string, newPassword: string) => t.post('/auth/reset-password', { token, newPassword });
const loginStatus = async (email: string, password: string) =>
  (await t.request('POST', '/api/auth/login', { body: { email, password }, remoteAddress: `10.40.0.${addressCounter++}` })).statusCode;

async function mailsTo(to: string): Promise<ReceivedMail[]> {
  await t.mailer.settled();
  return smtp.received.filter((m) => m.to === to);
}
const tokenOf = (mail: ReceivedMail) => {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)&invite=1/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
};

describe('POST /api/employees/:id/invite', () => {
  it('creates a linked Staff user with no usable password and mails a link that sets one, once', async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Ines Invited' });
    const res = await invite(person.id, '  Ines@Example.COM ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'ines@example.com',
      username: 'ines',
      isStaff: true,
      isReadOnly: true,
      isAdmin: false,
      invited: true,
      employee: { id: person.id, name: 'Ines Invited' },
    });
    const [link] = await t.db.select({ userId: employees.userId }).from(employees).where(eq(employees.id, person.id));
    expect(link.userId).toBe(res.json().id);

    const [mail] = await mailsTo('ines@example.com');
    expect(mail.subject).toBe('Set your Hoursight password');
    expect(mail.text).toContain('Hello Ines Invited,');
    // The inviter by name, never by sign-in (decision 114): the demo admin has no linked employee, so their user name.
    expect(mail.text).toContain('admin invited you to Hoursight for Demo (site identifier: demo)');
    expect(mail.text).toMatch(/expires in 72 hours and works once/);
    const token = tokenOf(mail);
    expect(mail.text).toContain(`${APP_URL}/reset-password?token=${token}&invite=1`);
    expect(mail.html).toContain(`href="${APP_URL}/reset-password?token=${token}&amp;invite=1"`);
    // Counted as one outside address against the site's day budget (decision 064).
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ines@example.com'));
    expect(row).toMatchObject({ siteId: demoId, outsideRecipients: 1 });

    // No password works before the link is used.
    expect(await loginStatus('ines@example.com', '!invited')).toBe(401);
    expect((await setPassword(token, 'ines-own-password')).statusCode).toBe(200);
    expect(await loginStatus('ines@example.com', 'ines-own-password')).toBe(200);
    const reused = await setPassword(token, 'another-password');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: 'Invalid reset token' });

    const list = (await t.get('/api/auth/site-users', admin)).json() as Array<{ email: string; invited: boolean }>;
    expect(list.find((u) => u.email === 'ines@example.com')?.invited).toBe(false);
    // Signed up: inviting again is refused, pointing at the way to a new password.
    const again = await invite(person.id, 'ines@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Ines Invited already signs in as ines@example.com. To send a new link, use "Forgot password" on the sign-in page.',
    );
  });

  it('the link has expired 72 hours later, and still works just before', async () => {
    const late = await createEmployee(t.db, demoId, { name: 'Lars Late' });
    await invite(late.id, 'lars@example.com');
    const lateToken = tokenOf((await mailsTo('lars@example.com'))[0]);
    clock.advance(72 * HOUR + 60_000);
    const res = await setPassword(lateToken, 'lars-own-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid reset token' });

    clock.set(base);
    const early = await createEmployee(t.db, demoId, { name: 'Erin Early' });
    await invite(early.id, 'erin@example.com');
    const earlyToken = tokenOf((await mailsTo('erin@example.com'))[0]);
    clock.advance(71 * HOUR);
    expect((await setPassword(earlyToken, 'erin-own-password')).statusCode).toBe(200);
  });

  it('inviting again sends a fresh link, may correct the address, and kills the old link', async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Rita Resent' });
    const first = await invite(person.id, 'rita-typo@example.com');
    const oldToken = tokenOf((await mailsTo('rita-typo@example.com'))[0]);
    const second = await invite(person.id, 'rita@example.com');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, email: 'rita@example.com', invited: true });
    const newToken = tokenOf((await mailsTo('rita@example.com'))[0]);
    expect(newToken).not.toBe(oldToken);
    expect((await setPassword(oldToken, 'rita-own-password')).statusCode).toBe(400);
    expect((await setPassword(newToken, 'rita-own-password')).statusCode).toBe(200);
    expect(await loginStatus('rita@example.com', 'rita-own-password')).toBe(200);
    expect(await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'rita-typo@example.com'))).toEqual([]);
  });

  it('an e-mail already used by a user of the site answers 409 and sends nothing', async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Una Used' });
    const before = (await mailsTo('user@demo.example')).length;
    const res = await invite(person.id, 'USER@demo.example');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'user@demo.example is already a user of this site. Link that user to the employee in User Management instead.',
    });
    expect((await mailsTo('user@demo.example')).length).toBe(before);
    const [link] = await t.db.select({ userId: employees.userId }).from(employees).where(eq(employees.id, person.id));
    expect(link.userId).toBeNull();
  });

  it('the same e-mail on another site of the business is a different account: that is allowed', async () => {
    await createUser(t.db, northId, { email: 'twosites@example.com' });
    const person = await createEmployee(t.db, demoId, { name: 'Theo Two' });
    expect((await invite(person.id, 'twosites@example.com')).statusCode).toBe(200);
  });

  it("another site's employee answers 404; non-admins 403; a bad address 400", async () => {
    const north = await createEmployee(t.db, northId, { name: 'Nora North' });
    const tenant = await createTenant(t.db);
    const foreign = await createEmployee(t.db, tenant.site.id, { name: 'Fritz Foreign' });
    for (const id of [north.id, foreign.id]) {
      const res = await invite(id, 'nobody@example.com');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Employee not found' });
    }
    const person = await createEmployee(t.db, demoId, { name: 'Walt Writer' });
    const writer = await t.login('user@demo.example');
    expect((await invite(person.id, 'walt@example.com', writer)).statusCode).toBe(403);
    const bad = await invite(person.id, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/valid email address/);
    expect(await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'nobody@example.com'))).toEqual([]);
  });

  it('past the day budget of outside mail the invitation is refused whole: no user, no link, no mail', async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Bea Budget' });
    // Fill the site's 24-hour budget (decision 064) with one kept row of 100 outside recipients.
    await t.db.insert(mailOutbox).values({
      to: 'bulk@example.com',
      subject: 'filler',
      text: 'filler',
      html: 'filler',
      status: 'sent',
      siteId: demoId,
      outsideRecipients: 100,
      createdAt: clock.now(),
      nextAttemptAt: clock.now(),
    });
    const res = await invite(person.id, 'bea@example.com');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/at most 100 addresses outside the business a day; 0 are left now/);
    expect(await t.db.select().from(siteUsers).where(eq(siteUsers.email, 'bea@example.com'))).toEqual([]);
    expect(await mailsTo('bea@example.com')).toEqual([]);
    await t.db.delete(mailOutbox).where(eq(mailOutbox.to, 'bulk@example.com'));
  });
});
