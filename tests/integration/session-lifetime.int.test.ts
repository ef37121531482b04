import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { userSessions } from '../../src/server/db/schema';
import { createClock, DEMO_PASSWORD, sessionCookie, startTestApp, type TestApp, type TestResponse } from './harness';

/**
 * The session cookie follows the database row: renewed when the row slides (at most once a minute), so an
 * active user stays signed in past 9 hours; and 12 hours after sign-in the session ends however active (decision 065).
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const T0 = new Date('2031-03-03T08:00:00Z');
const clock = createClock(T0);
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const sessionLine = (res: TestResponse) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith('hs_session='));
const maxAge = (res: TestResponse) => Number(/Max-Age=(\d+)/i.exec(sessionLine(res) ?? '')?.[1]);
const signIn = async () => {
  clock.set(T0);
  const res = await t.post('/api/auth/login', { email: 'user@demo.example', password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return { res, cookie: sessionCookie(res)! };
};
const expiresAt = async (cookie: string) => {
  const [row] = await t.db
    .select()
    .from(userSessions)
    .where(eq(userSessions.id, hashToken(cookie.split('=')[1])));
  return row?.expiresAt;
};

describe('session cookie renewal', () => {
  it('sets a 9-hour cookie at sign-in and renews it, same token, when the session slides', async () => {
    const { res, cookie } = await signIn();
    expect(maxAge(res)).toBe(9 * 60 * 60);

    clock.set(new Date(T0.getTime() + 30 * 1000));
    const early = await t.get('/api/auth/me', cookie);
    expect(early.statusCode).toBe(200);
    expect(sessionLine(early)).toBeUndefined(); // within the minute: nothing written, nothing renewed

    clock.set(new Date(T0.getTime() + 2 * MINUTE));
    const slid = await t.get('/api/auth/me', cookie);
    expect(slid.statusCode).toBe(200);
    expect(sessionCookie(slid)).toBe(cookie);
    expect(maxAge(slid)).toBe(9 * 60 * 60);
    expect(sessionLine(slid)).toMatch(/HttpOnly/i);
    expect(sessionLine(slid)).toMatch(/SameSite=Lax/i);
    expect(await expiresAt(cookie)).toEqual(new Date('2031-03-03T17:02:00Z'));
  });

  it('keeps an active user signed in well past 9 hours after sign-in', async () => {
    const { cookie } = await signIn();
    // The cookie lasts the 9 idle hours until the 12-hour end is nearer.
    for (const [hours, cookieHours] of [
      [2, 9],
      [4, 8],
      [8, 4],
      [10, 2],
      [11, 1],
    ]) {
      clock.set(new Date(T0.getTime() + hours * HOUR));
      const res = await t.get('/api/auth/me', cookie);
      expect(res.statusCode, `${hours} h`).toBe(200);
      expect(maxAge(res), `${hours} h`).toBe(cookieHours * 60 * 60);
    }
  });

  it('still ends a session idle for 9 hours', async () => {
    const { cookie } = await signIn();
    clock.set(new Date(T0.getTime() + 9 * HOUR));
    expect((await t.get('/api/auth/me', cookie)).statusCode).toBe(401);
  });

  it('ends a session 12 hours after sign-in however active, the cookie shrinking towards the end', async () => {
    const { cookie } = await signIn();
    for (let minutes = 10; minutes < 11 * 60; minutes += 10) {
      clock.set(new Date(T0.getTime() + minutes * MINUTE));
      expect((await t.get('/api/auth/me', cookie)).statusCode, `${minutes} min`).toBe(200);
    }
    clock.set(new Date(T0.getTime() + 11 * HOUR)); // one hour left
    const last = await t.get('/api/auth/me', cookie);
    expect(last.statusCode).toBe(200);
    expect(maxAge(last)).toBe(60 * 60);
    expect(await expiresAt(cookie)).toEqual(new Date('2031-03-03T20:00:00Z'));

    clock.set(new Date(T0.getTime() + 12 * HOUR));
    expect((await t.get('/api/auth/me', cookie)).statusCode).toBe(401);
    expect(await expiresAt(cookie)).toBeUndefined();
  });

  it('signing out clears the cookie even when the same request slid the session', async () => {
    const { cookie } = await signIn();
    clock.set(new Date(T0.getTime() + 5 * MINUTE));
    const res = await t.post('/api/auth/logout', undefined, cookie);
    expect(res.statusCode).toBe(200);
    const lines = [res.headers['set-cookie'] ?? []]
      .flat()
      .map(String)
      .filter((c) => c.startsWith('hs_session='));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Max-Age=0/i);
  });
});
