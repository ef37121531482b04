import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { mailOutbox, rateLimits, sites, siteUsers } from '../../src/server/db/schema';
import { FORGOT_PASSWORD_ANSWER } from '../../src/shared/contracts/accounts';
import { createBusiness, createSite, createUser } from '../factories';
import { APP_URL, createClock, startTestApp, type TestApp } from './harness';
import { startSmtp, type ReceivedMail } from './smtp';

/** Forgot password → e-mail → reset, against a real SMTP server on a free loopback port. */

const MINUTE = 60 * 1000;

const base = new Date();
const clock = createClock(base);
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let demoId: number;
let addressCounter = 1;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ now: clock.now, smtpUrl: smtp.url });
  [{ id: demoId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo'));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
afterEach(() => clock.set(base));

const forgot = (email: string, remoteAddress = `10.20.0.${addressCounter++}`) =>
  t.request('POST', '/auth/forgot-password', { body: { email }, remoteAddress });
const reset = (token: string, newPassword: string) => t.post('/auth/reset-password', { token, newPassword });
const loginStatus = async (email: string, password: string, siteIdentifier?: string) =>
  (await t.post('/api/auth/login', { email, password, siteIdentifier })).statusCode;

/**
 * The mails received for `to`, at least `n` of them. Reset mails are sent after the answer; waiting for the
 * mailer's sends in flight to settle means every mail that will arrive has arrived.
 */
async function mailsTo(to: string, n = 1): Promise<ReceivedMail[]> {
  await t.mailer.settled();
  const list = smtp.received.filter((m) => m.to === to);
  if (list.length < n) throw new Error(`expected ${n} mail(s) to ${to}, got ${list.length}`);
  return list;
}

const tokenOf = (mail: ReceivedMail) => {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
};

describe('forgot password → e-mail → reset', () => {
  it('mails a one-hour link (text and HTML), resets the password, ends old sessions, refuses the old password', async () => {
    const email = 'forgetful@demo.example';
    await createUser(t.db, demoId, { email, username: 'forgetful', password: 'old-password' });
    const oldSession = await t.login(email, 'old-password');
    expect((await t.get('/api/auth/me', oldSession)).statusCode).toBe(200);

    const res = await forgot('  Forgetful@Demo.Example ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(FORGOT_PASSWORD_ANSWER).toMatch(/if an account exists/i);
    expect(FORGOT_PASSWORD_ANSWER).toMatch(/expires in 1 hour/);

    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe('Reset your Hoursight password');
    const token = tokenOf(mail);
    const link = `${APP_URL}/reset-password?token=${token}`;
    expect(mail.text).toContain(link);
    expect(mail.text).toMatch(/expires in 1 hour/);
    expect(mail.text).toContain('Demo (site identifier: demo)');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toMatch(/expires in 1 hour/);
    expect(mail.html).toContain('Hello forgetful,');

    // Stored only as a hash, expiring an hour from now.
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, email));
    expect(row.resetToken).toBe(hashToken(token));
    expect(row.resetToken).not.toContain(token);
    expect(row.resetTokenExpires?.getTime()).toBe(base.getTime() + 60 * MINUTE);

    const done = await reset(token, 'brand-new-pass');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/password has been reset/i);

    expect((await t.get('/api/auth/me', oldSession)).statusCode).toBe(401);
    expect(await loginStatus(email, 'old-password')).toBe(401);
    expect(await loginStatus(email, 'brand-new-pass')).toBe(200);
    const [after] = await t.db.select().from(siteUsers).where(eq(siteUsers.email, email));
    expect(after.resetToken).toBeNull();
    expect(after.resetTokenExpires).toBeNull();
  });

  it('a token works once', async () => {
    const email = 'once@demo.example';
    await createUser(t.db, demoId, { email, password: 'old-password' });
    await forgot(email);
    const token = tokenOf((await mailsTo(email))[0]);
    expect((await reset(token, 'first-new-pass')).statusCode).toBe(200);
    const again = await reset(token, 'second-new-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invalid reset token' });
    expect(await loginStatus(email, 'first-new-pass')).toBe(200);
    expect(await loginStatus(email, 'second-new-pass')).toBe(401);
  });

  it('a token has expired 61 minutes later', async () => {
    const email = 'late@demo.example';
    await createUser(t.db, demoId, { email, password: 'old-password' });
    await forgot(email);
    const token = tokenOf((await mailsTo(email))[0]);
    clock.advance(61 * MINUTE);
    const res = await reset(token, 'too-late-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid reset token' });
    expect(await loginStatus(email, 'old-password')).toBe(200);
  });

  it('a token still works 59 minutes later', async () => {
    const email = 'prompt@demo.example';
    await createUser(t.db, demoId, { email, password: 'old-password' });
    await forgot(email);
    const token = tokenOf((await mailsTo(email))[0]);
    clock.advance(59 * MINUTE);
    expect((await reset(token, 'just-in-time')).statusCode).toBe(200);
  });

  it('a new request voids the older link', async () => {
    const email = 'twice@demo.example';
    await createUser(t.db, demoId, { email, password: 'old-password' });
    await forgot(email);
    const first = tokenOf((await mailsTo(email, 1))[0]);
    await forgot(email);
    const second = tokenOf((await mailsTo(email, 2))[1]);
    expect(second).not.toBe(first);
    expect((await reset(first, 'from-first-link')).statusCode).toBe(400);
    expect((await reset(second, 'from-second-link')).statusCode).toBe(200);
  });

  it.each([['wrong-token-value'], ['x'], [' ']])('refuses the token %j with 400 "Invalid reset token"', async (token) => {
    const res = await reset(token, 'whatever-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid reset token');
  });

  it('validates the new password and the e-mail with the spec’s messages', async () => {
    const short = await reset('some-token', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters');
    const missing = await t.post('/auth/reset-password', { newPassword: 'long-enough' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid reset token');
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const outboxBefore = (await t.db.select().from(mailOutbox)).length;
    const unknown = await forgot('nobody-at-all@demo.example');
    const known = await forgot('user@demo.example');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await mailsTo('user@demo.example');
    const outbox = await t.db.select().from(mailOutbox);
    expect(outbox.length).toBe(outboxBefore + 1);
    expect(outbox.some((m) => m.to === 'nobody-at-all@demo.example')).toBe(false);
  });

  it('sends nothing to a deactivated account, and its old token stops working', async () => {
    const email = 'gone@demo.example';
    const user = await createUser(t.db, demoId, { email, password: 'old-password' });
    await forgot(email);
    const token = tokenOf((await mailsTo(email))[0]);
    await t.db.update(siteUsers).set({ isActive: false }).where(eq(siteUsers.id, user.id));
    await forgot(email);
    await t.mailer.settled();
    expect(smtp.received.filter((m) => m.to === email)).toHaveLength(1);
    expect((await reset(token, 'sneaky-new-pass')).statusCode).toBe(400);
  });

  it('an e-mail with accounts in two sites gets one mail per account, each resetting its own account', async () => {
    const email = 'two-hats@multi.test';
    const business = await createBusiness(t.db, { name: 'Other Co' });
    const other = await createSite(t.db, business.id, { name: 'Other Site', subdomain: 'other-hats' });
    await createUser(t.db, demoId, { email, password: 'demo-password' });
    await createUser(t.db, other.id, { email, password: 'other-password' });
    await forgot(email);
    const mails = await mailsTo(email, 2);
    expect(mails).toHaveLength(2);
    const demoMail = mails.find((m) => m.text.includes('(site identifier: demo)'))!;
    const otherMail = mails.find((m) => m.text.includes('(site identifier: other-hats)'))!;
    expect(demoMail).toBeDefined();
    expect(otherMail).toBeDefined();
    expect((await reset(tokenOf(otherMail), 'other-new-pass')).statusCode).toBe(200);
    expect(await loginStatus(email, 'other-new-pass', 'other-hats')).toBe(200);
    expect(await loginStatus(email, 'demo-password', 'demo')).toBe(200);
    expect(await loginStatus(email, 'other-password', 'other-hats')).toBe(401);
  });

  it('escapes user text in the HTML part', async () => {
    const email = 'html@demo.example';
    await createUser(t.db, demoId, { email, username: '<b>bold</b>&co', password: 'old-password' });
    await forgot(email);
    const [mail] = await mailsTo(email);
    expect(mail.html).toContain('Hello &lt;b&gt;bold&lt;/b&gt;&amp;co,');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.text).toContain('Hello <b>bold</b>&co,');
  });

  it('a reset clears the failed sign-ins that locked the account', async () => {
    const email = 'locked@demo.example';
    await createUser(t.db, demoId, { email, password: 'old-password' });
    for (let i = 0; i < 5; i++) await loginStatus(email, `guess-${i}`);
    expect(await loginStatus(email, 'old-password')).toBe(429);
    await forgot(email);
    expect((await reset(tokenOf((await mailsTo(email))[0]), 'unlocked-pass')).statusCode).toBe(200);
    // No sign-in counter of the account is left: its keys carry the e-mail's SHA-256 (decision 071).
    const accountKey = createHash('sha256').update(email).digest('hex');
    expect(
      await t.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `login-%${accountKey}%`)),
    ).toEqual([]);
    expect(await loginStatus(email, 'unlocked-pass')).toBe(200);
  });

  it('limits mails per e-mail (5 an hour, same answer after) and requests per address (20 an hour, then 429)', async () => {
    const email = 'flooded@demo.example';
    await createUser(t.db, demoId, { email, password: 'old-password' });
    for (let i = 0; i < 7; i++) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    await mailsTo(email, 5);
    await t.mailer.settled();
    expect(smtp.received.filter((m) => m.to === email)).toHaveLength(5);

    const ip = '10.21.0.1';
    for (let i = 0; i < 20; i++) expect((await forgot(`nobody-${i}@demo.example`, ip)).statusCode).toBe(200);
    const limited = await forgot('nobody-else@demo.example', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many password reset requests/);
    clock.advance(61 * 60 * 1000);
    expect((await forgot('nobody-else@demo.example', ip)).statusCode).toBe(200);
  });
});
