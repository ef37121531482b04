import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords';
import { hashToken } from '../../src/server/auth/tokens';
import { mailOutbox, sites, siteUsers, superAdmins } from '../../src/server/db/schema';
import { createSuperAdmin } from '../../src/server/modules/super-admin';
import { createEmployee, createUser } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { adminClient } from './super-admin-helpers';

/**
 * Decision 105: a password is normalised (NFKC, invisible characters and surrounding spaces removed) before
 * every check and before it is hashed, so it signs in however it was typed; a hash made of a password as
 * typed before that still signs in and is stored again as normalised. Every path that sets one refuses a
 * blank one, Hoursight, the business's name, the demo password and common passwords behind leet-speak.
 * Messages and passwords written by hand.
 */
const BLANK = 'Password must not be only spaces';
const GUESSABLE = 'Password must not be Hoursight, your business name or the demo password';
const COMMON = 'This password is one of the most common passwords. Please choose a less common one.';

let t: TestApp;
let portal: ReturnType<typeof adminClient>;
let superToken: string;
let adminCookie: string;
let demoId: number;
let addr = 1;

beforeAll(async () => {
  t = await startTestApp();
  portal = adminClient(t);
  superToken = await portal.login();
  adminCookie = await t.login('admin@demo.example');
  [{ id: demoId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo'));
});
afterAll(() => t?.close());

const answer = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { message: string }).message];
const signIn = (email: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, remoteAddress: `10.105.0.${addr++}` });
const register = (password: string, siteName = 'Kettle Works') =>
  t.request('POST', '/auth/register', {
    body: { siteName, siteSubdomain: `kettle-${addr}`, email: `owner${addr}@kettle.example`, password, confirmPassword: password },
    remoteAddress: `10.105.1.${addr++}`,
  });
const hashOf = async (email: string) => (await t.db.select().from(siteUsers).where(eq(siteUsers.email, email)))[0].passwordHash;

describe('every path that sets a password refuses the guessable ones', () => {
  const refused: Array<[string, string]> = [
    ['        ', BLANK],
    ['\u200B\u200B\u3000\u3000\u200B\u200B', BLANK],
    ['Hoursight', GUESSABLE],
    ['H0ursight2026!', GUESSABLE],
    ['hoursight-demo', GUESSABLE],
    ['Demo Business Ltd', GUESSABLE],
    ['P@ssw0rd', COMMON],
    ['  Dr@g0n!  ', COMMON],
  ];

  it('register (the business name is the form’s company name)', async () => {
    for (const [p, message] of refused.filter(([p]) => p !== 'Demo Business Ltd'))
      expect([p, ...answer(await register(p))]).toEqual([p, 400, message]);
    expect(answer(await register('kettle works', 'Kettle Works'))).toEqual([400, GUESSABLE]);
  });

  it('an admin creating a user, the reset link, and an invitation’s link', async () => {
    for (const [p, message] of refused) {
      const res = await t.post('/api/auth/create-user', { email: `new${addr++}@demo.example`, password: p }, adminCookie);
      expect([p, ...answer(res)]).toEqual([p, 400, message]);
    }
    const member = await createUser(t.db, demoId, { email: 'reset.105@demo.example', password: 'plain-pass-1' });
    for (const [p, message] of refused) {
      const token = `reset-105-${addr++}`;
      await t.db
        .update(siteUsers)
        .set({ resetToken: hashToken(token), resetTokenExpires: new Date(Date.now() + 60_000) })
        .where(eq(siteUsers.id, member.id));
      expect([p, ...answer(await t.post('/auth/reset-password', { token, newPassword: p }))]).toEqual([p, 400, message]);
    }
    const person = await createEmployee(t.db, demoId, { name: 'Ivy Invited' });
    expect((await t.post(`/api/employees/${person.id}/invite`, { email: 'ivy.105@demo.example' }, adminCookie)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ivy.105@demo.example')).orderBy(desc(mailOutbox.id));
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)&invite=1/.exec(mail.text)![1]);
    expect(answer(await t.post('/auth/reset-password', { token, newPassword: 'hoursight-demo' }))).toEqual([400, GUESSABLE]);
    expect(answer(await t.post('/auth/reset-password', { token, newPassword: '   \u200B   ' }))).toEqual([400, BLANK]);
    expect((await t.post('/auth/reset-password', { token, newPassword: ' ivy-lantern-12\u200B ' })).statusCode).toBe(200);
    expect((await signIn('ivy.105@demo.example', 'ivy-lantern-12')).statusCode).toBe(200);
  });

  it('the portal’s reset and edit of a site user, the super-admin change and npm run admin:create', async () => {
    const member = await createUser(t.db, demoId, { email: 'portal.105@demo.example', password: 'plain-pass-2' });
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, member.id));
    for (const [p, message] of refused) {
      expect([p, ...answer(await portal.post(`/api/admin/users/${member.id}/reset-password`, { newPassword: p }, superToken))]).toEqual([
        p,
        400,
        message,
      ]);
      const edit = { username: row.username, email: row.email, isAdmin: false, isActive: true, newPassword: p };
      expect([p, ...answer(await portal.patch(`/api/admin/users/${member.id}`, edit, superToken))]).toEqual([p, 400, message]);
    }
    for (const [p, message] of refused.filter(([p]) => p !== 'Demo Business Ltd')) {
      const change = await portal.post(
        '/api/auth/super-admin-change-password',
        { currentPassword: 'hoursight-demo', newPassword: p },
        superToken,
      );
      expect([p, ...answer(change)]).toEqual([p, 400, message]);
      await expect(createSuperAdmin(t.db, { email: 'ops.105@example.test', username: 'ops105', password: p }), p).rejects.toThrow(message);
    }
  });
});

