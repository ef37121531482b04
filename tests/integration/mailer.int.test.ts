import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { createMailer, MAX_ATTEMPTS } from '../../src/server/mail/mailer';
import { createClock, startTestApp, type TestApp } from './harness';
import { freePort as closedPort, startSmtp } from './smtp';

const MINUTE = 60_000;

const clock = createClock(new Date('2030-03-04T09:00:00Z'));
const warnings: string[] = [];
const log = { info: () => undefined, warn: (_obj: object, msg: string) => void warnings.push(msg) };
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
});
afterAll(() => t?.close());

const rowOf = async (subject: string) => {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
  return row;
};
/** Earlier tests' rows are due too and any mailer would deliver them: set them aside. */
const parkPending = () => t.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.status, 'pending'));
const mail = (subject: string) => ({ to: 'someone@example.test', subject, text: 'Plain body', html: '<p>HTML body</p>' });

describe('createMailer', () => {
  it('keeps a mail it could not deliver as pending, with the attempt and error recorded', async () => {
    const port = await closedPort();
    const mailer = createMailer({
      db: t.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Hoursight <no-reply@hoursight.test>',
      now: clock.now,
      log,
    });
    await mailer.send(mail('Refused once'));
    const row = await rowOf('Refused once');
    expect(row).toBeDefined();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.sentAt).toBeNull();
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + MINUTE);
    expect(warnings).toContain('mail delivery failed; will retry');
  });

  it('retries only when due, and delivers once the server is back', async () => {
    const port = await closedPort();
    const mailer = createMailer({
      db: t.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Hoursight <no-reply@hoursight.test>',
      now: clock.now,
      log,
    });
    await parkPending();
    await mailer.send(mail('Retried later'));
    expect(await rowOf('Retried later')).toMatchObject({ status: 'pending', attempts: 1 });

    // Not yet due: nothing is tried.
    expect(await mailer.deliverPending()).toBe(0);
    expect(await rowOf('Retried later')).toMatchObject({ status: 'pending', attempts: 1 });

    // Due, server still down: a second failure doubles the wait.
    clock.advance(MINUTE);
    expect(await mailer.deliverPending()).toBe(0);
    const second = await rowOf('Retried later');
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 2 * MINUTE);

    const smtp = await startSmtp(port);
    try {
      clock.advance(2 * MINUTE);
      expect(await mailer.deliverPending()).toBe(1);
      const sent = await rowOf('Retried later');
      expect(sent.status).toBe('sent');
      expect(sent.attempts).toBe(3);
      expect(sent.sentAt?.getTime()).toBe(clock.now().getTime());
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ to: 'someone@example.test', subject: 'Retried later', text: 'Plain body' });
      expect(smtp.received[0].html).toContain('<p>HTML body</p>');
      // Sent mail is not sent again.
      clock.advance(60 * MINUTE);
      await mailer.deliverPending();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('delivers enqueued mail in one round soon after, once the transaction that wrote it has committed', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({
        db: t.db,
        smtpUrl: smtp.url,
        from: 'Hoursight <no-reply@hoursight.test>',
        now: clock.now,
        deliverSoonMs: 50,
        log,
      });
      await parkPending();
      await t.db.transaction(async (tx) => {
        await mailer.enqueue(tx, mail('Soon one'));
        await mailer.enqueue(tx, mail('Soon two'));
      });
      // No job round was started: the mailer's own round sends both.
      await expect
        .poll(() => smtp.received.map((m) => m.subject).sort(), { timeout: 5000, interval: 20 })
        .toEqual(['Soon one', 'Soon two']);
      await mailer.settled();
      expect(await rowOf('Soon two')).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it('gives up after MAX_ATTEMPTS, marking the mail failed', async () => {
    const port = await closedPort();
    const mailer = createMailer({
      db: t.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Hoursight <no-reply@hoursight.test>',
      now: clock.now,
      log,
    });
    await parkPending();
    await mailer.send(mail('Hopeless'));
    for (let i = 2; i <= MAX_ATTEMPTS; i++) {
      clock.advance(7 * 60 * MINUTE); // past the longest backoff
      await mailer.deliverPending();
      expect((await rowOf('Hopeless')).attempts).toBe(i);
    }
    expect(await rowOf('Hopeless')).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    clock.advance(7 * 60 * MINUTE);
    await mailer.deliverPending();
    expect((await rowOf('Hopeless')).attempts).toBe(MAX_ATTEMPTS);
  });

  it('takes up a mail left "sending" by a process that died mid-send, once it has been stuck long enough', async () => {
    const port = await closedPort();
    const smtp = await startSmtp(port);
    try {
      const mailer = createMailer({
        db: t.db,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Hoursight <no-reply@hoursight.test>',
        now: clock.now,
        log,
      });
      await parkPending();
      await t.db.insert(mailOutbox).values({ ...mail('Orphaned'), status: 'sending', nextAttemptAt: clock.now() });
      clock.advance(5 * MINUTE);
      expect(await mailer.deliverPending()).toBe(0);
      expect((await rowOf('Orphaned')).status).toBe('sending');
      clock.advance(6 * MINUTE);
      expect(await mailer.deliverPending()).toBe(1);
      expect((await rowOf('Orphaned')).status).toBe('sent');
      expect(smtp.received.map((m) => m.subject)).toEqual(['Orphaned']);
    } finally {
      await smtp.close();
    }
  });

  it('without SMTP keeps the mail in the outbox as logged, never attempted', async () => {
    const mailer = createMailer({ db: t.db, from: 'Hoursight <no-reply@hoursight.test>', now: clock.now, log });
    await mailer.send(mail('Kept only'));
    expect(await rowOf('Kept only')).toMatchObject({ status: 'logged', attempts: 0, lastError: null });
    expect(await mailer.deliverPending()).toBe(0);
  });

  describe('the outbox log line without SMTP', () => {
    const resetMail = {
      to: 'owner@example.test',
      subject: 'Reset your Hoursight password',
      text: 'Reset here: http://localhost:3000/reset-password?token=secret-token-123 (expires in 1 hour)',
      html: '<p><a href="http://localhost:3000/reset-password?token=secret-token-123">Reset</a></p>',
    };
    const capture = () => {
      const lines: string[] = [];
      const warnings: string[] = [];
      return {
        lines,
        warnings,
        log: {
          info: (obj: object, msg: string) => void lines.push(`${msg} ${JSON.stringify(obj)}`),
          warn: (obj: object, msg: string) => void warnings.push(`${msg} ${JSON.stringify(obj)}`),
        },
      };
    };

    it('logs recipient and subject only, never the body or its token', async () => {
      const { lines, warnings, log: infoLog } = capture();
      const mailer = createMailer({ db: t.db, from: 'Hoursight <no-reply@hoursight.test>', now: clock.now, log: infoLog });
      await mailer.send(resetMail);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('owner@example.test');
      expect(lines[0]).toContain('Reset your Hoursight password');
      expect(lines[0]).not.toContain('secret-token-123');
      expect(lines[0]).not.toContain('Reset here');
      expect(warnings).toEqual([]);
    });

    it('prints the links when the development option asks for them, at the default level (warn)', async () => {
      const { lines, warnings, log: infoLog } = capture();
      const mailer = createMailer({ db: t.db, from: 'Hoursight <no-reply@hoursight.test>', logLinks: true, now: clock.now, log: infoLog });
      await mailer.send(resetMail);
      expect(lines).toHaveLength(0);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('"links":["http://localhost:3000/reset-password?token=secret-token-123"]');
      expect(warnings[0]).not.toContain('Reset here');
    });
  });
});

