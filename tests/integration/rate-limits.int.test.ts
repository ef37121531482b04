import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { verifyPassword } from '../../src/server/auth/passwords';
import { openPostgres, type Database } from '../../src/server/db/client';
import { rateLimits } from '../../src/server/db/schema';
import type { App } from '../../src/server/http/types';
import { createTeam, createUser } from '../factories';
import { APP_URL, createClock, startTestApp, type TestApp } from './harness';

/**
 * The request limiters count in the database (decision 071): two app instances on one database share every
 * limit, and a refusal says when to come back (`Retry-After`, `RateLimit-*`). Runs on PGlite (two apps on one
 * embedded database) and, with TEST_DATABASE_URL, on PostgreSQL (two apps, each with its own pool).
 */

const PASSWORD = 'rate-limits-pass';
const T0 = new Date('2032-06-07T08:00:00Z');
const MINUTE = 60 * 1000;
const clock = createClock(T0);
let verified = 0;
const counting = async (hash: string, password: string) => {
  verified++;
  return verifyPassword(hash, password);
};

let t: TestApp;
let second: App;
let secondDatabase: Database | undefined;
let team: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now, verifyPassword: counting });
  // PostgreSQL: a second pool, as a second server would have; PGlite: the same embedded database.
  const url = t.database.pool?.options.connectionString;
  secondDatabase = url ? await openPostgres(url) : undefined;
  second = await buildApp({
    database: secondDatabase ?? t.database,
    config: { appUrl: APP_URL },
    mailer: t.mailer,
    now: clock.now,
    verifyPassword: counting,
  });
  await second.ready();
  team = await createTeam(t.db, PASSWORD);
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await t?.close();
});

const login = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const headersOf = (res: { headers: Record<string, unknown> }) => ({
  retryAfter: res.headers['retry-after'],
  limit: res.headers['ratelimit-limit'],
  remaining: res.headers['ratelimit-remaining'],
  reset: res.headers['ratelimit-reset'],
});