describe('normalised before it is stored and before it is checked', () => {
  it('a password set with spaces and invisible characters signs in however it is typed', async () => {
    const email = `owner${addr}@kettle.example`;
    expect((await register('  Violet\u200B-Kettle-42 ')).statusCode).toBe(201);
    expect(await verifyPassword(await hashOf(email), 'Violet-Kettle-42')).toBe(true);
    for (const typed of ['Violet-Kettle-42', '  Violet-Kettle-42 ', 'Violet-Kettle-42\u200B', 'Ｖiolet-Kettle-42'])
      expect([typed, (await signIn(email, typed)).statusCode]).toEqual([typed, 200]);
    expect((await signIn(email, 'violet-kettle-42')).statusCode).toBe(401);
  });

  it('a hash made of the password as typed before still signs in with it, and is stored again as normalised', async () => {
    const user = await createUser(t.db, demoId, { email: 'legacy.105@demo.example', password: 'unused-pass-9' });
    const legacy = await hashPassword(' legacy-lantern-7 ');
    await t.db.update(siteUsers).set({ passwordHash: legacy }).where(eq(siteUsers.id, user.id));
    expect((await signIn('legacy.105@demo.example', 'legacy-lantern-7')).statusCode).toBe(401);
    expect(await hashOf('legacy.105@demo.example')).toBe(legacy);
    expect((await signIn('legacy.105@demo.example', ' legacy-lantern-7 ')).statusCode).toBe(200);
    const upgraded = await hashOf('legacy.105@demo.example');
    expect(upgraded).not.toBe(legacy);
    expect(await verifyPassword(upgraded, 'legacy-lantern-7')).toBe(true);
    expect((await signIn('legacy.105@demo.example', 'legacy-lantern-7')).statusCode).toBe(200);
    expect((await signIn('legacy.105@demo.example', ' legacy-lantern-7 ')).statusCode).toBe(200);
  });

  it('a super-admin’s old hash is upgraded the same way, and a current password is checked normalised', async () => {
    const legacy = await hashPassword('portal-lantern-5\u200B');
    await t.db.insert(superAdmins).values({ email: 'legacy.ops@example.test', username: 'legacyops', passwordHash: legacy });
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/super-admin/login',
        payload: { email: 'legacy.ops@example.test', password },
        remoteAddress: `10.105.2.${addr++}`,
      });
    expect((await login('portal-lantern-5\u200B')).statusCode).toBe(200);
    const [row] = await t.db.select().from(superAdmins).where(eq(superAdmins.email, 'legacy.ops@example.test'));
    expect(await verifyPassword(row.passwordHash, 'portal-lantern-5')).toBe(true);
    const token = (await login(' portal-lantern-5 ')).json().token as string;
    const change = await portal.post(
      '/api/auth/super-admin-change-password',
      { currentPassword: '  portal-lantern-5', newPassword: 'amber-harbour-31' },
      token,
    );
    expect(change.statusCode).toBe(200);
  });
});