describe('settled', () => {
  it('waits for every send still in flight, and for none when idle', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({ db: t.db, smtpUrl: smtp.url, from: 'Hoursight <no-reply@hoursight.test>', now: clock.now, log });
      await mailer.settled();
      // Started and not awaited, as a route does after answering.
      void mailer.send(mail('In flight one'));
      void mailer.send(mail('In flight two'));
      expect(smtp.received).toHaveLength(0);
      await mailer.settled();
      expect(smtp.received.map((m) => m.subject).sort()).toEqual(['In flight one', 'In flight two']);
    } finally {
      await smtp.close();
    }
  });

  it('writes nothing when the guard of a send refuses, and delivers a mail’s extra headers from a retry', async () => {
    const mailer = createMailer({
      db: t.db,
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: 'Hoursight <no-reply@hoursight.test>',
      now: clock.now,
      log,
    });
    await expect(
      mailer.send(mail('Refused by its guard'), async () => {
        throw new Error('over the budget');
      }),
    ).rejects.toThrow('over the budget');
    expect(await rowOf('Refused by its guard')).toBeUndefined();

    const headers = { 'List-Unsubscribe': '<http://localhost:3000/off?token=1.x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await mailer.send({ ...mail('With headers'), siteId: undefined, outsideRecipients: 1, headers }, async () => undefined);
    expect(await rowOf('With headers')).toMatchObject({ status: 'pending', outsideRecipients: 1, headers, createdAt: clock.now() });
    await parkPending();
    await t.db.update(mailOutbox).set({ status: 'pending' }).where(eq(mailOutbox.subject, 'With headers'));
    const smtp = await startSmtp();
    try {
      clock.advance(2 * MINUTE);
      const later = createMailer({ db: t.db, smtpUrl: smtp.url, from: 'Hoursight <no-reply@hoursight.test>', now: clock.now, log });
      expect(await later.deliverPending()).toBe(1);
      expect(smtp.received[0].headers['list-unsubscribe']).toBe('<http://localhost:3000/off?token=1.x>');
      expect(smtp.received[0].headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    } finally {
      await smtp.close();
    }
  });
});
