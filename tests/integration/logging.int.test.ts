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

  it('keeps a well-formed x-request-id from the caller and replaces a malformed one', async () => {
    const kept = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'proxy-abc.123' } });
    expect(kept.headers['x-request-id']).toBe('proxy-abc.123');
    const replaced = await t.request('GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
