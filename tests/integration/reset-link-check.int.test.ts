import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { employees, mailOutbox, sites, siteUsers } from '../../src/server/db/schema';
import { createEmployee, createUser } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';

/**
 * `GET /auth/reset-password/check` (decision 114): a reset or invitation link says whether it still works when
 * its page opens, not after the form is filled in. Used, replaced, expired and unknown tokens answer alike, and
 * the answer never says whether an address has an account.
 */

const HOUR = 60 * 60 * 1000;
const base = new Date();
const clock = createClock(base);
let t: TestApp;
let demoId: number;
let admin: string;
let address = 1;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  [{ id: demoId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo'));
  admin = await t.login('admin@demo.example');
});
afterAll(() => t?.close());
afterEach(() => clock.set(base));

const check = (token: string, remoteAddress = `10.61.0.${address++}`) =>
  t.request('GET', `/auth/reset-password/check?token=${encodeURIComponent(token)}`, { remoteAddress });
const works = async (token: string) => {
  const res = await check(token);
  expect(res.statusCode).toBe(200);
  return res.json().valid as boolean;
};

/** The token of the newest mail to `to`, from its link. */
async function tokenTo(to: string): Promise<string> {
  await t.mailer.settled();
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no link in the mail to ${to}`);
  return decodeURIComponent(match[1]);
}

const forgot = (email: string) => t.request('POST', '/auth/forgot-password', { body: { email }, remoteAddress: `10.62.0.${address++}` });

describe('GET /auth/reset-password/check', () => {
  it('a reset link works until it is used, and says so once it has been', async () => {
    const email = 'checker@demo.example';
    await createUser(t.db, demoId, { email, username: 'checker' });
    await forgot(email);
    const token = await tokenTo(email);
    expect(await works(token)).toBe(true);
    // Asking changes nothing: the link still sets a password afterwards.
    expect(await works(token)).toBe(true);
    expect((await t.post('/auth/reset-password', { token, newPassword: 'checked-new-pass' })).statusCode).toBe(200);
    expect(await works(token)).toBe(false);
  });

  it('a replaced link and an expired one no longer work; the newest does until it expires', async () => {
    const email = 'replaced@demo.example';
    await createUser(t.db, demoId, { email });
    await forgot(email);
    const first = await tokenTo(email);
    await forgot(email);
    const second = await tokenTo(email);
    expect(second).not.toBe(first);
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);
    clock.set(new Date(base.getTime() + HOUR + 1000));
    expect(await works(second)).toBe(false);
  });

  it('an unknown, empty or over-long token answers false or 400, never a hint about an address', async () => {
    expect(await works('not-a-token-anyone-was-sent')).toBe(false);
    expect(await works('')).toBe(false);
    const long = await check('x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toEqual(expect.any(String));
    // A deactivated account's token stops working.
    const email = 'gone@demo.example';
    await createUser(t.db, demoId, { email });
    await forgot(email);
    const token = await tokenTo(email);
    await t.db.update(siteUsers).set({ isActive: false }).where(eq(siteUsers.email, email));
    expect(await works(token)).toBe(false);
  });

  it('an invitation link works once, then says it was used', async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Cora Checked' });
    expect((await t.post(`/api/employees/${person.id}/invite`, { email: 'cora@example.com' }, admin)).statusCode).toBe(200);
    const token = await tokenTo('cora@example.com');
    expect(await works(token)).toBe(true);
    expect((await t.post('/auth/reset-password', { token, newPassword: 'cora-own-password' })).statusCode).toBe(200);
    expect(await works(token)).toBe(false);
  });

  it('limits one address to 60 checks an hour, then answers 429 with a message', async () => {
    const from = '10.63.0.1';
    for (let i = 0; i < 60; i++) expect((await check('some-token', from)).statusCode).toBe(200);
    const refused = await check('some-token', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many links opened from this address. Please try again later.' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await check('some-token', '10.63.0.2')).statusCode).toBe(200);
  });
});

describe('reset mails greet the person by name', () => {
  it('names the linked employee, and the user name when there is none', async () => {
    const person = await createEmployee(t.db, demoId, { name: 'Rhea Reset' });
    const user = await createUser(t.db, demoId, { email: 'rhea@demo.example', username: 'rhea.r' });
    await t.db.update(employees).set({ userId: user.id }).where(eq(employees.id, person.id));
    await forgot('rhea@demo.example');
    await createUser(t.db, demoId, { email: 'plain@demo.example', username: 'plainuser' });
    await forgot('plain@demo.example');
    await t.mailer.settled();
    const [named] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rhea@demo.example'));
    expect(named.text).toContain('Hello Rhea Reset,');
    expect(named.text).not.toContain('rhea.r');
    const [plain] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'plain@demo.example'));
    expect(plain.text).toContain('Hello plainuser,');
  });
});
