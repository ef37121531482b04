import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { JOBS, scheduleBackgroundJobs } from '../../src/server/jobs/background';
import { startJobRunner, type JobRunner } from '../../src/server/jobs/runner';
import { createMailer } from '../../src/server/mail/mailer';
import { createClock, startTestApp, type TestApp } from './harness';
import { freePort, startSmtp } from './smtp';

/**
 * The job runner on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): two runners stand
 * for two app instances sharing one database.
 */

let t: TestApp;
const runners: JobRunner[] = [];
const errors: string[] = [];
const log = { info: () => undefined, error: (obj: object) => void errors.push(JSON.stringify(obj)) };
const start = async () => {
  const r = await startJobRunner(t.database, { log, cronIntervalSeconds: 1, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
  runners.push(r);
  return r;
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const r of runners) await r.stop(2000);
  await t?.close();
});

/**
 * Resolves when `check` answers true. It polls the database state the runners write; it never waits a
 * fixed time and then assumes something happened. (No pg_sleep: PGlite has one connection, a sleep there would stall the runners.)
 */
async function until(check: () => Promise<boolean>, what: string, limitMs = 40_000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const rowsOf = (res: unknown) => (res as { rows: Array<Record<string, unknown>> }).rows;

describe('job runner', () => {
  it('two instances racing for one scheduled occurrence run it once', { timeout: 60_000 }, async () => {
    const a = await start();
    const b = await start();
    const runs: string[] = [];
    // One occurrence only: a cron naming one second a few seconds from now (UTC).
    const at = new Date(Date.now() + 4000);
    const cron = `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * *`;
    await a.schedule('race-test', cron, 'UTC', async (_d, job) => void runs.push(`a:${job.id}`));
    await b.schedule('race-test', cron, 'UTC', async (_d, job) => void runs.push(`b:${job.id}`));

    await until(async () => runs.length > 0, 'the scheduled run');
    // Both instances keep claiming cron passes; wait until several passes after the occurrence went by.
    await until(async () => {
      const [row] = rowsOf(await t.db.execute(sql`select cron_on from pgboss.version`));
      return new Date(String(row.cron_on)).getTime() > at.getTime() + 4000;
    }, 'later cron passes');
    await until(async () => {
      const [row] = rowsOf(
        await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'race-test' and state <> 'completed'`),
      );
      return Number(row.n) === 0;
    }, 'no queued race jobs');

    expect(runs).toHaveLength(1);
    const [count] = rowsOf(await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'race-test'`));
    expect(Number(count.n)).toBe(1);
  });

  it('retries a failed job with backoff and logs the failure', { timeout: 60_000 }, async () => {
    const r = runners[0] ?? (await start());
    let attempts = 0;
    const done = new Promise<void>((resolve) => {
      void r.work<{ n: number }>('flaky-test', async (data) => {
        attempts += 1;
        if (attempts === 1) throw new Error(`first try fails (${data.n})`);
        resolve();
      });
    });
    await r.send('flaky-test', { n: 7 });
    await done;
    expect(attempts).toBe(2);
    expect(errors.filter((e) => e.includes('first try fails (7)'))).toHaveLength(1);
  });

  it('the mail-delivery job delivers what the first try left pending', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const clock = createClock();
    const quiet = { info: () => undefined, warn: () => undefined };
    const mailer = createMailer({
      db: t.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Hoursight <no-reply@hoursight.test>',
      now: clock.now,
      log: quiet,
    });
    // Nothing listens yet: the first try fails and the row waits a minute.
    await mailer.send({ to: 'later@example.test', subject: 'Via the job', text: 'Body', html: '<p>Body</p>' });
    const rowOf = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.subject} = 'Via the job'`)
      )[0];
    expect((await rowOf()).status).toBe('pending');

    const smtp = await startSmtp(port);
    try {
      const r = await start();
      await scheduleBackgroundJobs(r, {
        db: t.db,
        mailer,
        now: clock.now,
        appUrl: 'http://localhost:3000',
        log: { info: () => undefined, error: () => undefined },
      });
      clock.advance(2 * 60_000);
      await r.send(JOBS.mailDelivery);
      await until(async () => smtp.received.length > 0, 'the delivered mail');
      expect(smtp.received.map((m) => m.subject)).toEqual(['Via the job']);
      await until(async () => (await rowOf()).status === 'sent', 'the row marked sent');
    } finally {
      await smtp.close();
    }
  });
});
