import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness';

/** The app's log is JSON lines with a request id, and carries no password, session cookie or reset token. */
describe('structured logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({ logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t?.close());

  it('logs a sign-in, a failed sign-in and a password reset without any secret', async () => {
    const cookie = await t.login('admin@demo.example');
    const failed = await t.post('/api/auth/login', { email: 'user@demo.example', password: 'wrong-password-123' });
    expect(failed.statusCode).toBe(401);

    const forgot = await t.post('/auth/forgot-password', { email: 'viewer@demo.example' });
    expect(forgot.statusCode).toBe(200);
    await t.mailer.settled(); // reset mails are sent after the answer
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    await t.get(`/reset-password?token=${token}`); // the page a mailed link opens
    const newPassword = 'a-brand-new-secret-77';
    const reset = await t.post('/auth/reset-password', { token: decodeURIComponent(token!), newPassword });
    expect(reset.statusCode).toBe(200);

    expect(lines.length).toBeGreaterThan(8);
    const log = lines.join('');
    const sessionValue = cookie.split('=')[1];
    for (const secret of [DEMO_PASSWORD, 'wrong-password-123', newPassword, sessionValue, token!, decodeURIComponent(token!)]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(mail.text.slice(0, 40));
    // Every line is one JSON object; request lines carry the id echoed in x-request-id.
    const entries = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string } });
    expect(entries.some((e) => e.req?.url === '/reset-password?token=[redacted]')).toBe(true);
    const id = reset.headers['x-request-id'];
    expect(typeof id).toBe('string');
    expect(entries.filter((e) => e.reqId === id).length).toBeGreaterThanOrEqual(2); // incoming + completed
  });

  it('logs no secret a URL carries: token-named query values, the feed token in its path, a token-like 404 path', async () => {
    const admin = await t.login('admin@demo.example');
    const feed = await t.post('/api/calendar-feeds', {}, admin);
    expect(feed.statusCode).toBe(201);
    const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
    const feedToken = feedPath.slice('/feeds/'.length, -'.ics'.length);
    expect(feedToken.length).toBeGreaterThan(20);
    const secrets = [
      'qa-access-token-7f3c9e1d2b',
      'qa-api-key-5e8a1f0c44',
      'qa-client-secret-9911aa',
      'qa-plain-token-abcdef0123',
      'Zm9vYmFyYmF6cXV1eHNlY3JldA',
    ];
    const from = lines.length;
    expect((await t.get(feedPath)).statusCode).toBe(200);
    await t.get(`/healthz?token=${secrets[3]}&access_token=${secrets[0]}&api_key=${secrets[1]}&view=week`);
    await t.get(`/api/auth/me?client_secret=${secrets[2]}`, admin);
    await t.get(`/api/notifications/disable?token=${secrets[3]}`);
    await t.get(`/feeds/extra/${secrets[4]}`);

    const log = lines.slice(from).join('');
    for (const secret of [...secrets, feedToken]) expect(log).not.toContain(secret);
    const urls = lines
      .slice(from)
      .map((l) => (JSON.parse(l) as { req?: { url: string } }).req?.url)
      .filter(Boolean);
    expect(urls).toEqual([
      '/feeds/[redacted]',
      '/healthz?token=[redacted]&access_token=[redacted]&api_key=[redacted]&view=week',
      '/api/auth/me?client_secret=[redacted]',
      '/api/notifications/disable?token=[redacted]',
      '/feeds/extra/[redacted]',
    ]);
  });

  it('keeps a well-formed x-request-id from the caller and replaces a malformed one', async () => {
    const kept = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'proxy-abc.123' } });
    expect(kept.headers['x-request-id']).toBe('proxy-abc.123');
    const replaced = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
