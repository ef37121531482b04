import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { sites, siteUsers, superAdmins } from '../../src/server/db/schema';
import { createSuperAdmin } from '../../src/server/modules/super-admin';
import { createUser } from '../factories';
import { startTestApp, type TestApp } from './harness';
import { adminClient } from './super-admin-helpers';

/**
 * Decision 065: every path that sets a password refuses one of the 10,000 most common passwords, and one
 * equal to the account's e-mail, its local part or the site identifier. The expected messages and the
 * sample passwords are written by hand ("qwerty123" and "Password1" are in every published top-10,000).
 */
const COMMON = 'This password is one of the most common passwords. Please choose a less common one.';
const PERSONAL = 'Password must not be your email address or site identifier';

let t: TestApp;
let admin: ReturnType<typeof adminClient>;
let adminCookie: string;
let superToken: string;
let demoId: number;
let memberId: number;
let addr = 1;

beforeAll(async () => {
  t = await startTestApp();
  admin = adminClient(t);
  [{ id: demoId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo'));
  memberId = (await createUser(t.db, demoId, { email: 'member.rules@demo.example', username: 'member-rules', password: 'member-pass' })).id;
  adminCookie = await t.login('admin@demo.example');
  superToken = await admin.login();
});
afterAll(() => t?.close());

const messageOf = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  message: (res.json() as { message: string }).message,
});
const register = (password: string, email = `owner${addr}@rules.example`, siteSubdomain = `rules-${addr}`) =>
  t.request('POST', '/auth/register', {
    body: { siteName: 'Rules Ltd', siteSubdomain, email, password, confirmPassword: password },
    remoteAddress: `10.65.0.${addr++}`,
  });

async function resetWith(newPassword: string) {
  const token = `rules-reset-token-${addr++}`;
  await t.db
    .update(siteUsers)
    .set({ resetToken: hashToken(token), resetTokenExpires: new Date(Date.now() + 60_000) })
    .where(eq(siteUsers.id, memberId));
  return t.post('/auth/reset-password', { token, newPassword });
}

describe('register', () => {
  it('refuses a common password, whatever its case', async () => {
    expect(messageOf(await register('qwerty123'))).toEqual({ status: 400, message: COMMON });
    expect(messageOf(await register('Password1'))).toEqual({ status: 400, message: COMMON });
  });
  it('refuses the e-mail, its local part and the site identifier', async () => {
    expect(messageOf(await register('boss@rules.example', 'boss@rules.example'))).toEqual({ status: 400, message: PERSONAL });
    expect(messageOf(await register('BossMan', 'bossman@rules.example'))).toEqual({ status: 400, message: PERSONAL });
    expect(messageOf(await register('rules-acme', 'x@rules.example', 'rules-acme'))).toEqual({ status: 400, message: PERSONAL });
  });
  it('still accepts an uncommon password and keeps the 6-character minimum message', async () => {
    expect((await register('violet-kettle-42')).statusCode).toBe(201);
    expect(messageOf(await register('abc'))).toEqual({ status: 400, message: 'Password must be at least 6 characters' });
  });
});

describe('reset by mailed link', () => {
  it('refuses a common password and the e-mail, and keeps the token for a better try', async () => {
    expect(messageOf(await resetWith('iloveyou'))).toEqual({ status: 400, message: COMMON });
    expect(messageOf(await resetWith('member.rules@demo.example'))).toEqual({ status: 400, message: PERSONAL });
    expect(messageOf(await resetWith('Member.Rules'))).toEqual({ status: 400, message: PERSONAL });
    expect((await resetWith('quiet-harbour-7')).statusCode).toBe(200);
  });
});

describe('invitation (an admin creates a user with a password)', () => {
  it('refuses a common password, the new user’s e-mail and local part', async () => {
    const invite = (email: string, password: string) => t.post('/api/auth/create-user', { email, password }, adminCookie);
    expect(messageOf(await invite('newbie@demo.example', 'football'))).toEqual({ status: 400, message: COMMON });
    expect(messageOf(await invite('newbie@demo.example', 'newbie@demo.example'))).toEqual({ status: 400, message: PERSONAL });
    expect(messageOf(await invite('newbie@demo.example', 'NEWBIE'))).toEqual({ status: 400, message: PERSONAL });
    expect((await invite('newbie@demo.example', 'amber-lantern-9')).statusCode).toBe(201);
  });
});

describe('portal: a super-admin sets a site user’s password', () => {
  it('refuses a common password and the user’s e-mail on reset and on edit', async () => {
    const resetRes = (p: string) => admin.post(`/api/admin/users/${memberId}/reset-password`, { newPassword: p }, superToken);
    expect(messageOf(await resetRes('sunshine'))).toEqual({ status: 400, message: COMMON });
    expect(messageOf(await resetRes('member.rules'))).toEqual({ status: 400, message: PERSONAL });
    const [row] = await t.db.select().from(siteUsers).where(eq(siteUsers.id, memberId));
    const edit = (p: string) =>
      admin.patch(
        `/api/admin/users/${memberId}`,
        { username: row.username, email: row.email, isAdmin: false, isActive: true, newPassword: p },
        superToken,
      );
    expect(messageOf(await edit('qwertyuiop'))).toEqual({ status: 400, message: COMMON });
    expect(messageOf(await edit(row.email))).toEqual({ status: 400, message: PERSONAL });
    expect((await resetRes('copper-meadow-3')).statusCode).toBe(200);
  });
});

describe('super-admin passwords', () => {
  it('change: refuses a common password and the own e-mail', async () => {
    const change = (newPassword: string) =>
      admin.post('/api/auth/super-admin-change-password', { currentPassword: 'hoursight-demo', newPassword }, superToken);
    expect(messageOf(await change('password1'))).toEqual({ status: 400, message: COMMON });
    expect(messageOf(await change('SuperAdmin@Demo.Example'))).toEqual({ status: 400, message: PERSONAL });
  });
  it('create (npm run admin:create): refuses a common password and the e-mail', async () => {
    await expect(createSuperAdmin(t.db, { email: 'ops@rules.example', username: 'ops', password: 'letmein1' })).rejects.toThrow(COMMON);
    await expect(createSuperAdmin(t.db, { email: 'ops@rules.example', username: 'ops', password: 'ops@rules.example' })).rejects.toThrow(
      PERSONAL,
    );
    expect(await t.db.select().from(superAdmins).where(eq(superAdmins.email, 'ops@rules.example'))).toEqual([]);
  });
});
