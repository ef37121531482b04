import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { startJobRunner, type JobRunner } from '../../src/server/jobs/runner';
import { startTestApp, type TestApp } from './harness';
import { startSmtp } from './smtp';

/** The request id of a request follows the mail it writes and the job it queues into their log lines. */
describe('request id carried into mails and jobs', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let runner: JobRunner | undefined;
  const lines: string[] = [];
  const jobLines: object[] = [];
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ smtpUrl: smtp.url, logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await runner?.stop(2000);
    await t?.close();
    await smtp?.close();
  });

  it('stores the request id on the reset mail and logs its delivery with it', async () => {
    const res = await t.request('POST', '/auth/forgot-password', {
      body: { email: 'viewer@demo.example' },
      headers: { 'x-request-id': 'trace-reset-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-reset-1');
    await t.mailer.settled();

    const [row] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row.to).toBe('viewer@demo.example');
    expect(row.requestId).toBe('trace-reset-1');
    expect(row.status).toBe('sent');
    expect(smtp.received.map((m) => m.to)).toContain('viewer@demo.example');
    const delivered = entries().find((e) => e.msg === 'mail delivered' && e.mailId === row.id);
    expect(delivered?.requestId).toBe('trace-reset-1');
  });

  it('stores the request id on a mail a signed-in request writes (the test mail of Settings)', async () => {
    const cookie = await t.login('admin@demo.example');
    const res = await t.request('POST', '/api/test-email', {
      cookie,
      body: { email: 'probe@demo.example' },
      headers: { 'x-request-id': 'trace-test-mail-2' },
    });
    expect(res.statusCode).toBe(200);
    await t.mailer.settled();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'probe@demo.example'));
    expect(row.requestId).toBe('trace-test-mail-2');
  });

  it('a mail written outside any request has no request id', async () => {
    await t.mailer.send({ to: 'outside@demo.example', subject: 'x', text: 'x', html: 'x' });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outside@demo.example'));
    expect(row.requestId).toBeNull();
  });

  it(
    'puts the request id in the data of a job queued during the request and in the mails that job sends',
    { timeout: 60_000 },
    async () => {
      runner = await startJobRunner(t.database, {
        log: { info: (o) => void jobLines.push(o), error: (o) => void jobLines.push(o) },
        pollingIntervalSeconds: 0.5,
      });
      const seen: unknown[] = [];
      await runner.work('request-id-test', async (data, job) => {
        seen.push(data);
        await t.mailer.send({ to: 'from-job@demo.example', subject: 'job', text: 'job', html: 'job', requestId: job.requestId });
      });
      const jobId = await runner.send('request-id-test', { week: 3 }, { requestId: 'trace-job-7' });
      expect(jobLines).toContainEqual({ job: 'request-id-test', jobId, requestId: 'trace-job-7' });

      const deadline = Date.now() + 40_000;
      let row: typeof mailOutbox.$inferSelect | undefined;
      while (!row && Date.now() < deadline) {
        [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'from-job@demo.example'));
        if (!row) await new Promise((r) => setTimeout(r, 200));
      }
      expect(seen).toEqual([{ week: 3, requestId: 'trace-job-7' }]);
      expect(row?.requestId).toBe('trace-job-7');
    },
  );
});
