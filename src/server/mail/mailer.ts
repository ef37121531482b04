import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** The request (or the job of a request) that writes the mail: `req.id`. Its log lines and outbox row carry it (decisions 045 and 055). */
  requestId?: string;
  /** The site whose daily outside budget this mail uses, and how many of its recipients are outside (decision 064). */
  siteId?: number;
  outsideRecipients?: number;
  /** Extra headers, e.g. a digest's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Writes the mail to the outbox, then tries to deliver it; a failed try is retried later, never dropped.
   * With `guard`, the guard and the insert run in one transaction and a guard that throws writes nothing
   * (the per-site mail budget counts and queues as one step).
   */
  send(mail: OutgoingMail, guard?: (tx: Db) => Promise<void>): Promise<void>;
  /**
   * Writes the mail to the outbox through `tx` (a caller's transaction) without trying it: it leaves
   * with a delivery round `deliverSoonMs` later (by then the caller's transaction has committed), or,
   * should that miss it, the next minute's. For mail that must exist exactly when the caller's rows do.
   */
  enqueue(tx: Db, mail: OutgoingMail): Promise<void>;
  /** Delivers what is due; safe to run from several instances at once. Returns how many were sent. */
  deliverPending(): Promise<number>;
  /**
   * Resolves once every `send` started so far has finished (delivered, or kept for a retry). Routes send
   * some mails after answering; this is how shutdown and tests wait for them without guessing a delay.
   */
  settled(): Promise<void>;
}

interface MailerOptions {
  db: Db;
  smtpUrl?: string;
  from: string;
  /** Development only (MAIL_LOG_LINKS): print the links of mail kept in the outbox. Off, links (reset tokens) never reach a log. */
  logLinks?: boolean;
  now: () => Date;
  /**
   * After an enqueue, start a delivery round this long after (the server: `EARLY_DELIVERY_MS`), so a decision's
   * mail leaves in seconds rather than at the next minute's round. Unset: only the rounds the jobs start.
   */
  deliverSoonMs?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export const MAX_ATTEMPTS = 8;
export const STUCK_SENDING_MS = 10 * 60 * 1000;
/** How long after an enqueue its own delivery round starts: time for the caller's transaction to commit. */
export const EARLY_DELIVERY_MS = 1000;
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60 * 1000);

type OutboxRow = typeof mailOutbox.$inferSelect;

export function createMailer(opts: MailerOptions): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  async function attempt(row: OutboxRow): Promise<boolean> {
    if (!transport) return false;
    try {
      const attachments = (row.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      }));
      await transport.sendMail({
        from: opts.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments,
        headers: row.headers ?? undefined,
      });
      await opts.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: opts.now(), attempts: row.attempts + 1 })
        .where(eq(mailOutbox.id, row.id));
      opts.log.info({ mailId: row.id, requestId: row.requestId ?? undefined, attempts: row.attempts + 1 }, 'mail delivered');
      return true;
    } catch (err) {
      const attempts = row.attempts + 1;
      await opts.db
        .update(mailOutbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          attempts,
          lastError: String((err as Error).message ?? err).slice(0, 1000),
          nextAttemptAt: new Date(opts.now().getTime() + backoffMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      opts.log.warn(
        { mailId: row.id, requestId: row.requestId ?? undefined, attempts, err: (err as Error).message },
        'mail delivery failed; will retry',
      );
      return false;
    }
  }

  /** The outbox row of a mail: attachments kept as base64 so a later delivery can send them. */
  const outboxRow = ({ attachments, requestId, siteId, outsideRecipients, headers, ...mail }: OutgoingMail, status: string) => ({
    ...mail,
    siteId: siteId ?? null,
    outsideRecipients: outsideRecipients ?? 0,
    headers: headers ?? null,
    // The app's clock, as the per-site 24-hour budget reads it.
    createdAt: opts.now(),
    attachments:
      attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, contentBase64: a.content.toString('base64') })) ?? null,
    status,
    nextAttemptAt: opts.now(),
    requestId: requestId ?? null,
  });

  /** Recipient and subject only: the body may hold a reset token, and logs are read by more people than mail. */
  const logKept = (mailId: number, mail: OutgoingMail) => {
    const entry = { mailId, requestId: mail.requestId, to: mail.to, subject: mail.subject };
    // Asked for, the links must show at the default level (warn): at info they were silently left out.
    if (opts.logLinks) opts.log.warn({ ...entry, links: mail.text.match(/https?:\/\/\S+/g) ?? [] }, 'mail kept in outbox (no SMTP_URL)');
    else opts.log.info(entry, 'mail kept in outbox (no SMTP_URL)');
  };

  const mailer: Mailer = {
    async send(mail, guard) {
      const values = outboxRow(mail, transport ? 'sending' : 'logged');
      const [row] = guard
        ? await opts.db.transaction(async (tx) => {
            await guard(tx);
            return tx.insert(mailOutbox).values(values).returning();
          })
        : await opts.db.insert(mailOutbox).values(values).returning();
      if (!transport) return logKept(row.id, mail);
      await attempt(row);
    },

    async enqueue(tx, mail) {
      const [row] = await tx
        .insert(mailOutbox)
        .values(outboxRow(mail, transport ? 'pending' : 'logged'))
        .returning({ id: mailOutbox.id });
      if (!transport) logKept(row.id, mail);
      else if (opts.deliverSoonMs !== undefined) deliverSoon(opts.deliverSoonMs);
    },

    async deliverPending() {
      if (!transport) return 0;
      const now = opts.now();
      // A row left 'sending' by a process that died mid-send is taken up again, so no mail is dropped.
      const stuckBefore = new Date(now.getTime() - STUCK_SENDING_MS);
      const claimed = await opts.db.execute(sql`
        update mail_outbox set status = 'sending', next_attempt_at = ${now.toISOString()}
        where id in (
          select id from mail_outbox
          where (status = 'pending' and next_attempt_at <= ${now.toISOString()})
             or (status = 'sending' and next_attempt_at <= ${stuckBefore.toISOString()})
          order by id limit 20 for update skip locked)
        returning id`);
      // Both drivers answer { rows }.
      const ids = (claimed as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
      let sent = 0;
      for (const id of ids) {
        const [row] = await opts.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (row && (await attempt(row))) sent += 1;
      }
      return sent;
    },

    async settled() {
      // A send may start while others finish; loop until none is left.
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };

  const inFlight = new Set<Promise<void>>();
  // One round for every mail enqueued within the delay: a decision's mails to several approvers go together.
  let soon: NodeJS.Timeout | null = null;
  const deliverSoon = (delayMs: number) => {
    if (soon) return;
    soon = setTimeout(() => {
      soon = null;
      const p: Promise<void> = mailer
        .deliverPending()
        .then(
          () => undefined,
          (err: unknown) => opts.log.warn({ err }, 'early mail delivery failed; the minute job tries again'),
        )
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }, delayMs);
    soon.unref();
  };
  const sendOnce = mailer.send;
  mailer.send = (mail, guard) => {
    const p = sendOnce(mail, guard).finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  };
  return mailer;
}
