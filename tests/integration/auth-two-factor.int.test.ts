import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../src/server/db/schema';
import { createClock, DEMO_PASSWORD, sessionCookie, startTestApp, type TestApp, type TestResponse } from './harness';
import { adminClient } from './super-admin-helpers';
import { codeAt, totp } from '../totp-reference';

/** Two-factor sign-in (decision 065). Codes come from the RFC 6238 reference in tests/totp-reference.ts. */

const T0 = new Date('2031-05-05T09:00:00Z');
const clock = createClock(T0);
let t: TestApp;
let addr = 1;
const from = () => `10.66.0.${addr++}`;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const body = (res: TestResponse) => res.json() as Record<string, unknown>;
const passwordStep = (email: string, remoteAddress = from()) =>
  t.request('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD }, remoteAddress });
const codeStep = (challenge: string, code: string, remoteAddress = from()) =>
  t.request('POST', '/api/auth/login/two-factor', { body: { challenge, code }, remoteAddress });

describe('the independent TOTP helper', () => {
  it('gives RFC 6238 appendix B values (SHA-1, T = 59 s and 1111111109 s)', () => {
    const key = Buffer.from('12345678901234567890');
    expect(totp(key, new Date(59_000), 8)).toBe('94287082');
    expect(totp(key, new Date(1_111_111_109_000), 8)).toBe('07081804');
  });
});

describe('site admin: optional two-factor sign-in', () => {
  let cookie: string;
  let secret: string;
  let recovery: string[];

  it('is off by default: the password alone signs an admin in; a non-admin cannot turn it on', async () => {
    clock.set(T0);
    const res = await passwordStep('admin@demo.example');
    expect(res.statusCode).toBe(200);
    cookie = sessionCookie(res)!;
    expect(body(await t.get('/api/auth/two-factor', cookie))).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const member = await t.login('user@demo.example');
    expect((await t.post('/api/auth/two-factor/setup', {}, member)).statusCode).toBe(403);
  });

  it('set-up shows the secret, the otpauth:// URI and a QR code; a wrong code does not turn it on', async () => {
    const setup = body(await t.post('/api/auth/two-factor/setup', {}, cookie));
    secret = setup.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toBe(
      `otpauth://totp/Hoursight:admin%40demo.example?issuer=Hoursight&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await t.post('/api/auth/two-factor/enable', { code: '000000' === codeAt(secret, T0) ? '111111' : '000000' }, cookie);
    expect([wrong.statusCode, body(wrong)]).toEqual([400, { message: 'Invalid code. Check your authenticator app and try again.' }]);
    expect(body(await t.get('/api/auth/two-factor', cookie))).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await passwordStep('admin@demo.example')).headers['set-cookie']).toBeDefined();
  });

  it('a right code turns it on and hands out 10 different recovery codes', async () => {
    const res = await t.post('/api/auth/two-factor/enable', { code: codeAt(secret, T0) }, cookie);
    expect(res.statusCode).toBe(200);
    recovery = body(res).recoveryCodes as string[];
    expect(body(res).message).toBe('Two-factor sign-in is on');
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const c of recovery) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(body(await t.get('/api/auth/two-factor', cookie))).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('the password step then makes no session, only a ticket; a wrong code is refused; the right one signs in', async () => {
    clock.set(new Date(T0.getTime() + 60_000));
    const first = await passwordStep('admin@demo.example');
    expect(first.statusCode).toBe(200);
    expect(sessionCookie(first)).toBeUndefined();
    const { twoFactorRequired, challenge } = body(first) as { twoFactorRequired: boolean; challenge: string };
    expect(twoFactorRequired).toBe(true);
    expect(Object.keys(body(first)).sort()).toEqual(['challenge', 'twoFactorRequired']);

    const wrong = await codeStep(challenge, '123456' === codeAt(secret, clock.now()) ? '654321' : '123456');
    expect([wrong.statusCode, body(wrong)]).toEqual([401, { message: 'Invalid code. Check your authenticator app and try again.' }]);
    expect(sessionCookie(wrong)).toBeUndefined();

    const right = await codeStep(challenge, codeAt(secret, clock.now()));
    expect(right.statusCode).toBe(200);
    expect((body(right).user as { email: string }).email).toBe('admin@demo.example');
    const session = sessionCookie(right)!;
    expect((await t.get('/api/auth/me', session)).statusCode).toBe(200);

    // The ticket is spent, and the same code cannot sign in a second time.
    expect(body(await codeStep(challenge, codeAt(secret, clock.now())))).toEqual({
      message: 'This sign-in step has expired. Please sign in again.',
    });
    const again = body(await passwordStep('admin@demo.example')).challenge as string;
    expect((await codeStep(again, codeAt(secret, clock.now()))).statusCode).toBe(401);
  });

  it('a recovery code works once', async () => {
    clock.set(new Date(T0.getTime() + 120_000));
    const one = body(await passwordStep('admin@demo.example')).challenge as string;
    expect((await codeStep(one, recovery[3].toUpperCase())).statusCode).toBe(200);
    const two = body(await passwordStep('admin@demo.example')).challenge as string;
    expect(body(await codeStep(two, recovery[3]))).toEqual({ message: 'Invalid code. Check your authenticator app and try again.' });
    expect(body(await t.get('/api/auth/two-factor', cookie))).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('a ticket dies after 5 minutes and after 5 tries; code tries are limited like passwords', async () => {
    clock.set(new Date(T0.getTime() + 10 * 60_000));
    const late = body(await passwordStep('admin@demo.example')).challenge as string;
    clock.set(new Date(T0.getTime() + 15 * 60_000 + 1));
    expect(body(await codeStep(late, codeAt(secret, clock.now())))).toEqual({
      message: 'This sign-in step has expired. Please sign in again.',
    });

    clock.set(new Date(T0.getTime() + 20 * 60_000));
    const ip = '10.66.9.9';
    const ticket = body(await passwordStep('admin@demo.example', ip)).challenge as string;
    const wrong = codeAt(secret, clock.now()) === '000001' ? '000002' : '000001';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await codeStep(ticket, wrong, ip)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    expect(body(await codeStep(ticket, codeAt(secret, clock.now()), ip))).toEqual({
      message: 'This sign-in step has expired. Please sign in again.',
    });
    // A fresh ticket from the same address gets no new tries: the right code now answers 429.
    const fresh = body(await passwordStep('admin@demo.example', ip)).challenge as string;
    expect((await codeStep(fresh, codeAt(secret, clock.now()), ip)).statusCode).toBe(429);
  });

  it('turning it off needs the password or a code; then the password alone signs in again', async () => {
    clock.set(new Date(T0.getTime() + 40 * 60_000));
    const none = await t.post('/api/auth/two-factor/disable', {}, cookie);
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe('Enter your current password or a code to turn two-factor sign-in off');
    const bad = await t.post('/api/auth/two-factor/disable', { password: 'not-my-password' }, cookie);
    expect([bad.statusCode, body(bad)]).toEqual([400, { message: 'Wrong password or code' }]);
    const ok = await t.post('/api/auth/two-factor/disable', { password: DEMO_PASSWORD }, cookie);
    expect(body(ok)).toEqual({ message: 'Two-factor sign-in is off' });
    const plain = await passwordStep('admin@demo.example');
    expect(sessionCookie(plain)).toBeDefined();
  });
});

describe('super-admin two-factor sign-in', () => {
  it('enrols, then signs in with password and code; disable with a code', async () => {
    clock.set(new Date('2031-05-06T09:00:00Z'));
    const admin = adminClient(t);
    const token = await admin.login();
    const secret = body(await admin.post('/api/super-admin/two-factor/setup', {}, token)).secret as string;
    const enabled = await admin.post('/api/super-admin/two-factor/enable', { code: codeAt(secret, clock.now()) }, token);
    expect((body(enabled).recoveryCodes as string[]).length).toBe(10);

    clock.set(new Date('2031-05-06T09:01:00Z'));
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      payload: { email: 'superadmin@demo.example', password: DEMO_PASSWORD },
    });
    expect(Object.keys(first.json()).sort()).toEqual(['challenge', 'twoFactorRequired']);
    const challenge = first.json().challenge as string;
    const refused = await t.app.inject({ method: 'POST', url: '/api/super-admin/login/two-factor', payload: { challenge, code: '12345' } });
    expect(refused.statusCode).toBe(400);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login/two-factor',
      payload: { challenge, code: codeAt(secret, clock.now()) },
    });
    expect(second.statusCode).toBe(200);
    const fresh = second.json().token as string;
    expect((await admin.get('/api/super-admin/me', fresh)).statusCode).toBe(200);
    // A site ticket is no super-admin ticket.
    expect((await codeStep(challenge, codeAt(secret, clock.now()))).statusCode).toBe(401);

    clock.set(new Date('2031-05-06T09:02:00Z'));
    const off = await admin.post('/api/super-admin/two-factor/disable', { code: codeAt(secret, clock.now()) }, fresh);
    expect(off.json()).toEqual({ message: 'Two-factor sign-in is off' });
    expect(await admin.login()).toMatch(/\S/);
  });
});

describe('an expired trial', () => {
  it('does not stop an admin from setting up or turning off two-factor sign-in (a security setting, like revoking a token)', async () => {
    clock.set(new Date('2031-05-07T09:00:00Z'));
    await t.db
      .update(sites)
      .set({ subscriptionStatus: 'trial', trialEndsAt: new Date('2031-05-01T00:00:00Z') })
      .where(eq(sites.subdomain, 'demo'));
    const cookie = sessionCookie(await passwordStep('admin@demo.example'))!;
    expect((await t.post('/api/employees', {}, cookie)).statusCode).toBe(402);
    const setup = await t.post('/api/auth/two-factor/setup', {}, cookie);
    expect(setup.statusCode).toBe(200);
    const enabled = await t.post('/api/auth/two-factor/enable', { code: codeAt(body(setup).secret as string, clock.now()) }, cookie);
    expect(enabled.statusCode).toBe(200);
    expect((await t.post('/api/auth/two-factor/disable', { password: DEMO_PASSWORD }, cookie)).statusCode).toBe(200);
  });
});