describe('two instances share one sign-in limit', () => {
  it('five failures of one account from one address, alternating instances, then both refuse', async () => {
    const { email } = await createUser(t.db, team.site.id, { password: PASSWORD });
    verified = 0;
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push((await login(i % 2 ? second : t.app, email, `wrong-${i}`, '10.71.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(verified).toBe(5);
    expect((await login(second, email, PASSWORD, '10.71.0.1')).statusCode).toBe(429);
    expect((await login(t.app, email, PASSWORD, '10.71.0.1')).statusCode).toBe(429);
  });

  it('a parallel burst split across the instances checks 5 passwords', async () => {
    const { email } = await createUser(t.db, team.site.id, { password: PASSWORD });
    verified = 0;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(i % 2 ? second : t.app, email, `wrong-${i}`, '10.71.0.2')),
    );
    expect(verified).toBe(5);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(55);
  });

  it('20 failures of one address over many accounts, split across the instances, then 429 on both', async () => {
    const codes = [];
    for (let i = 0; i < 20; i++)
      codes.push((await login(i % 2 ? second : t.app, `nobody-${i}@limits.example`, 'x', '10.71.0.3')).statusCode);
    expect(codes).toEqual(Array(20).fill(401));
    expect((await login(t.app, team.admin.email, PASSWORD, '10.71.0.3')).statusCode).toBe(429);
    expect((await login(second, team.admin.email, PASSWORD, '10.71.0.3')).statusCode).toBe(429);
  });
});

describe('headers', () => {
  it('sign-in: every answer reports the tightest limit; a refusal says when the 15 minutes end', async () => {
    clock.set(T0);
    const { email } = await createUser(t.db, team.site.id, { password: PASSWORD });
    const first = await login(t.app, email, 'wrong', '10.72.0.1');
    expect(first.statusCode).toBe(401);
    expect(headersOf(first)).toEqual({ retryAfter: undefined, limit: '5', remaining: '4', reset: '900' });
    for (let i = 0; i < 4; i++) await login(second, email, 'wrong', '10.72.0.1');
    clock.advance(2 * MINUTE);
    const refused = await login(t.app, email, PASSWORD, '10.72.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' });
    expect(headersOf(refused)).toEqual({ retryAfter: '780', limit: '5', remaining: '0', reset: '780' });
  });

  it('sign-in: the account wait of unknown addresses says its seconds', async () => {
    clock.set(T0);
    const { email } = await createUser(t.db, team.site.id, { password: PASSWORD });
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? second : t.app, email, 'wrong', `10.73.0.${i}`)).statusCode).toBe(401);
    const refused = await login(second, email, PASSWORD, '10.73.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
    });
    expect(headersOf(refused)).toEqual({ retryAfter: '1', limit: '10', remaining: '0', reset: '1' });
  });

  it('registration: 5 an hour per address, the sixth told when the hour ends', async () => {
    clock.set(T0);
    const form = {
      siteName: 'Limits Ltd',
      siteSubdomain: 'demo',
      email: 'limits@limits.example',
      password: 'secret1',
      confirmPassword: 'secret1',
    };
    const register = (app: App) => app.inject({ method: 'POST', url: '/auth/register', payload: form, remoteAddress: '10.74.0.1' });
    const taken = await register(t.app);
    expect(taken.statusCode).toBe(409);
    expect(headersOf(taken)).toEqual({ retryAfter: undefined, limit: '5', remaining: '4', reset: '3600' });
    for (let i = 0; i < 4; i++) expect((await register(i % 2 ? t.app : second)).statusCode).toBe(409);
    clock.advance(10 * MINUTE);
    const refused = await register(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many registration attempts from this address. Please try again in an hour.' });
    expect(headersOf(refused)).toEqual({ retryAfter: '3000', limit: '5', remaining: '0', reset: '3000' });
  });

  it('forgot password: 20 an hour per address; the per-e-mail limit never shows', async () => {
    clock.set(T0);
    const forgot = (app: App, email: string) =>
      app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email }, remoteAddress: '10.75.0.1' });
    for (let i = 0; i < 19; i++) expect((await forgot(i % 2 ? second : t.app, 'same@limits.example')).statusCode).toBe(200);
    const last = await forgot(t.app, 'same@limits.example');
    expect(headersOf(last)).toEqual({ retryAfter: undefined, limit: '20', remaining: '0', reset: '3600' });
    clock.advance(30 * MINUTE);
    const refused = await forgot(second, 'other@limits.example');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many password reset requests from this address. Please try again later.' });
    expect(headersOf(refused)).toEqual({ retryAfter: '1800', limit: '20', remaining: '0', reset: '1800' });
  });

  it('report e-mails and test e-mails: the user’s hour, told on refusal', async () => {
    clock.set(T0);
    const cookie = await t.login(team.writer.email, PASSWORD);
    // The limiters' rows as they stand after a user's 20 report mails and 10 test mails, 15 minutes into the hour.
    const ends = T0.getTime() + 45 * MINUTE;
    await t.db.insert(rateLimits).values([
      { key: `report-email:${team.writer.id}`, points: 20, expire: ends },
      { key: `test-email:${team.writer.id}`, points: 10, expire: ends },
    ]);
    const report = await second.inject({
      method: 'POST',
      url: '/api/email-report',
      headers: { cookie, origin: APP_URL },
      payload: { startDate: '2032-06-07', endDate: '2032-06-07', reportType: 'hours', emailAddresses: team.writer.email },
    });
    expect(report.statusCode).toBe(429);
    expect(report.json()).toEqual({ message: 'Too many report e-mails. Please try again in an hour.' });
    expect(headersOf(report)).toEqual({ retryAfter: '2700', limit: '20', remaining: '0', reset: '2700' });
    const testMail = await t.app.inject({
      method: 'POST',
      url: '/api/test-email',
      headers: { cookie, origin: APP_URL },
      payload: { email: team.writer.email },
    });
    expect(testMail.statusCode).toBe(429);
    expect(testMail.json()).toEqual({ message: 'Too many test emails. Please try again later.' });
    expect(headersOf(testMail)).toEqual({ retryAfter: '2700', limit: '10', remaining: '0', reset: '2700' });
  });
});

describe('API tokens', () => {
  it('600 a minute per token, counted across instances, the 601st told when the minute ends', async () => {
    clock.set(T0);
    const cookie = await t.login(team.admin.email, PASSWORD);
    const made = await t.post('/api/api-tokens', { name: 'Shared limit', scope: 'read' }, cookie);
    expect(made.statusCode, made.body).toBe(201);
    const { id, token } = made.json() as { id: number; token: string };
    const call = (app: App) => app.inject({ method: 'GET', url: '/api/exception-reasons', headers: { authorization: `Bearer ${token}` } });

    const first = await call(t.app);
    expect(first.statusCode).toBe(200);
    expect(headersOf(first)).toEqual({ retryAfter: undefined, limit: '600', remaining: '599', reset: '60' });
    // 597 more calls as the table holds them (sending them costs the test minutes), then one on each instance.
    clock.advance(15 * 1000);
    await t.db
      .update(rateLimits)
      .set({ points: 598 })
      .where(eq(rateLimits.key, `api-token:${id}`));
    expect((await call(second)).statusCode).toBe(200);
    const last = await call(t.app);
    expect(last.statusCode).toBe(200);
    expect(headersOf(last)).toEqual({ retryAfter: undefined, limit: '600', remaining: '0', reset: '45' });
    const refused = await call(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many requests with this API token. Wait a minute and try again.' });
    expect(headersOf(refused)).toEqual({ retryAfter: '45', limit: '600', remaining: '0', reset: '45' });
    expect((await call(t.app)).statusCode).toBe(429);

    // A moment after the minute ends. Exactly at its end is a race: the store moves each time the library reads
    // from the system clock onto the test's frozen clock by (test clock − system clock), read a fraction of a
    // millisecond after the library's own read, so the window's end and this "now" each carry a different
    // sub-millisecond error, and the row may still count as inside the window.
    clock.advance(45 * 1000 + 50);
    expect((await call(second)).statusCode).toBe(200);
  });
});
