import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { sites } from '../../src/server/db/schema';
import { createUser } from '../factories';
import { createClock, startTestApp, type TestApp } from './harness';

/**
 * Sign-in limits hold under parallel bursts, counted by the password checks actually made (not by time),
 * and strangers cannot lock the owner out (docs/decisions/013-sign-in-limits.md).
 */

const clock = createClock(new Date('2031-05-05T09:00:00Z'));
const SECOND = 1000;
const MINUTE = 60 * SECOND;
let verified: string[] = [];
let t: TestApp;
let demoId: number;

beforeAll(async () => {
  t = await startTestApp({
    now: clock.now,
    verifyPassword: async (hash, password) => {
      verified.push(password);
      return verifyPassword(hash, password);
    },
  });
  [{ id: demoId }] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.subdomain, 'demo'));
});
afterAll(() => t?.close());
beforeEach(() => {
  verified = [];
});

const login = (email: string, password: string, remoteAddress: string, siteIdentifier?: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password, siteIdentifier }, remoteAddress });
const statuses = (codes: number[]) => codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe('parallel bursts', () => {
  it('100 simultaneous guesses from one address check 5 passwords; the right one last is refused too', async () => {
    await createUser(t.db, demoId, { email: 'burst@demo.example', password: 'right-pass' });
    const passwords = [...Array.from({ length: 99 }, (_, i) => `wrong-${i}`), 'right-pass'];
    const answers = await Promise.all(passwords.map((p) => login('burst@demo.example', p, '10.20.0.1')));
    expect(verified).toHaveLength(5);
    expect(statuses(answers.map((r) => r.statusCode))).toEqual({ 401: 5, 429: 95 });
    expect(answers[99].statusCode).toBe(429);
  });

  it('200 simultaneous guesses from 200 addresses check 10 passwords for the account', async () => {
    await createUser(t.db, demoId, { email: 'spread@demo.example', password: 'right-pass' });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login('spread@demo.example', `wrong-${i}`, `10.21.${i >> 8}.${i & 255}`)),
    );
    expect(verified).toHaveLength(10);
    expect(statuses(answers.map((r) => r.statusCode))).toEqual({ 401: 10, 429: 190 });
  });
});

describe('per account and address', () => {
  it('refuses a sixth try from one address for 15 minutes, even with the right password', async () => {
    await createUser(t.db, demoId, { email: 'pair@demo.example', password: 'right-pass' });
    for (let i = 0; i < 5; i++) expect((await login('pair@demo.example', `wrong-${i}`, '10.22.0.1')).statusCode).toBe(401);
    const refused = await login('pair@demo.example', 'right-pass', '10.22.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' });
    expect(verified).toHaveLength(5);
    // The owner elsewhere is not locked out by what happened on that address.
    expect((await login('pair@demo.example', 'right-pass', '10.22.0.2')).statusCode).toBe(200);
    clock.advance(15 * MINUTE + SECOND);
    expect((await login('pair@demo.example', 'right-pass', '10.22.0.1')).statusCode).toBe(200);
  });

  it('after 10 failures from unknown addresses, each attempt waits a doubling delay', async () => {
    await createUser(t.db, demoId, { email: 'slowed@demo.example', password: 'right-pass' });
    for (let i = 0; i < 10; i++) expect((await login('slowed@demo.example', 'wrong', `10.23.0.${i}`)).statusCode).toBe(401);
    const early = await login('slowed@demo.example', 'right-pass', '10.23.1.1');
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      message: 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
    });
    clock.advance(SECOND); // 10 failures: 1 s after the last
    expect((await login('slowed@demo.example', 'wrong', '10.23.1.2')).statusCode).toBe(401);
    clock.advance(SECOND); // 11 failures: 2 s
    expect((await login('slowed@demo.example', 'right-pass', '10.23.1.3')).statusCode).toBe(429);
    clock.advance(SECOND);
    expect((await login('slowed@demo.example', 'right-pass', '10.23.1.3')).statusCode).toBe(200);
    expect(verified).toHaveLength(12);
  });

  it('strangers cannot lock the owner out of their usual address', async () => {
    await createUser(t.db, demoId, { email: 'owner@demo.example', password: 'right-pass' });
    const home = '10.24.0.1';
    expect((await login('owner@demo.example', 'right-pass', home)).statusCode).toBe(200);
    for (let i = 0; i < 40; i++) await login('owner@demo.example', `guess-${i}`, `10.24.1.${i}`);
    // A new address waits; the owner's known one does not.
    expect((await login('owner@demo.example', 'right-pass', '10.24.2.1')).statusCode).toBe(429);
    expect((await login('owner@demo.example', 'right-pass', home)).statusCode).toBe(200);
  });

  it('treats an unknown e-mail exactly like a known one', async () => {
    for (let i = 0; i < 5; i++) expect((await login('nobody@demo.example', 'wrong', '10.25.0.1')).statusCode).toBe(401);
    expect((await login('nobody@demo.example', 'wrong', '10.25.0.1')).statusCode).toBe(429);
  });
});

describe('equal work for unknown and known e-mails', () => {
  it('checks one password hash whether or not the e-mail (or the site) exists', async () => {
    const work = async (email: string, siteIdentifier?: string) => {
      verified = [];
      const res = await login(email, 'not-the-password', '10.26.0.1', siteIdentifier);
      expect(res.statusCode).toBe(401);
      return verified.length;
    };
    expect(await work('user@demo.example')).toBe(1);
    expect(await work('no-such-user@demo.example')).toBe(1);
    expect(await work('user@demo.example', 'demo-north')).toBe(1);
    expect(await work('user@demo.example', 'no-such-site')).toBe(1);
  });
});
